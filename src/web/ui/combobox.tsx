import { Combobox as ArkCombobox, useListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { combobox } from 'styled-system/recipes';
import { FieldRoot, splitFieldProps } from './field';
import { Icon } from './icons';
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
  const classes = combobox();
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
      <ArkCombobox.Root
        id={id ?? autoId}
        name={name}
        className={classes.root}
        collection={collection}
        value={toArkValue(value)}
        defaultValue={toArkValue(defaultValue)}
        defaultInputValue={defaultInputValue}
        defaultOpen={defaultOpen}
        onValueChange={(details) => onValueChange?.(details.value[0] ?? null)}
        onInputValueChange={(details) => filter(details.inputValue)}
        positioning={{ sameWidth: true }}
      >
        <ArkCombobox.Control className={classes.control}>
          <ArkCombobox.Input className={classes.input} placeholder={placeholder} />
          <ArkCombobox.Trigger className={classes.trigger} aria-label={t('ui.combobox.open')}>
            <Icon name="chevronDown" />
          </ArkCombobox.Trigger>
        </ArkCombobox.Control>
        <Portal>
          <ArkCombobox.Positioner className={classes.positioner}>
            {/* Without options it is no list box but a status that says so. */}
            <ArkCombobox.Content className={classes.content} role={collection.items.length === 0 ? 'status' : undefined}>
              <ArkCombobox.Empty className={classes.empty}>{t('ui.combobox.empty')}</ArkCombobox.Empty>
              {collection.items.map((option) => (
                <ArkCombobox.Item key={option.value} item={option} className={classes.item}>
                  <ArkCombobox.ItemText className={classes.itemText}>{option.label}</ArkCombobox.ItemText>
                  <ArkCombobox.ItemIndicator className={classes.itemIndicator}>
                    <Icon name="check" />
                  </ArkCombobox.ItemIndicator>
                </ArkCombobox.Item>
              ))}
            </ArkCombobox.Content>
          </ArkCombobox.Positioner>
        </Portal>
      </ArkCombobox.Root>
    </FieldRoot>
  );
}
