import { Portal } from '@ark-ui/react/portal';
import { createListCollection } from '@ark-ui/react/select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRoot, type FieldShellProps, splitFieldProps } from './field';
import { Icon } from './icons';
import { ListBoxOption, type SelectOption } from './list-box-option';
import * as SelectParts from './parts/select';

export type { SelectOption };

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
  // Built from the options of each render, so a list that changes (another parent choice, data arriving) shows.
  const collection = createListCollection({ items: [...options] });
  return (
    <FieldRoot {...fieldProps}>
      <SelectParts.Root
        id={id ?? autoId}
        name={name}
        collection={collection}
        value={toArkValue(value)}
        defaultValue={toArkValue(defaultValue)}
        onValueChange={(details) => onValueChange?.(details.value[0] ?? null)}
        defaultOpen={defaultOpen}
        positioning={{ sameWidth: true }}
      >
        <SelectParts.Control>
          <SelectParts.Trigger>
            <SelectParts.ValueText placeholder={placeholder ?? t('ui.select.placeholder')} />
            <SelectParts.Indicator>
              <Icon name="chevronDown" />
            </SelectParts.Indicator>
          </SelectParts.Trigger>
        </SelectParts.Control>
        <Portal>
          <SelectParts.Positioner>
            <SelectParts.Content>
              {collection.items.map((option) => (
                <ListBoxOption key={option.value} parts={SelectParts} option={option} />
              ))}
            </SelectParts.Content>
          </SelectParts.Positioner>
        </Portal>
        <SelectParts.HiddenSelect />
      </SelectParts.Root>
    </FieldRoot>
  );
}
