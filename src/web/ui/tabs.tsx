import type { ReactNode } from 'react';
import * as TabsParts from './parts/tabs';

export interface TabItem {
  value: string;
  /** Already translated. */
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Fixed id: Ark derives the ids that tie each tab to its panel from it. */
  id: string;
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** What the tabs switch between, for screen readers; already translated. */
  label: string;
}

export function Tabs({ id, items, value, defaultValue, onValueChange, label }: TabsProps) {
  return (
    <TabsParts.Root
      id={id}
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={(details) => onValueChange?.(details.value)}
      lazyMount
    >
      <TabsParts.List aria-label={label}>
        {items.map((item) => (
          <TabsParts.Trigger key={item.value} value={item.value} disabled={item.disabled}>
            {item.label}
          </TabsParts.Trigger>
        ))}
      </TabsParts.List>
      {items.map((item) => (
        <TabsParts.Content key={item.value} value={item.value}>
          {item.content}
        </TabsParts.Content>
      ))}
    </TabsParts.Root>
  );
}
