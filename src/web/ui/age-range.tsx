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
  /** The lowest and highest ages allowed at all (the ad platform's limits). */
  lowest: number;
  highest: number;
  disabled?: boolean;
  /** One message for the pair (for example, the minimum above the maximum); already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
}

/** A minimum and a maximum age side by side, each bounded by the other. */
export function AgeRange({
  id,
  legend,
  minLabel,
  maxLabel,
  value,
  defaultValue,
  onValueChange,
  lowest,
  highest,
  disabled,
  error,
  helperText,
}: AgeRangeProps) {
  const { t } = useTranslation('common');
  const current = value ?? defaultValue ?? { min: '', max: '' };
  const minValue = Number.parseInt(current.min, 10);
  const maxValue = Number.parseInt(current.max, 10);
  return (
    <FieldsetRoot legend={legend} error={error} helperText={helperText} disabled={disabled}>
      <FieldsetParts.Row>
        <NumberInput
          id={`${id}-min`}
          label={minLabel}
          value={value?.min}
          defaultValue={defaultValue?.min}
          min={lowest}
          max={Number.isNaN(maxValue) ? highest : maxValue}
          disabled={disabled}
          onValueChange={(details) => onValueChange?.({ ...current, min: details.value })}
        />
        <FieldsetParts.Separator aria-hidden="true">{t('ui.range.separator')}</FieldsetParts.Separator>
        <NumberInput
          id={`${id}-max`}
          label={maxLabel}
          value={value?.max}
          defaultValue={defaultValue?.max}
          min={Number.isNaN(minValue) ? lowest : minValue}
          max={highest}
          disabled={disabled}
          onValueChange={(details) => onValueChange?.({ ...current, max: details.value })}
        />
      </FieldsetParts.Row>
    </FieldsetRoot>
  );
}
