import { useId } from 'react';
import { FieldMessages, type ToggleFieldProps, useFieldErrorText } from './field';
import * as FieldParts from './parts/field';
import * as SwitchParts from './parts/switch';

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
  return (
    <FieldParts.Root invalid={Boolean(errorText)} disabled={disabled || loading}>
      <SwitchParts.Root
        id={id ?? autoId}
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={(details) => onCheckedChange?.(details.checked)}
        aria-busy={loading || undefined}
      >
        <SwitchParts.Control>
          <SwitchParts.Thumb />
        </SwitchParts.Control>
        <SwitchParts.Label>{label}</SwitchParts.Label>
        <SwitchParts.HiddenInput />
      </SwitchParts.Root>
      <FieldMessages error={errorText} helperText={helperText} />
    </FieldParts.Root>
  );
}
