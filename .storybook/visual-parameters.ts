/**
 * `parameters.visual` of a story or of its meta, read by .storybook/test-runner.ts.
 *
 * - absent: wait until the page is still (stories/support/page-still.ts: no query or mutation in
 *   flight, nothing `[aria-busy="true"]`, an open modal dialog or menu holding the focus; fonts and
 *   images loaded), then compare the screenshot.
 * - `{ waitFor: 'selector' }`: for states that never become idle, such as `Loading` (a handler that
 *   never answers keeps a query in flight and a spinner busy): wait until that selector is visible
 *   instead, then compare the screenshot.
 * - `false`: accessibility is still checked but no screenshot is compared. Only for a story that
 *   cannot be made deterministic; say why beside it. No story needs it today.
 * - `{ viewport: 'phone' }`: the story renders in a 390 × 844 window (media queries included) instead
 *   of the 1024 × 768 one, as a merchant sees it on a phone.
 * - `{ viewport: 'laptop' }`: a 1280 × 800 window, the common laptop, for what must fit beside the
 *   app's sidebar there.
 */
export type VisualParameters =
  | false
  | {
      /** CSS selector that must be visible before the screenshot; replaces the idle wait. */
      waitFor?: string;
      viewport?: 'phone' | 'laptop';
    };

/** The windows of `viewport`; every other story keeps the runner's (test-runner-jest.config.js). */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const;

/** The same story, its play function included, rendered at a phone's width. */
export function onPhone<S extends { parameters?: { visual?: VisualParameters } & Record<string, unknown> }>(story: S): S {
  const visual = story.parameters?.visual;
  return { ...story, parameters: { ...story.parameters, visual: { ...(visual || {}), viewport: 'phone' } } };
}
