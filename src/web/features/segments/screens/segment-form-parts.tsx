import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { CALENDAR_YEARS } from '../../../../shared/date-rules';
import {
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_NAME_MAX,
  SEGMENT_RELATIVE_AMOUNT_MAX,
  SEGMENT_VALUES_MAX,
  type SegmentRules,
} from '../../../../shared/segments';
import { Button } from '../../../ui/button';
import { DateInput } from '../../../ui/date-time-input';
import { type FieldErrorMessage, Textarea, type TextareaProps, TextInput, type TextInputProps } from '../../../ui/field';
import { FormSection, formLayout } from '../../../ui/form-layout';
import { TagsInput } from '../../../ui/tags-input';
import type { SegmentCountState } from '../api/segment-form';
import { rulesIssues, type SegmentInput, type ServerFieldErrors } from '../forms/segment-form-rules';
import { SegmentFormCount, type SegmentFormCountProps } from './segment-form-count';

export { FormSection, formLayout };

/** What the simple and the advanced form are given alike. */
export interface SegmentFormProps<Values> {
  /** The saved segment's fields when editing; the form's empty ones when creating. */
  defaultValues?: Values | undefined;
  count: SegmentCountState;
  /** The rules as they stand, once they break no rule (null while they do), for the live count. */
  onRulesChange: (rules: SegmentRules | null) => void;
  onSubmit: (input: SegmentInput) => void;
  onCancel: () => void;
  saving?: boolean;
  /** The server's field errors, by the path it named (`rules.blocks.0.conditions.1.to`). */
  serverErrors?: ServerFieldErrors;
  /** The store's product types, offered while typing types. */
  productTypes?: readonly string[];
}

export const NO_SERVER_ERRORS: ServerFieldErrors = {};

/** A bordered box inside a form section (a logic block, a condition). */
export const nestedBox = css.raw({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '2', sm: '3', md: '4' },
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  minW: '0',
});

/** What each of a segment form's numbers means to the field that shows an error about it. */
export const ERROR_VALUES = {
  name: { max: SEGMENT_NAME_MAX },
  description: { max: SEGMENT_DESCRIPTION_MAX },
  amount: { max: SEGMENT_RELATIVE_AMOUNT_MAX },
} as const;

/** A form's own error (a text key) wins; otherwise the server's words for that field, as it wrote them. */
export const shownError = (own: { message?: string | undefined } | undefined, server: string | undefined): FieldErrorMessage =>
  own?.message ? own : server;

type OmitField<P> = Omit<P, 'label' | 'error' | 'errorValues' | 'helperText'>;

/**
 * Tells `onRulesChange` the rules to count whenever they change what they mean: the rules once they
 * break no rule, null while they do (or hold no block), so nothing is counted the server would refuse.
 */
export function useCountedRules(rules: SegmentRules, onRulesChange: (rules: SegmentRules | null) => void) {
  const counted = rules.blocks.length > 0 && rulesIssues(rules).length === 0 ? rules : null;
  const key = JSON.stringify(counted);
  useEffect(() => {
    onRulesChange(JSON.parse(key) as SegmentRules | null);
  }, [key, onRulesChange]);
}

/** Name and description: the general information of either form. */
export function GeneralInformationSection({
  nameInput,
  descriptionInput,
  nameError,
  descriptionError,
  disabled,
}: {
  nameInput: OmitField<TextInputProps>;
  descriptionInput: OmitField<TextareaProps>;
  nameError: FieldErrorMessage;
  descriptionError: FieldErrorMessage;
  disabled: boolean;
}) {
  const { t } = useTranslation('createSegment');
  return (
    <FormSection title={t('general.title')}>
      <TextInput
        label={t('general.name')}
        placeholder={t('general.namePlaceholder')}
        autoComplete="off"
        // Not `required`: the browser would mark the empty field invalid before the merchant typed anything.
        aria-required="true"
        disabled={disabled}
        error={nameError}
        errorValues={ERROR_VALUES.name}
        {...nameInput}
      />
      <Textarea
        label={t('general.description')}
        helperText={t('general.descriptionHelp', { max: SEGMENT_DESCRIPTION_MAX })}
        rows={3}
        disabled={disabled}
        error={descriptionError}
        errorValues={ERROR_VALUES.description}
        {...descriptionInput}
      />
    </FormSection>
  );
}

const suggestionList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' });
const suggestionsBox = css({ display: 'flex', flexDirection: 'column', gap: '2' });

export interface SegmentTagsFieldProps {
  label: string;
  helperText?: string;
  value: string[];
  onValueChange: (value: string[]) => void;
  error: FieldErrorMessage;
  disabled: boolean;
  /** Values to offer as one-click additions (the store's product types). */
  suggestions?: readonly string[];
}

const SUGGESTIONS_SHOWN = 8;

/** Free values typed one by one; with suggestions, those not chosen yet as buttons that add them. */
export function SegmentTagsField({ label, helperText, value, onValueChange, error, disabled, suggestions = [] }: SegmentTagsFieldProps) {
  const { t } = useTranslation('createSegment');
  const suggestionsId = useId();
  const chosen = new Set(value.map((item) => item.trim().toLowerCase()));
  const offered = suggestions.filter((suggestion) => !chosen.has(suggestion.trim().toLowerCase())).slice(0, SUGGESTIONS_SHOWN);
  return (
    <div className={suggestionsBox}>
      <TagsInput
        label={label}
        helperText={helperText}
        placeholder={t('tags.placeholder')}
        max={SEGMENT_VALUES_MAX}
        value={value}
        onValueChange={onValueChange}
        error={error}
        disabled={disabled}
      />
      {offered.length > 0 && value.length < SEGMENT_VALUES_MAX ? (
        <div className={suggestionsBox}>
          <p id={suggestionsId} className={formLayout.note}>
            {t('tags.suggestions')}
          </p>
          <ul className={suggestionList} aria-labelledby={suggestionsId}>
            {offered.map((suggestion) => (
              <li key={suggestion}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={disabled}
                  aria-label={t('tags.add', { value: suggestion })}
                  onClick={() => onValueChange([...value, suggestion])}
                >
                  {`+ ${suggestion}`}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error: FieldErrorMessage;
  disabled: boolean;
}

/** A day of a purchase period, typed dd-mm-aaaa as everywhere in the app; the form keeps `YYYY-MM-DD`. */
export function DateField({ label, value, onChange, onBlur, name, error, disabled }: DateFieldProps) {
  return (
    <DateInput
      label={label}
      name={name}
      value={value}
      onValueChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      required
      error={error}
      errorValues={CALENDAR_YEARS}
    />
  );
}

export interface SegmentFormFooterProps {
  /** Left out where there is no logic yet to count (the advanced form's first step). */
  count?: SegmentFormCountProps['count'] | undefined;
  saving: boolean;
  onCancel: () => void;
  /** The main button: save, or go on to the next step. */
  primary?: ReactNode;
  /** A button before the main one (back to the previous step). */
  secondary?: ReactNode;
}

/** The live count beside the form's buttons, at the end of the form. */
export function SegmentFormFooter({ count, saving, onCancel, primary, secondary }: SegmentFormFooterProps) {
  const { t } = useTranslation('createSegment');
  return (
    <div className={formLayout.footer}>
      {count ? <SegmentFormCount count={count} /> : null}
      <div className={formLayout.buttons}>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        {secondary}
        {primary ?? (
          <Button type="submit" loading={saving}>
            {saving ? t('actions.saving') : t('actions.save')}
          </Button>
        )}
      </div>
    </div>
  );
}
