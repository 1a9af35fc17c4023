import type { ComponentType, ReactNode } from 'react';
import { Icon } from './icons';

export interface SelectOption {
  value: string;
  /** Already translated. */
  label: string;
  disabled?: boolean;
}

/** The item parts of a list box; a select's and a combobox's have this same shape. */
export interface OptionParts {
  Item: ComponentType<{ item: SelectOption; children?: ReactNode }>;
  ItemText: ComponentType<{ children?: ReactNode }>;
  ItemIndicator: ComponentType<{ children?: ReactNode }>;
}

/** One option of a select or combobox: its label and, when chosen, a check. */
export function ListBoxOption({ parts: { Item, ItemText, ItemIndicator }, option }: { parts: OptionParts; option: SelectOption }) {
  return (
    <Item item={option}>
      <ItemText>{option.label}</ItemText>
      <ItemIndicator>
        <Icon name="check" />
      </ItemIndicator>
    </Item>
  );
}
