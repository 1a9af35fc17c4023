import { Field as ArkField } from '@ark-ui/react/field';
import type { ReactNode } from 'react';
import { field, fieldset } from 'styled-system/recipes';
import { FieldsetRoot } from './fieldset';
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
  const classes = fieldset();
  const fieldClasses = field();
  const current = value ?? defaultValue ?? { countryCode: '', number: '' };
  return (
    <FieldsetRoot legend={legend} error={error} helperText={helperText} disabled={disabled}>
      <div className={classes.row}>
        <div className={classes.countryCode}>
          <Select
            id={`${id}-country`}
            label={countryCodeLabel}
            options={countries}
            value={value?.countryCode}
            defaultValue={defaultValue?.countryCode}
            disabled={disabled}
            onValueChange={(countryCode) => onValueChange?.({ ...current, countryCode: countryCode ?? '' })}
          />
        </div>
        <ArkField.Root className={fieldClasses.root} ids={{ control: `${id}-number` }} disabled={disabled} invalid={Boolean(error)}>
          <ArkField.Label className={fieldClasses.label}>{numberLabel}</ArkField.Label>
          <ArkField.Input
            className={fieldClasses.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={placeholder}
            value={value?.number}
            defaultValue={defaultValue?.number}
            onChange={(event) => onValueChange?.({ ...current, number: event.target.value })}
          />
        </ArkField.Root>
      </div>
    </FieldsetRoot>
  );
}
