import { useId, useMemo } from 'react';
import { type Control, Controller, type FieldError, type FieldErrors, get, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { useZodForm } from '../../../lib/forms';
import { useWizard } from '../../../lib/use-wizard';
import { Button, IconButton } from '../../../ui/button';
import { useFieldErrorText } from '../../../ui/field';
import { Icon } from '../../../ui/icons';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Steps } from '../../../ui/steps';
import {
  ADVANCED_SEGMENT_STEPS,
  type AdvancedSegmentValues,
  advancedPathOfServerPath,
  advancedSegmentFormSchema,
  advancedSegmentRules,
  EMPTY_ADVANCED_SEGMENT,
  type Join,
  newBlock,
  newCondition,
} from '../forms/advanced-segment-form';
import type { SegmentInput } from '../forms/segment-form-rules';
import { AdvancedSegmentFormCondition, type ConditionErrorAt, type LogicPartProps } from './advanced-segment-form-condition';
import {
  FormSection,
  formLayout,
  GeneralInformationSection,
  NO_SERVER_ERRORS,
  nestedBox,
  SegmentFormFooter,
  type SegmentFormProps,
  shownError,
  useCountedRules,
} from './segment-form-parts';

export interface AdvancedSegmentFormProps extends SegmentFormProps<AdvancedSegmentValues> {
  /** The step shown first: 0 general information, 1 logic. */
  defaultStep?: 0 | 1;
}

type FormControl = Control<AdvancedSegmentValues, unknown, SegmentInput>;

const blocksList = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const block = css(nestedBox, { bg: 'bg.canvas' });
const blockHeader = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' });
const conditionsList = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const separator = css({
  alignSelf: 'center',
  px: '3',
  py: '0.5',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
  fontSize: 'sm',
  fontWeight: 'semibold',
});
const listItem = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const addRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });

/** The advanced form (SPEC §2): general information, then logic blocks joined by "and" or "or". */
export function AdvancedSegmentForm({
  defaultValues = EMPTY_ADVANCED_SEGMENT,
  defaultStep = 0,
  count,
  onRulesChange,
  onSubmit,
  onCancel,
  saving = false,
  serverErrors = NO_SERVER_ERRORS,
  productTypes = [],
}: AdvancedSegmentFormProps) {
  const { t } = useTranslation('createSegment');
  const stepsId = useId();
  const form = useZodForm(advancedSegmentFormSchema, { textGroup: 'createSegment', defaultValues });
  const { register, control, handleSubmit, formState } = form;
  const errors: FieldErrors<AdvancedSegmentValues> = formState.errors;
  const join = useWatch({ control, name: 'join' });
  const blocks = useWatch({ control, name: 'blocks' });
  useCountedRules(advancedSegmentRules({ join, blocks: blocks ?? [] }), onRulesChange);

  // The server's words at the form path each belongs to; a refused name takes the merchant back to it.
  const placed = useMemo(() => {
    const atPaths: Partial<Record<string, string>> = {};
    for (const [serverPath, message] of Object.entries(serverErrors)) {
      const path = advancedPathOfServerPath(serverPath) ?? '';
      atPaths[path] ??= message;
    }
    return atPaths;
  }, [serverErrors]);
  const wizard = useWizard({ steps: ADVANCED_SEGMENT_STEPS, form, defaultStep, serverErrors: placed });
  const { step } = wizard;
  const errorAt: ConditionErrorAt = (path) => shownError(get(errors, path) as FieldError | undefined, placed[path]);
  const elsewhere = placed[''];

  return (
    <form className={formLayout.form} noValidate onSubmit={handleSubmit((input) => onSubmit(input), wizard.onInvalid)}>
      <Steps
        id={stepsId}
        step={step}
        onStepChange={wizard.goTo}
        items={ADVANCED_SEGMENT_STEPS.map(({ id }) => ({ value: id, title: t(`advanced.steps.${id}`) }))}
      />
      {step === 0 ? (
        <GeneralInformationSection
          nameInput={register('name')}
          descriptionInput={register('description')}
          nameError={errorAt('name')}
          descriptionError={errorAt('description')}
          disabled={saving}
        />
      ) : (
        <FormSection title={t('advanced.logicTitle')} description={t('advanced.logicDescription')} titleRef={wizard.titleRef}>
          <Blocks control={control} errorAt={errorAt} disabled={saving} productTypes={productTypes} />
        </FormSection>
      )}
      {elsewhere ? (
        <p role="alert" className={formLayout.alert}>
          {elsewhere}
        </p>
      ) : null}
      {/* Keyed per step: "Siguiente" moves to the logic step before the browser ends its click, so a
          footer reused across steps would turn that very button into "Guardar segmento" and submit. */}
      {step === 0 ? (
        <SegmentFormFooter
          key="general"
          saving={saving}
          onCancel={onCancel}
          primary={
            <Button onClick={() => void wizard.next()} disabled={saving}>
              {t('actions.next')}
            </Button>
          }
        />
      ) : (
        <SegmentFormFooter
          key="logic"
          count={count}
          saving={saving}
          onCancel={onCancel}
          secondary={
            <Button variant="outline" onClick={wizard.back} disabled={saving}>
              {t('actions.previous')}
            </Button>
          }
        />
      )}
    </form>
  );
}

