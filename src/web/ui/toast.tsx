import type { CreateToasterReturn } from '@ark-ui/react/toast';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';
import * as ToastParts from './parts/toast';
import { type AppToaster, TOAST_HOTKEY, toaster } from './toaster';

/** Dragging a toast this many pixels to the right dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const iconOf: Record<string, IconName> = { success: 'success', warning: 'warning', error: 'error', info: 'info' };

/** Dismisses a toast dragged to the right past the SPEC threshold; it follows the pointer meanwhile. */
function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<number | null>(null);
  const reset = (element: HTMLElement) => {
    start.current = null;
    delete element.dataset.swiping;
    element.style.removeProperty('--swipe-x');
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
      start.current = event.clientX;
      // Keeps the drag when the pointer leaves the toast; a pointer the browser does not track
      // (a synthetic one) cannot be captured, and the drag still works while it stays on the toast.
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        /* not capturable */
      }
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current === null) return;
      const distance = Math.max(0, event.clientX - start.current);
      event.currentTarget.dataset.swiping = '';
      event.currentTarget.style.setProperty('--swipe-x', `${distance}px`);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (start.current === null) return;
      const distance = event.clientX - start.current;
      reset(event.currentTarget);
      if (distance >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      reset(event.currentTarget);
    },
  };
}

function ToastItem({
  id,
  type,
  title,
  description,
  store,
}: {
  id: string;
  type: string;
  title: string;
  description?: string;
  store: CreateToasterReturn;
}) {
  const { t } = useTranslation('toasts');
  const swipe = useSwipeToDismiss(() => store.dismiss(id));
  return (
    <ToastParts.Root {...swipe}>
      <ToastParts.Icon>
        <Icon name={iconOf[type] ?? 'info'} />
      </ToastParts.Icon>
      <ToastParts.Text>
        <ToastParts.Title>{title}</ToastParts.Title>
        {description ? <ToastParts.Description>{description}</ToastParts.Description> : null}
      </ToastParts.Text>
      <ToastParts.CloseTrigger aria-label={t('close')}>
        <Icon name="close" />
      </ToastParts.CloseTrigger>
    </ToastParts.Root>
  );
}

export interface ToasterProps {
  /** The app's toaster by default; stories and tests pass their own. */
  toaster?: AppToaster;
}

/** The toast region, once per page, at the bottom right. */
export function Toaster({ toaster: current = toaster }: ToasterProps) {
  const { t } = useTranslation('toasts');
  return (
    <ToastParts.Group toaster={current.store} aria-label={t('region', { hotkey: TOAST_HOTKEY })}>
      {(toast) => (
        <ToastItem
          id={toast.id ?? ''}
          type={toast.type ?? 'info'}
          title={String(toast.title ?? '')}
          description={toast.description ? String(toast.description) : undefined}
          store={current.store}
        />
      )}
    </ToastParts.Group>
  );
}
