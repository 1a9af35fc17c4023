import { useId } from 'react';
import { FieldMessages, type ToggleFieldProps, useFieldErrorText } from './field';
import { Icon } from './icons';
import * as CheckboxParts from './parts/checkbox';
import * as FieldParts from './parts/field';

export interface CheckboxProps extends ToggleFieldProps {
  required?: boolean;
}

export function Checkbox({
  id,
  name,
  label,
  checked,
  defaultChecked,
  onCheckedChange,
  disabled,
  required,
  error,
  errorValues,
  helperText,
}: CheckboxProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const errorText = useFieldErrorText(error, errorValues);
  return (
    <FieldParts.Root invalid={Boolean(errorText)} disabled={disabled} required={required}>
      <CheckboxParts.Root
        id={id ?? autoId}
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(details) => onCheckedChange?.(details.checked === true)}
      >
        <CheckboxParts.Control>
          <CheckboxParts.Indicator>
            <Icon name="check" />
          </CheckboxParts.Indicator>
        </CheckboxParts.Control>
        <CheckboxParts.Label>{label}</CheckboxParts.Label>
        <CheckboxParts.HiddenInput />
      </CheckboxParts.Root>
      <FieldMessages error={errorText} helperText={helperText} />
    </FieldParts.Root>
  );
}
