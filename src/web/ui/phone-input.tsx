import type { ReactNode } from 'react';
import { FieldsetRoot } from './fieldset';
import * as FieldParts from './parts/field';
import * as FieldsetParts from './parts/fieldset';
import { Select, type SelectOption } from './select';

export interface PhoneValue {
  /** Calling code without the plus sign, such as '56'. */
  countryCode: string;
  number: string;
}

export interface PhoneInputProps {
  id: string;
  /** Already translated, like the two labels and the country names in `countries`. */
  legend: ReactNode;
  countryCodeLabel: ReactNode;
  numberLabel: ReactNode;
  countries: readonly SelectOption[];
  value?: PhoneValue;
  defaultValue?: PhoneValue;
  onValueChange?: (value: PhoneValue) => void;
  placeholder?: string;
  disabled?: boolean;
  /** One message for the pair; already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
}

/** A calling code and a phone number, kept apart as the messaging app wants them. */
export function PhoneInput({
  id,
  legend,
  countryCodeLabel,
  numberLabel,
  countries,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  disabled,
  error,
  helperText,
}: PhoneInputProps) {
  const current = value ?? defaultValue ?? { countryCode: '', number: '' };
  return (
    <FieldsetRoot legend={legend} error={error} helperText={helperText} disabled={disabled}>
      <FieldsetParts.Row>
        <FieldsetParts.CountryCode>
          <Select
            id={`${id}-country`}
            label={countryCodeLabel}
            options={countries}
            value={value?.countryCode}
            defaultValue={defaultValue?.countryCode}
            disabled={disabled}
            onValueChange={(countryCode) => onValueChange?.({ ...current, countryCode: countryCode ?? '' })}
          />
        </FieldsetParts.CountryCode>
        <FieldParts.Root ids={{ control: `${id}-number` }} disabled={disabled} invalid={Boolean(error)}>
          <FieldParts.Label>{numberLabel}</FieldParts.Label>
          <FieldParts.Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={placeholder}
            value={value?.number}
            defaultValue={defaultValue?.number}
            onChange={(event) => onValueChange?.({ ...current, number: event.target.value })}
          />
        </FieldParts.Root>
      </FieldsetParts.Row>
    </FieldsetRoot>
  );
}
