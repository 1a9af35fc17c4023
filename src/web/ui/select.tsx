import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, useListCollection } from '@ark-ui/react/select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { select } from 'styled-system/recipes';
import { FieldRoot, type FieldShellProps, splitFieldProps } from './field';
import { Icon } from './icons';

export interface SelectOption {
  value: string;
  /** Already translated. */
  label: string;
  disabled?: boolean;
}

/** Props of a field that picks one option (select, combobox). */
export interface SingleChoiceProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  name?: string;
  options: readonly SelectOption[];
  value?: string | null;
  defaultValue?: string;
  onValueChange?: (value: string | null) => void;
  placeholder?: string;
  defaultOpen?: boolean;
}

export type SelectProps = SingleChoiceProps;

/** Ark keeps a list of values; these fields hold one (null when cleared, undefined when uncontrolled). */
export function toArkValue(value: string | null | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value === null ? [] : [value];
}

/** A single choice from a short list. */
export function Select(props: SelectProps) {
  const [fieldProps, { id, name, options, value, defaultValue, onValueChange, placeholder, defaultOpen }] = splitFieldProps(props);
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  const classes = select();
  const { collection } = useListCollection({ initialItems: options });
  return (
    <FieldRoot {...fieldProps}>
      <ArkSelect.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        collection={collection}
        value={toArkValue(value)}
        defaultValue={toArkValue(defaultValue)}
        onValueChange={(details) => onValueChange?.(details.value[0] ?? null)}
        defaultOpen={defaultOpen}
        positioning={{ sameWidth: true }}
      >
        <ArkSelect.Control className={classes.control}>
          <ArkSelect.Trigger className={classes.trigger}>
            <ArkSelect.ValueText className={classes.valueText} placeholder={placeholder ?? t('ui.select.placeholder')} />
            <ArkSelect.Indicator className={classes.indicator}>
              <Icon name="chevronDown" />
            </ArkSelect.Indicator>
          </ArkSelect.Trigger>
        </ArkSelect.Control>
        <Portal>
          <ArkSelect.Positioner className={classes.positioner}>
            <ArkSelect.Content className={classes.content}>
              {collection.items.map((option) => (
                <ArkSelect.Item key={option.value} item={option} className={classes.item}>
                  <ArkSelect.ItemText className={classes.itemText}>{option.label}</ArkSelect.ItemText>
                  <ArkSelect.ItemIndicator className={classes.itemIndicator}>
                    <Icon name="check" />
                  </ArkSelect.ItemIndicator>
                </ArkSelect.Item>
              ))}
            </ArkSelect.Content>
          </ArkSelect.Positioner>
        </Portal>
        <ArkSelect.HiddenSelect />
      </ArkSelect.Root>
    </FieldRoot>
  );
}
