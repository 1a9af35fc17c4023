import { NumberInput as ArkNumberInput } from '@ark-ui/react/number-input';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { numberInput } from 'styled-system/recipes';
import { FieldRoot, type FieldShellProps, splitFieldProps } from './field';
import { Icon } from './icons';

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
  const classes = numberInput();
  return (
    <FieldRoot {...fieldProps}>
      <ArkNumberInput.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        locale="es-CL"
        translations={{ incrementLabel: t('ui.numberInput.increment'), decrementLabel: t('ui.numberInput.decrement') }}
        {...machine}
      >
        <ArkNumberInput.Control className={classes.control}>
          <ArkNumberInput.Input className={classes.input} placeholder={placeholder} />
          <ArkNumberInput.IncrementTrigger className={classes.incrementTrigger}>
            <Icon name="chevronUp" />
          </ArkNumberInput.IncrementTrigger>
          <ArkNumberInput.DecrementTrigger className={classes.decrementTrigger}>
            <Icon name="chevronDown" />
          </ArkNumberInput.DecrementTrigger>
        </ArkNumberInput.Control>
        {children}
      </ArkNumberInput.Root>
    </FieldRoot>
  );
}
