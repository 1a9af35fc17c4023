import { Portal } from '@ark-ui/react/portal';
import { type ReactElement, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import { Icon } from './icons';
import * as MenuParts from './parts/menu';

export interface ActionsMenuItem {
  value: string;
  /** Already translated. */
  label: string;
  icon?: ReactNode;
  /** Destructive actions (delete) read in the error colour. */
  tone?: 'danger';
  disabled?: boolean;
}

export interface ActionsMenuProps {
  /** Fixed id, so the trigger and content ids stay the same between renders. */
  id?: string;
  items: readonly ActionsMenuItem[];
  onSelect: (value: string) => void;
  /** The trigger's accessible name; "Acciones" by default. */
  label?: string;
  defaultOpen?: boolean;
  /** A button of its own instead of "⋯" (it must accept a ref and spread its props): "Insertar variable". */
  trigger?: ReactElement | undefined;
}

/** The "⋯" menu of a row or card: edit, delete, download… */
export function ActionsMenu({ id, items, onSelect, label, defaultOpen, trigger }: ActionsMenuProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  return (
    <MenuParts.Root
      id={id ?? autoId}
      defaultOpen={defaultOpen}
      onSelect={(details) => onSelect(details.value)}
      positioning={{ placement: 'bottom-end' }}
    >
      <MenuParts.Trigger asChild>
        {trigger ?? (
          <IconButton aria-label={label ?? t('ui.menu.actions')}>
            <Icon name="dots" />
          </IconButton>
        )}
      </MenuParts.Trigger>
      <Portal>
        <MenuParts.Positioner>
          <MenuParts.Content>
            {items.map((item) => (
              <MenuParts.Item key={item.value} value={item.value} disabled={item.disabled} data-tone={item.tone}>
                {item.icon}
                {item.label}
              </MenuParts.Item>
            ))}
          </MenuParts.Content>
        </MenuParts.Positioner>
      </Portal>
    </MenuParts.Root>
  );
}
