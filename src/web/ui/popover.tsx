import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import * as PopoverParts from './parts/popover';

export interface PopoverProps {
  id?: string;
  /** One focusable element (a button), rendered as is. */
  trigger: ReactNode;
  /** Already translated, like the description. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  defaultOpen?: boolean;
  placement?: 'top' | 'bottom' | 'bottom-start' | 'bottom-end' | 'left' | 'right';
}

/** Extra information or a small form next to its trigger; not modal. */
export function Popover({ id, trigger, title, description, children, defaultOpen, placement = 'bottom-start' }: PopoverProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  return (
    <PopoverParts.Root id={id ?? autoId} defaultOpen={defaultOpen} positioning={{ placement }}>
      <PopoverParts.Trigger asChild>{trigger}</PopoverParts.Trigger>
      <Portal>
        <PopoverParts.Positioner>
          <PopoverParts.Content>
            <PopoverParts.Arrow>
              <PopoverParts.ArrowTip />
            </PopoverParts.Arrow>
            <PopoverParts.Title>{title}</PopoverParts.Title>
            {description ? <PopoverParts.Description>{description}</PopoverParts.Description> : null}
            {children}
            <PopoverParts.CloseTrigger aria-label={t('ui.close')}>
              <Icon name="close" />
            </PopoverParts.CloseTrigger>
          </PopoverParts.Content>
        </PopoverParts.Positioner>
      </Portal>
    </PopoverParts.Root>
  );
}
