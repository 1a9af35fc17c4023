import { Toaster as ArkToaster, type CreateToasterReturn, createToaster, Toast } from '@ark-ui/react/toast';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast as toastRecipe } from 'styled-system/recipes';
import { Icon, type IconName } from './icons';

/** A toast closes by itself after this many milliseconds unless it is kept open. */
export const TOAST_DURATION_MS = 5000;
/** A closed toast is removed from the page this many milliseconds later (its exit transition). */
export const TOAST_REMOVE_DELAY_MS = 350;
/** Dragging a toast this many pixels to the right dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the toast region (a `KeyboardEvent.code`). */
export const TOAST_HOTKEY = 'F8';
/** At most this many toasts are visible; later ones wait in a queue. */
export const TOAST_MAX_VISIBLE = 3;

/** The statuses of SPEC §4; `default` is a neutral notice. */
export type ToastStatus = 'success' | 'warning' | 'error' | 'default';

export interface ToastInput {
  /** Fixed id: showing the same id again updates that toast instead of adding one. */
  id?: string;
  status?: ToastStatus;
  /** Already translated, like the description. */
  message: string;
  description?: string;
  /** Stays until dismissed instead of closing after the duration. */
  keepOpen?: boolean;
}

export interface ToasterOptions {
  /** Milliseconds before a toast closes by itself. */
  duration?: number;
  /** Milliseconds between closing and leaving the page. */
  removeDelay?: number;
  /** Toasts visible at once; the rest wait in a queue. */
  max?: number;
}

export interface AppToaster {
  /** Ark's toast store, for the `Toaster` that renders it. */
  store: CreateToasterReturn;
  show: (toast: ToastInput) => string;
  dismiss: (id?: string) => void;
}

// Ark's own toast types; the neutral one is `info`.
const typeOf: Record<ToastStatus, string> = { success: 'success', warning: 'warning', error: 'error', default: 'info' };
const iconOf: Record<string, IconName> = { success: 'success', warning: 'warning', error: 'error', info: 'info' };

/**
 * A toast store with SPEC §9's behaviour: Ark's options cover the duration, the removal delay, the
 * queue beyond the visible maximum, the F8 hotkey, Escape, and pausing while the pointer or focus is
 * in the region. Swiping is not in Ark's toast, so `Toaster` adds it.
 */
export function createAppToaster({
  duration = TOAST_DURATION_MS,
  removeDelay = TOAST_REMOVE_DELAY_MS,
  max = TOAST_MAX_VISIBLE,
}: ToasterOptions = {}): AppToaster {
  const store = createToaster({
    placement: 'bottom-end',
    overlap: false,
    max,
    duration,
    removeDelay,
    hotkey: [TOAST_HOTKEY],
    pauseOnPageIdle: true,
  });
  return {
    store,
    show({ id, status = 'default', message, description, keepOpen = false }) {
      // Without a duration key the store's default applies; an explicit `undefined` would not.
      return store.create({
        ...(id ? { id } : {}),
        type: typeOf[status],
        title: message,
        description,
        ...(keepOpen ? { duration: Infinity } : {}),
      });
    },
    dismiss(id) {
      store.dismiss(id);
    },
  };
}

/** The app's one toaster: containers call `toaster.show(…)` after a mutation. */
export const toaster = createAppToaster();

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
  const classes = toastRecipe();
  const swipe = useSwipeToDismiss(() => store.dismiss(id));
  return (
    <Toast.Root className={classes.root} {...swipe}>
      <span className={classes.icon}>
        <Icon name={iconOf[type] ?? 'info'} />
      </span>
      <div className={classes.text}>
        <Toast.Title className={classes.title}>{title}</Toast.Title>
        {description ? <Toast.Description className={classes.description}>{description}</Toast.Description> : null}
      </div>
      <Toast.CloseTrigger className={classes.closeTrigger} aria-label={t('close')}>
        <Icon name="close" />
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

export interface ToasterProps {
  /** The app's toaster by default; stories and tests pass their own. */
  toaster?: AppToaster;
}

/** The toast region, once per page, at the bottom right. */
export function Toaster({ toaster: current = toaster }: ToasterProps) {
  const { t } = useTranslation('toasts');
  const classes = toastRecipe();
  return (
    <ArkToaster toaster={current.store} className={classes.group} aria-label={t('region', { hotkey: TOAST_HOTKEY })}>
      {(toast) => (
        <ToastItem
          id={toast.id ?? ''}
          type={toast.type ?? 'info'}
          title={String(toast.title ?? '')}
          description={toast.description ? String(toast.description) : undefined}
          store={current.store}
        />
      )}
    </ArkToaster>
  );
}
