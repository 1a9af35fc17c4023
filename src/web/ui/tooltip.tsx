import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import * as TooltipParts from './parts/tooltip';

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
  return (
    <TooltipParts.Root id={id ?? autoId} defaultOpen={defaultOpen} openDelay={openDelay} positioning={{ placement }}>
      <TooltipParts.Trigger asChild>{children}</TooltipParts.Trigger>
      <Portal>
        <TooltipParts.Positioner>
          <TooltipParts.Content>
            <TooltipParts.Arrow>
              <TooltipParts.ArrowTip />
            </TooltipParts.Arrow>
            {content}
          </TooltipParts.Content>
        </TooltipParts.Positioner>
      </Portal>
    </TooltipParts.Root>
  );
}
