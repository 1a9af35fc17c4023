import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { tabs } from 'styled-system/recipes';

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
  const classes = tabs();
  return (
    <ArkTabs.Root
      id={id}
      className={classes.root}
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={(details) => onValueChange?.(details.value)}
      lazyMount
    >
      <ArkTabs.List className={classes.list} aria-label={label}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className={classes.trigger}>
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={classes.content}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
