import { useListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRoot, splitFieldProps } from './field';
import { Icon } from './icons';
import { ListBoxOption } from './list-box-option';
import * as ComboboxParts from './parts/combobox';
import { type SingleChoiceProps, toArkValue } from './select';

export interface ComboboxProps extends SingleChoiceProps {
  /** Text in the box when it first shows; the options start filtered by it. */
  defaultInputValue?: string;
}

/** A single choice from a long list, narrowed by typing (accents and case ignored). */
export function Combobox(props: ComboboxProps) {
  const [fieldProps, { id, name, options, value, defaultValue, onValueChange, placeholder, defaultOpen, defaultInputValue }] =
    splitFieldProps(props);
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({
    initialItems: [...options],
    filter: contains,
  });
  // Ark filters only as the user types; a field that starts with text starts filtered too.
  useEffect(() => {
    if (defaultInputValue) filter(defaultInputValue);
    // Only the first value counts: later ones come from typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FieldRoot {...fieldProps}>
      <ComboboxParts.Root
        id={id ?? autoId}
        name={name}
        collection={collection}
        value={toArkValue(value)}
        defaultValue={toArkValue(defaultValue)}
        defaultInputValue={defaultInputValue}
        defaultOpen={defaultOpen}
        onValueChange={(details) => onValueChange?.(details.value[0] ?? null)}
        onInputValueChange={(details) => filter(details.inputValue)}
        positioning={{ sameWidth: true }}
      >
        <ComboboxParts.Control>
          <ComboboxParts.Input placeholder={placeholder} />
          <ComboboxParts.Trigger aria-label={t('ui.combobox.open')}>
            <Icon name="chevronDown" />
          </ComboboxParts.Trigger>
        </ComboboxParts.Control>
        <Portal>
          <ComboboxParts.Positioner>
            {/* Without options it is no list box but a status that says so. */}
            <ComboboxParts.Content role={collection.items.length === 0 ? 'status' : undefined}>
              <ComboboxParts.Empty>{t('ui.combobox.empty')}</ComboboxParts.Empty>
              {collection.items.map((option) => (
                <ListBoxOption key={option.value} parts={ComboboxParts} option={option} />
              ))}
            </ComboboxParts.Content>
          </ComboboxParts.Positioner>
        </Portal>
      </ComboboxParts.Root>
    </FieldRoot>
  );
}
