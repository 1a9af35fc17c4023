import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { IconButton } from '../../../ui/button';
import type { FieldErrorMessage } from '../../../ui/field';
import { Icon } from '../../../ui/icons';
import { NumberInput } from '../../../ui/number-input';
import { Select } from '../../../ui/select';
import {
  type AdvancedSegmentValues,
  CONDITION_FIELDS,
  type ConditionDraft,
  type ConditionField,
  FIELD_KINDS,
  PERIOD_KINDS,
  PERIOD_UNITS,
  type PeriodDraft,
  PURCHASE_TYPE_VALUES,
  withField,
} from '../forms/advanced-segment-form';
import type { SegmentInput } from '../forms/segment-form-rules';
import { DateField, ERROR_VALUES, formLayout, nestedBox, SegmentTagsField } from './segment-form-parts';

/** The error to show at a form path (`blocks.0.conditions.1.to`): the form's own, else the server's. */
export type ConditionErrorAt = (path: string) => FieldErrorMessage;

/** What every part of the logic step is given alike. */
export interface LogicPartProps {
  errorAt: ConditionErrorAt;
  disabled: boolean;
  productTypes: readonly string[];
}

export interface AdvancedSegmentFormConditionProps extends LogicPartProps {
  control: Control<AdvancedSegmentValues, unknown, SegmentInput>;
  path: `blocks.${number}.conditions.${number}`;
  /** "Condición 2", already translated, like the remove button's name. */
  title: string;
  removeLabel: string;
  /** Absent when the condition is its block's only one. */
  onRemove?: (() => void) | undefined;
}

const card = css(nestedBox, { bg: 'bg.surface' });
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', minH: '10' });
const title = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' });
const fixedValue = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const fixedLabel = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' });
const fixedText = css({ fontSize: 'md', color: 'fg.default' });

/** One condition: a field, how it compares (has / not has, is / is not, from / to), its value and, where it applies, a period. */
export function AdvancedSegmentFormCondition({
  control,
  path,
  title: conditionTitle,
  removeLabel,
  onRemove,
  errorAt,
  disabled,
  productTypes,
}: AdvancedSegmentFormConditionProps) {
  const titleId = useId();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <div role="group" className={card} aria-labelledby={titleId}>
          <div className={header}>
            <h4 id={titleId} className={title}>
              {conditionTitle}
            </h4>
            {onRemove ? (
              <IconButton aria-label={removeLabel} onClick={onRemove} disabled={disabled}>
                <Icon name="close" />
              </IconButton>
            ) : null}
          </div>
          <ConditionFields
            draft={field.value}
            onChange={field.onChange}
            path={path}
            errorAt={errorAt}
            disabled={disabled}
            productTypes={productTypes}
          />
        </div>
      )}
    />
  );
}

interface ConditionFieldsProps extends LogicPartProps {
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  path: string;
}

