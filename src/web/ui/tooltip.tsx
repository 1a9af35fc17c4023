import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { type ReactNode, useId } from 'react';
import { tooltip } from 'styled-system/recipes';

/** A tooltip opens after the pointer rests on its trigger this many milliseconds. */
export const TOOLTIP_OPEN_DELAY_MS = 200;

export interface TooltipProps {
  id?: string;
  /** Already translated; a short hint, never the only place of important information. */
  content: ReactNode;
  /** One focusable element (a button, a link), rendered as is. */
  children: ReactNode;
  defaultOpen?: boolean;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  /** Milliseconds before it opens; SPEC §9's value unless a test needs another. */
  openDelay?: number;
}

export function Tooltip({ id, content, children, defaultOpen, placement = 'top', openDelay = TOOLTIP_OPEN_DELAY_MS }: TooltipProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const classes = tooltip();
  return (
    <ArkTooltip.Root id={id ?? autoId} defaultOpen={defaultOpen} openDelay={openDelay} positioning={{ placement }}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className={classes.positioner}>
          <ArkTooltip.Content className={classes.content}>
            <ArkTooltip.Arrow className={classes.arrow}>
              <ArkTooltip.ArrowTip className={classes.arrowTip} />
            </ArkTooltip.Arrow>
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
