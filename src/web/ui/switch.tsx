import { Field as ArkField } from '@ark-ui/react/field';
import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import { useId } from 'react';
import { field, switchControl } from 'styled-system/recipes';
import { FieldMessages, type ToggleFieldProps, useFieldErrorText } from './field';

export interface SwitchProps extends ToggleFieldProps {
  /** While the change is saved: the switch is busy and ignores clicks. */
  loading?: boolean;
}

/** An on/off setting that applies at once, such as a segment's sync with the email-marketing service. */
export function Switch({
  id,
  name,
  label,
  checked,
  defaultChecked,
  onCheckedChange,
  disabled,
  error,
  errorValues,
  helperText,
  loading = false,
}: SwitchProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const errorText = useFieldErrorText(error, errorValues);
  const classes = switchControl();
  return (
    <ArkField.Root className={field().root} invalid={Boolean(errorText)} disabled={disabled || loading}>
      <ArkSwitch.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(details) => onCheckedChange?.(details.checked)}
        aria-busy={loading || undefined}
      >
        <ArkSwitch.Control className={classes.control}>
          <ArkSwitch.Thumb className={classes.thumb} />
        </ArkSwitch.Control>
        <ArkSwitch.Label className={classes.label}>{label}</ArkSwitch.Label>
        <ArkSwitch.HiddenInput />
      </ArkSwitch.Root>
      <FieldMessages error={errorText} helperText={helperText} />
    </ArkField.Root>
  );
}
