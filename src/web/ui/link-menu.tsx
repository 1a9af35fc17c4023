import { Portal } from '@ark-ui/react/portal';
import { type ReactElement, type ReactNode, useId } from 'react';
import { type LinkComponent, PlainLink } from './link';
import * as MenuParts from './parts/menu';

export interface LinkMenuItem {
  key: string;
  href: string;
  /** Already translated. */
  label: string;
  /** Decorative: the label names the item. */
  icon?: ReactNode;
  /** A plain anchor even when the menu has the router's link: signing out, mail, another site. */
  plain?: boolean;
  /** Opens in a new tab (another site). */
  external?: boolean;
}

export interface LinkMenuProps {
  /** Fixed id, so the trigger and content ids stay the same between renders. */
  id?: string;
  /** The button that opens the menu; it must accept a ref and spread its props. */
  trigger: ReactElement;
  /** Above the items, not selectable: who or what the menu is about. */
  heading?: ReactNode;
  items: readonly LinkMenuItem[];
  linkComponent?: LinkComponent;
  placement?: 'top-start' | 'bottom-end' | 'right-end';
  defaultOpen?: boolean;
}

/** A menu of places to go (the account, signing out, help): each item is a real link. */
export function LinkMenu({
  id,
  trigger,
  heading,
  items,
  linkComponent: Link = PlainLink,
  placement = 'top-start',
  defaultOpen,
}: LinkMenuProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  return (
    <MenuParts.Root id={id ?? autoId} defaultOpen={defaultOpen} positioning={{ placement, sameWidth: false }}>
      <MenuParts.Trigger asChild>{trigger}</MenuParts.Trigger>
      <Portal>
        <MenuParts.Positioner>
          <MenuParts.Content>
            <MenuParts.ItemGroup>
              {heading ? <MenuParts.ItemGroupLabel>{heading}</MenuParts.ItemGroupLabel> : null}
              {items.map((item) => {
                const ItemLink = item.plain || item.external ? PlainLink : Link;
                const newTab = item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
                return (
                  <MenuParts.Item key={item.key} value={item.key} asChild>
                    <ItemLink href={item.href} {...newTab}>
                      {item.icon}
                      {item.label}
                    </ItemLink>
                  </MenuParts.Item>
                );
              })}
            </MenuParts.ItemGroup>
          </MenuParts.Content>
        </MenuParts.Positioner>
      </Portal>
    </MenuParts.Root>
  );
}
