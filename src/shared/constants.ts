// Business constants and limits of SPEC §9, in one place for the server and the web client.

/** Media formats allowed for ad files (SPEC §5): extension to MIME type. */
export const MEDIA_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
} as const;

/** Size, dimension, duration and count limits of ad files (SPEC §5 and §9). */
export const MEDIA_LIMITS = {
  imageMaxBytes: 8 * 1024 * 1024,
  imageMinWidth: 254,
  imageMinHeight: 133,
  videoMaxBytes: 300 * 1024 * 1024,
  videoMinWidth: 500,
  videoMinHeight: 262,
  videoMaxSeconds: 120,
  uploadMaxBytes: 314572800,
  carouselMaxFiles: 10,
} as const;

/** A message with more buttons than this shows them as a list (SPEC §9). */
export const MESSAGE_BUTTONS_INLINE_MAX = 3;

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
/** A tooltip opens after the pointer rests on its trigger this many milliseconds. */
export const TOOLTIP_OPEN_DELAY_MS = 200;
