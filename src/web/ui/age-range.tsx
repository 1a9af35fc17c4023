import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldsetRoot } from './fieldset';
import { NumberInput } from './number-input';
import * as FieldsetParts from './parts/fieldset';

export interface AgeRangeValue {
  /** Text as typed; '' when empty. */
  min: string;
  max: string;
}

export interface AgeRangeProps {
  id: string;
  /** Already translated, like the two labels. */
  legend: ReactNode;
  minLabel: ReactNode;
  maxLabel: ReactNode;
  value?: AgeRangeValue;
  defaultValue?: AgeRangeValue;
  onValueChange?: (value: AgeRangeValue) => void;
  /**
   * The lowest age allowed at all (the ad platform's limit), where the arrows stop. Above the highest
   * the pair's rules say why (`error`): the field does not say it a second time.
   */
  lowest: number;
  disabled?: boolean;
  /** One message for the pair (for example, the minimum above the maximum); already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
}

/** A minimum and a maximum age side by side; ages out of range or out of order stay as typed, for the rules to name. */
export function AgeRange({
  id,
  legend,
  minLabel,
  maxLabel,
  value,
  defaultValue,
  onValueChange,
  lowest,
  disabled,
  error,
  helperText,
}: AgeRangeProps) {
  const { t } = useTranslation('common');
  const current = value ?? defaultValue ?? { min: '', max: '' };
  return (
    <FieldsetRoot legend={legend} error={error} helperText={helperText} disabled={disabled}>
      <FieldsetParts.Row>
        <NumberInput
          id={`${id}-min`}
          label={minLabel}
          value={value?.min}
          defaultValue={defaultValue?.min}
          min={lowest}
          disabled={disabled}
          onValueChange={(details) => onValueChange?.({ ...current, min: details.value })}
        />
        <FieldsetParts.Separator aria-hidden="true">{t('ui.range.separator')}</FieldsetParts.Separator>
        <NumberInput
          id={`${id}-max`}
          label={maxLabel}
          value={value?.max}
          defaultValue={defaultValue?.max}
          min={lowest}
          disabled={disabled}
          onValueChange={(details) => onValueChange?.({ ...current, max: details.value })}
        />
      </FieldsetParts.Row>
    </FieldsetRoot>
  );
}
