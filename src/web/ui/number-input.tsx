import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRoot, type FieldShellProps, splitFieldProps } from './field';
import { Icon } from './icons';
import * as NumberInputParts from './parts/number-input';

export interface NumberInputProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  name?: string;
  /** The value as text, as Ark keeps it (an empty field is ''). */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: { value: string; valueAsNumber: number }) => void;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
  /** Extra content after the control, inside the field (a unit, for example). */
  children?: ReactNode;
}

export function NumberInput(props: NumberInputProps) {
  const [fieldProps, { id, name, children, placeholder, ...machine }] = splitFieldProps(props);
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  return (
    <FieldRoot {...fieldProps}>
      <NumberInputParts.Root
        id={id ?? autoId}
        name={name}
        locale="es-CL"
        translations={{ incrementLabel: t('ui.numberInput.increment'), decrementLabel: t('ui.numberInput.decrement') }}
        // A value out of range stays as typed, for the form's rules to say why: Ark would clamp it silently on blur.
        // `min` and `max` bound the steppers only.
        clampValueOnBlur={false}
        {...machine}
      >
        <NumberInputParts.Control>
          <NumberInputParts.Input placeholder={placeholder} />
          <NumberInputParts.IncrementTrigger>
            <Icon name="chevronUp" />
          </NumberInputParts.IncrementTrigger>
          <NumberInputParts.DecrementTrigger>
            <Icon name="chevronDown" />
          </NumberInputParts.DecrementTrigger>
        </NumberInputParts.Control>
        {children}
      </NumberInputParts.Root>
    </FieldRoot>
  );
}
