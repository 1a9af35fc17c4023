import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { popover } from 'styled-system/recipes';
import { Icon } from './icons';

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
  const classes = popover();
  return (
    <ArkPopover.Root id={id ?? autoId} defaultOpen={defaultOpen} positioning={{ placement }}>
      <ArkPopover.Trigger asChild>{trigger}</ArkPopover.Trigger>
      <Portal>
        <ArkPopover.Positioner className={classes.positioner}>
          <ArkPopover.Content className={classes.content}>
            <ArkPopover.Arrow className={classes.arrow}>
              <ArkPopover.ArrowTip className={classes.arrowTip} />
            </ArkPopover.Arrow>
            <ArkPopover.Title className={classes.title}>{title}</ArkPopover.Title>
            {description ? <ArkPopover.Description className={classes.description}>{description}</ArkPopover.Description> : null}
            {children}
            <ArkPopover.CloseTrigger className={classes.closeTrigger} aria-label={t('ui.close')}>
              <Icon name="close" />
            </ArkPopover.CloseTrigger>
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}
