import { createListCollection } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRoot, type FieldShellProps } from './field';
import { Icon } from './icons';
import * as ComboboxParts from './parts/combobox';
import { Spinner } from './spinner';

export interface SearchSelectOption {
  value: string;
  /** Already translated, like the description. */
  label: string;
  /** A second line in the list (the region a city is in, an audience size). */
  description?: string | undefined;
}

export interface SearchSelectProps extends Omit<FieldShellProps, 'children'> {
  id?: string;
  /** What the field holds, in the order it was chosen. */
  value: readonly SearchSelectOption[];
  onValueChange: (value: SearchSelectOption[]) => void;
  /** The text typed; the parent searches with it and answers `options`. */
  query: string;
  onQueryChange: (query: string) => void;
  /** What the search found for `query`. */
  options: readonly SearchSelectOption[];
  /** The search for `query` is on its way. */
  searching?: boolean;
  /** Below this many characters nothing is searched; the list says to type more. */
  minQueryLength?: number;
  /** The most the field holds; the count shows below it and the input stops offering more. */
  max?: number | undefined;
  /** What an empty field means (for a place, the whole country), shown where the choices go. */
  emptyValueText?: string | undefined;
  placeholder?: string;
}

/**
 * Several choices from a list too long to show (Meta's places and interests): the merchant types, the
 * parent searches, the results open under the input, and what was chosen stays listed under it.
 */
export function SearchSelect({
  id,
  value,
  onValueChange,
  query,
  onQueryChange,
  options,
  searching = false,
  minQueryLength = 2,
  max,
  emptyValueText,
  placeholder,
  ...field
}: SearchSelectProps) {
  const autoId = useId();
  const { t } = useTranslation('common');
  const collection = createListCollection({ items: [...options], itemToString: (option) => option.label });
  const full = max !== undefined && value.length >= max;
  const tooShort = query.trim().length < minQueryLength;
  const counter = max === undefined ? undefined : t('ui.tagsInput.count', { count: value.length, max });
  const helperText = [field.helperText, counter].filter(Boolean).join(' ');
  const chosen = new Set(value.map((option) => option.value));
  // One array while the choices stay the same: Ark clears the typed text whenever it is given a new value.
  const chosenKey = value.map((option) => option.value).join('\u0000');
  const arkValue = useMemo(() => (chosenKey === '' ? [] : chosenKey.split('\u0000')), [chosenKey]);

  return (
    <FieldRoot {...field} helperText={helperText || undefined}>
      <ComboboxParts.Root
        id={id ?? autoId}
        collection={collection}
        multiple
        value={arkValue}
        inputValue={query}
        selectionBehavior="clear"
        disabled={field.disabled || full}
        onInputValueChange={(details) => onQueryChange(details.inputValue)}
        onValueChange={(details) => {
          const kept = value.filter((option) => details.value.includes(option.value));
          const added = options.filter((option) => details.value.includes(option.value) && !chosen.has(option.value));
          onValueChange([...kept, ...added].slice(0, max));
        }}
        positioning={{ sameWidth: true }}
      >
        <ComboboxParts.Control>
          <ComboboxParts.Input placeholder={full ? t('ui.searchSelect.full', { max }) : placeholder} />
          <ComboboxParts.Trigger aria-label={t('ui.combobox.open')} aria-busy={searching || undefined}>
            {searching ? <Spinner size="sm" /> : <Icon name="chevronDown" />}
          </ComboboxParts.Trigger>
        </ComboboxParts.Control>
        <Portal>
          <ComboboxParts.Positioner>
            <ComboboxParts.Content role={collection.items.length === 0 ? 'status' : undefined}>
              {collection.items.length === 0 ? (
                <ComboboxParts.Empty>
                  {tooShort
                    ? t('ui.searchSelect.typeMore', { count: minQueryLength })
                    : searching
                      ? t('ui.searchSelect.searching')
                      : t('ui.combobox.empty')}
                </ComboboxParts.Empty>
              ) : null}
              {collection.items.map((option) => (
                <ComboboxParts.Item key={option.value} item={option}>
                  <ComboboxParts.ItemText>
                    {option.label}
                    {option.description ? (
                      <>
                        <br />
                        <ComboboxParts.ItemDescription>{option.description}</ComboboxParts.ItemDescription>
                      </>
                    ) : null}
                  </ComboboxParts.ItemText>
                  <ComboboxParts.ItemIndicator>
                    <Icon name="check" />
                  </ComboboxParts.ItemIndicator>
                </ComboboxParts.Item>
              ))}
            </ComboboxParts.Content>
          </ComboboxParts.Positioner>
        </Portal>
        <ComboboxParts.Chosen aria-label={t('ui.searchSelect.chosen')}>
          {value.length === 0 && emptyValueText ? <ComboboxParts.ChosenItem>{emptyValueText}</ComboboxParts.ChosenItem> : null}
          {value.map((option) => (
            <ComboboxParts.ChosenItem key={option.value}>
              {option.description
                ? t('ui.searchSelect.withDescription', { label: option.label, description: option.description })
                : option.label}
              <ComboboxParts.ChosenRemove
                type="button"
                disabled={field.disabled}
                aria-label={t('ui.searchSelect.remove', { label: option.label })}
                onClick={() => onValueChange(value.filter((other) => other.value !== option.value))}
              >
                <Icon name="close" />
              </ComboboxParts.ChosenRemove>
            </ComboboxParts.ChosenItem>
          ))}
        </ComboboxParts.Chosen>
      </ComboboxParts.Root>
    </FieldRoot>
  );
}
