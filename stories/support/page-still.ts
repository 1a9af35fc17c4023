import type { QueryClient } from '@tanstack/react-query';

declare global {
  interface Window {
    /** The current story's QueryClient (.storybook/preview.tsx); absent for stories without `providers: ['query']`. */
    __STORY_QUERY_CLIENT__?: QueryClient;
    /** Resolves once the page has stopped moving; the test runner waits on it before its picture. */
    __STORY_PAGE_SETTLED__?: (timeoutMs: number) => Promise<void>;
  }
}

/**
 * The one definition of a page that has stopped moving, read by the stories' `userEvent` before each
 * action (stories/support/user-event.ts) and by the test runner before its picture (through
 * `window.__STORY_PAGE_STILL__`, set in .storybook/preview.tsx):
 * - no query or mutation of the story's client in flight, nothing marked `aria-busy`: a part still
 *   loading changes the page's height under a click, and the window is pulled back by an amount that
 *   depends on which part came first;
 * - the focus has arrived in the open modal dialog or menu: they move it in a moment after they appear, and a
 *   click before that has its focus (and its focus ring) taken away again.
 */
export function pageIsStill(document: Document): boolean {
  const client = document.defaultView?.__STORY_QUERY_CLIENT__;
  if (client && (client.isFetching() > 0 || client.isMutating() > 0)) return false;
  if (document.body.querySelector('[aria-busy="true"]') !== null) return false;
  // Modal dialogs and menus only: a popover opened with the page (`defaultOpen`) leaves the focus where it is.
  const layers = Array.from(document.querySelectorAll('[aria-modal="true"], [role="menu"]')).filter((layer) => layer.checkVisibility());
  // Layers open in portals appended in order: the last one shown is the one on top.
  const top = layers.at(-1);
  return top === undefined || top.contains(document.activeElement);
}

/** Resolves once the page has been still for three frames in a row (a query that starts in an effect right after a render would slip through one). */
export function pageSettled(document: Document, timeoutMs: number): Promise<void> {
  const window = document.defaultView;
  if (!window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    let stillFrames = 0;
    const check = () => {
      stillFrames = pageIsStill(document) ? stillFrames + 1 : 0;
      if (stillFrames >= 3) resolve();
      else if (performance.now() > deadline) reject(new Error(notStillMessage(timeoutMs)));
      else window.requestAnimationFrame(check);
    };
    window.requestAnimationFrame(check);
  });
}

function notStillMessage(timeoutMs: number): string {
  return (
    `The page was still moving after ${timeoutMs / 1000} s: a query or mutation is in flight, an element has ` +
    'aria-busy="true", or an open modal dialog or menu does not hold the focus.'
  );
}
