import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Field as ArkField } from '@ark-ui/react/field';
import { useId } from 'react';
import { checkbox, field } from 'styled-system/recipes';
import { FieldMessages, type ToggleFieldProps, useFieldErrorText } from './field';
import { Icon } from './icons';

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
  const classes = checkbox();
  return (
    <ArkField.Root className={field().root} invalid={Boolean(errorText)} disabled={disabled} required={required}>
      <ArkCheckbox.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(details) => onCheckedChange?.(details.checked === true)}
      >
        <ArkCheckbox.Control className={classes.control}>
          <ArkCheckbox.Indicator className={classes.indicator}>
            <Icon name="check" />
          </ArkCheckbox.Indicator>
        </ArkCheckbox.Control>
        <ArkCheckbox.Label className={classes.label}>{label}</ArkCheckbox.Label>
        <ArkCheckbox.HiddenInput />
      </ArkCheckbox.Root>
      <FieldMessages error={errorText} helperText={helperText} />
    </ArkField.Root>
  );
}
