import { type ReactNode, useId } from 'react';
import type { RadioGroupVariantProps } from 'styled-system/recipes';
import { FieldsetRoot } from './fieldset';
import * as RadioGroupParts from './parts/radio-group';
import type { SelectOption } from './select';

export interface RadioGroupProps extends RadioGroupVariantProps {
  id?: string;
  name?: string;
  /** The question the options answer; already translated. */
  legend: ReactNode;
  options: readonly SelectOption[];
  value?: string | null;
  defaultValue?: string;
  onValueChange?: (value: string | null) => void;
  disabled?: boolean;
  /** Shown below the options and marks the group invalid; already translated. */
  error?: string | undefined;
  helperText?: ReactNode;
}

export function RadioGroup({
  id,
  name,
  legend,
  options,
  value,
  defaultValue,
  onValueChange,
  disabled,
  error,
  helperText,
  orientation,
}: RadioGroupProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  return (
    <FieldsetRoot legend={legend} error={error} helperText={helperText} disabled={disabled}>
      <RadioGroupParts.Root
        id={id ?? autoId}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onValueChange={(details) => onValueChange?.(details.value)}
        disabled={disabled}
        orientation={orientation === 'horizontal' ? 'horizontal' : 'vertical'}
        invalid={Boolean(error)}
      >
        {options.map((option) => (
          <RadioGroupParts.Item key={option.value} value={option.value} disabled={option.disabled}>
            <RadioGroupParts.ItemControl />
            <RadioGroupParts.ItemText>{option.label}</RadioGroupParts.ItemText>
            <RadioGroupParts.ItemHiddenInput />
          </RadioGroupParts.Item>
        ))}
      </RadioGroupParts.Root>
    </FieldsetRoot>
  );
}