interface BlocksProps extends LogicPartProps {
  control: FormControl;
}

function JoinControl({
  label,
  value,
  onChange,
  kind,
}: {
  label: string;
  value: Join;
  onChange: (join: Join) => void;
  kind: 'joins' | 'blockJoins';
}) {
  const { t } = useTranslation('createSegment');
  return (
    <SegmentedControl<Join>
      label={label}
      value={value}
      onValueChange={onChange}
      options={[
        { value: 'and', label: t(`advanced.${kind}.and`) },
        { value: 'or', label: t(`advanced.${kind}.or`) },
      ]}
    />
  );
}

function Blocks({ control, ...logic }: BlocksProps) {
  const { t } = useTranslation('createSegment');
  const { fields, append, remove } = useFieldArray({ control, name: 'blocks' });
  const join = useWatch({ control, name: 'join' });
  const noBlocks = useFieldErrorText(logic.errorAt('blocks') ?? logic.errorAt('blocks.root'));
  return (
    <>
      {fields.length > 1 ? (
        <Controller
          control={control}
          name="join"
          render={({ field }) => <JoinControl label={t('advanced.rootJoin')} value={field.value} onChange={field.onChange} kind="joins" />}
        />
      ) : null}
      {fields.length === 0 ? <p className={formLayout.note}>{t('advanced.noBlocks')}</p> : null}
      <ol className={blocksList}>
        {fields.map((item, index) => (
          <li key={item.id} className={listItem}>
            {index > 0 ? <p className={separator}>{t(`advanced.separator.${join}`)}</p> : null}
            <Block control={control} index={index} onRemove={() => remove(index)} {...logic} />
          </li>
        ))}
      </ol>
      {noBlocks ? (
        <p role="alert" className={formLayout.alert}>
          {noBlocks}
        </p>
      ) : null}
      <div className={addRow}>
        <Button variant="outline" onClick={() => append(newBlock())} disabled={logic.disabled}>
          {t('advanced.addBlock')}
        </Button>
      </div>
    </>
  );
}

interface BlockProps extends BlocksProps {
  index: number;
  onRemove: () => void;
}

function Block({ control, index, onRemove, ...logic }: BlockProps) {
  const { errorAt, disabled } = logic;
  const { t } = useTranslation('createSegment');
  const titleId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: `blocks.${index}.conditions` });
  const join = useWatch({ control, name: `blocks.${index}.join` });
  const noConditions = useFieldErrorText(errorAt(`blocks.${index}.conditions`) ?? errorAt(`blocks.${index}.conditions.root`));
  return (
    <section className={block} aria-labelledby={titleId}>
      <div className={blockHeader}>
        <h3 id={titleId} className={formLayout.groupTitle}>
          {t('advanced.block', { number: index + 1 })}
        </h3>
        <IconButton aria-label={t('advanced.removeBlock', { number: index + 1 })} onClick={onRemove} disabled={disabled}>
          <Icon name="close" />
        </IconButton>
      </div>
      {fields.length > 1 ? (
        <Controller
          control={control}
          name={`blocks.${index}.join`}
          render={({ field }) => (
            <JoinControl label={t('advanced.blockJoin')} value={field.value} onChange={field.onChange} kind="blockJoins" />
          )}
        />
      ) : null}
      <ol className={conditionsList}>
        {fields.map((item, position) => (
          <li key={item.id} className={listItem}>
            {position > 0 ? <p className={separator}>{t(`advanced.separator.${join}`)}</p> : null}
            <AdvancedSegmentFormCondition
              control={control}
              path={`blocks.${index}.conditions.${position}`}
              title={t('advanced.condition', { number: position + 1 })}
              removeLabel={t('advanced.removeCondition', { number: position + 1, block: index + 1 })}
              // A block keeps at least one condition; an empty block goes with its own button.
              onRemove={fields.length > 1 ? () => remove(position) : undefined}
              {...logic}
            />
          </li>
        ))}
      </ol>
      {noConditions ? (
        <p role="alert" className={formLayout.alert}>
          {noConditions}
        </p>
      ) : null}
      <div className={addRow}>
        <Button variant="ghost" size="sm" onClick={() => append(newCondition())} disabled={disabled}>
          {t('advanced.addCondition')}
        </Button>
      </div>
    </section>
  );
}