function ConditionFields({ draft, onChange, path, errorAt, disabled, productTypes }: ConditionFieldsProps) {
  const { t } = useTranslation('createSegment');
  const kind = FIELD_KINDS[draft.field];
  const change = (part: Partial<ConditionDraft>) => onChange({ ...draft, ...part });
  return (
    <>
      <div className={formLayout.pair}>
        <Select
          label={t('advanced.field')}
          name={`${path}.field`}
          value={draft.field}
          onValueChange={(value) => value && onChange(withField(draft, value as ConditionField))}
          options={CONDITION_FIELDS.map((value) => ({ value, label: t(`advanced.fields.${value}`) }))}
          disabled={disabled}
          error={errorAt(`${path}.field`)}
        />
        {kind.operators.length > 1 ? (
          <Select
            // The options follow the field: a new field, a new list.
            key={draft.field}
            label={t('advanced.operator')}
            name={`${path}.operator`}
            value={draft.operator}
            onValueChange={(value) => value && change({ operator: value as ConditionDraft['operator'] })}
            options={kind.operators.map((value) => ({ value, label: t(`advanced.operators.${value}`) }))}
            disabled={disabled}
          />
        ) : null}
      </div>

      {kind.value === 'tags' ? (
        <SegmentTagsField
          label={t('advanced.values')}
          value={draft.values}
          onValueChange={(values) => change({ values })}
          error={errorAt(`${path}.values`)}
          disabled={disabled}
          suggestions={draft.field === 'productTypes' ? productTypes : []}
        />
      ) : null}
      {kind.value === 'purchaseType' ? (
        <Select
          label={t('advanced.purchaseType')}
          name={`${path}.purchaseType`}
          value={draft.purchaseType}
          onValueChange={(value) => value && change({ purchaseType: value as ConditionDraft['purchaseType'] })}
          options={PURCHASE_TYPE_VALUES.map((value) => ({ value, label: t(`advanced.purchaseTypes.${value}`) }))}
          disabled={disabled}
          error={errorAt(`${path}.purchaseType`)}
        />
      ) : null}
      {kind.value === 'range' ? (
        <div className={formLayout.pair}>
          {(['from', 'to'] as const).map((end) => (
            <NumberInput
              key={end}
              label={t(`advanced.${end}`)}
              name={`${path}.${end}`}
              value={draft[end] === null ? '' : String(draft[end])}
              onValueChange={({ valueAsNumber }) => change({ [end]: Number.isFinite(valueAsNumber) ? valueAsNumber : null })}
              step={draft.field === 'totalSpent' ? 1000 : 1}
              disabled={disabled}
              error={errorAt(`${path}.${end}`)}
            />
          ))}
        </div>
      ) : null}
      {kind.value === 'aboveAverage' ? (
        <div className={fixedValue}>
          <span className={fixedLabel}>{t('advanced.values')}</span>
          <span className={fixedText}>{t('advanced.aboveAverage')}</span>
        </div>
      ) : null}

      {kind.period === 'none' ? null : (
        <PeriodFields
          period={draft.period}
          onChange={(period) => change({ period })}
          path={`${path}.period`}
          errorAt={errorAt}
          disabled={disabled}
        />
      )}
    </>
  );
}

interface PeriodFieldsProps extends Omit<LogicPartProps, 'productTypes'> {
  period: PeriodDraft;
  onChange: (period: PeriodDraft) => void;
  path: string;
}

/** When purchases count: at any time, between two days, or in the last N days, weeks, months or years. */
function PeriodFields({ period, onChange, path, errorAt, disabled }: PeriodFieldsProps) {
  const { t } = useTranslation('createSegment');
  const change = (part: Partial<PeriodDraft>) => onChange({ ...period, ...part });
  return (
    <>
      <Select
        label={t('advanced.period.label')}
        name={`${path}.kind`}
        value={period.kind}
        onValueChange={(value) => value && change({ kind: value as PeriodDraft['kind'] })}
        options={PERIOD_KINDS.map((value) => ({ value, label: t(`advanced.period.${value}`) }))}
        disabled={disabled}
        error={errorAt(`${path}.kind`)}
      />
      {period.kind === 'between' ? (
        <div className={formLayout.pair}>
          {(['from', 'to'] as const).map((end) => (
            <DateField
              key={end}
              label={t(`advanced.${end}`)}
              name={`${path}.${end}`}
              value={period[end]}
              onChange={(value) => change({ [end]: value })}
              disabled={disabled}
              error={errorAt(`${path}.${end}`)}
            />
          ))}
        </div>
      ) : null}
      {period.kind === 'last' ? (
        <div className={formLayout.pair}>
          <NumberInput
            label={t('advanced.period.amount')}
            name={`${path}.amount`}
            value={period.amount === null ? '' : String(period.amount)}
            onValueChange={({ valueAsNumber }) => change({ amount: Number.isFinite(valueAsNumber) ? valueAsNumber : null })}
            step={1}
            disabled={disabled}
            error={errorAt(`${path}.amount`)}
            errorValues={ERROR_VALUES.amount}
          />
          <Select
            label={t('advanced.period.unit')}
            name={`${path}.unit`}
            value={period.unit}
            onValueChange={(value) => value && change({ unit: value as PeriodDraft['unit'] })}
            options={PERIOD_UNITS.map((value) => ({ value, label: t(`advanced.period.units.${value}`) }))}
            disabled={disabled}
          />
        </div>
      ) : null}
    </>
  );
}
