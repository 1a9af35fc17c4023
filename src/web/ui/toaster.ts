import { type CreateToasterReturn, createToaster } from '@ark-ui/react/toast';

// The toast store: what containers call after a mutation. The region that shows the toasts is in
// ./toast.tsx and loads after the page (./lazy-toaster.tsx); toasts shown before it arrives wait in the store.

/** A toast closes by itself after this many milliseconds unless it is kept open. */
export const TOAST_DURATION_MS = 5000;
/** A closed toast is removed from the page this many milliseconds later (its exit transition). */
export const TOAST_REMOVE_DELAY_MS = 350;
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
