// Every story, in Debian's Chromium: no unhandled request, no serious or critical accessibility
// violation, and a screenshot identical to its committed baseline (tests/visual/__baselines__).
// Browser settings live in test-runner-jest.config.js; `npm run test:stories` runs this.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getStoryContext, type TestRunnerConfig, waitForPageReady } from '@storybook/test-runner';
import type { Result, RunOptions } from 'axe-core';
import { getViolations, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import type { Page, Request } from 'playwright';
import { VIEWPORTS, type VisualParameters } from './visual-parameters.ts';

const baselinesDir = path.resolve('tests/visual/__baselines__');
const diffDir = path.resolve('tests/visual/__diff_output__');
// Generous: a slow machine runs two browsers at once, and only a story that never settles should fail.
const idleTimeoutMs = 60_000;
// A settled page gives two equal captures at once; one that still differs after this many never settles.
const maxCaptures = 10;

// Transitions and animations would make the frame depend on timing; the caret blinks.
const stillCss = `
*, *::before, *::after {
  transition: none !important;
  animation: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

type A11yParameters = {
  disable?: boolean;
  test?: 'off' | 'todo' | 'error';
  config?: { rules?: { id: string; enabled?: boolean }[] };
};

/** Messages of the unhandled requests MSW logged during the current story, per page. */
const unhandledRequests = new WeakMap<Page, string[]>();
/**
 * The requests the current story has made that have not ended yet (a code chunk a lazy part loads, an
 * image, an API call), per page. Started again with each story: an earlier story of the same page may
 * hold a request open on purpose (a loading state), and it never ends.
 */
const requestsInFlight = new WeakMap<Page, Set<Request>>();
/** Each page's window as the Jest config opened it. */
const configuredViewports = new WeakMap<Page, { width: number; height: number } | null>();

function listenForUnhandledRequests(page: Page): void {
  if (unhandledRequests.has(page)) {
    unhandledRequests.set(page, []);
    return;
  }
  unhandledRequests.set(page, []);
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('without a matching request handler')) {
      unhandledRequests.get(page)?.push(message.text());
    }
  });
}

function trackRequests(page: Page): void {
  const listening = requestsInFlight.has(page);
  requestsInFlight.set(page, new Set());
  if (listening) return;
  page.on('request', (request) => requestsInFlight.get(page)?.add(request));
  page.on('requestfinished', (request) => requestsInFlight.get(page)?.delete(request));
  page.on('requestfailed', (request) => requestsInFlight.get(page)?.delete(request));
}

/** Resolves once `page` has no request in flight; polls, since requests end in any order. */
async function networkQuiet(page: Page, deadline: number): Promise<boolean> {
  const inFlight = requestsInFlight.get(page);
  while (inFlight && inFlight.size > 0) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** Waits for the conditions a screenshot depends on; never for a fixed time. */
async function waitUntilStill(page: Page, storyId: string, visual: VisualParameters | undefined): Promise<void> {
  if (visual && visual.waitFor) {
    // A state that never becomes idle may hold a request open from the first render: the network
    // never goes quiet, so the page's load and fonts are waited for, then the selector.
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
    await page.locator(visual.waitFor).first().waitFor({ state: 'visible', timeout: idleTimeoutMs });
  } else {
    await waitForPageReady(page);
    const deadline = performance.now() + idleTimeoutMs;
    try {
      // The same stillness the stories' userEvent waits for before each action (stories/support/page-still.ts),
      // and no request in flight: a lazy part whose code still loads shows its fallback until it arrives, and
      // what it then draws (an open tooltip) would come after the picture. Both at once, as one can start the other.
      for (;;) {
        await page.evaluate((timeoutMs) => window.__STORY_PAGE_SETTLED__?.(timeoutMs), Math.max(0, deadline - performance.now()));
        if ((requestsInFlight.get(page)?.size ?? 0) === 0) break;
        if (!(await networkQuiet(page, deadline))) throw new Error('Requests still in flight.');
      }
    } catch {
      throw new Error(
        `Story "${storyId}" was still busy after ${idleTimeoutMs / 1000} s: a query or mutation is in flight, an ` +
          `element has aria-busy="true", a request has not ended, or an open modal dialog or menu does not hold the focus. If the story shows a ` +
          `loading state on purpose, set parameters.visual = { waitFor: '<selector of what it shows>' }.`,
      );
    }
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter((image) => !image.complete);
    await Promise.all(
      pending.map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    // Two frames: the last style and layout changes are painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

function formatViolations(storyId: string, violations: Result[]): string {
  const lines = violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `      - ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
      .join('\n');
    return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
  });
  return `Accessibility violations (serious or critical) in story "${storyId}":\n${lines.join('\n')}`;
}

/**
 * The axe rules whose findings are never serious or critical, by axe's own metadata: a rule's impact is its
 * own when it has one, otherwise the highest of its checks'. Only serious and critical findings fail a story,
 * so running these would only cost time (nearly half of axe's, on a full screen). A rule of unknown impact runs.
 */
function rulesThatCannotBlock(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Check = { id: string } | string;
    type Rule = { id: string; impact?: string; any: Check[]; all: Check[]; none: Check[] };
    const audit = (window as unknown as { axe: { _audit?: { rules: Rule[]; checks: Record<string, { impact?: string }> } } }).axe._audit;
    if (!audit) return [];
    const blocking = (impact: string | undefined) => impact === undefined || impact === 'serious' || impact === 'critical';
    return audit.rules
      .filter((rule) => {
        const checks = [...rule.any, ...rule.all, ...rule.none].map((check) => (typeof check === 'string' ? check : check.id));
        const impacts = rule.impact ? [rule.impact] : checks.map((id) => audit.checks[id]?.impact);
        return impacts.length > 0 && !impacts.some(blocking);
      })
      .map((rule) => rule.id);
  });
}

async function checkAccessibility(page: Page, storyId: string, a11y: A11yParameters | undefined): Promise<void> {
  // `test: 'todo'` is the preview's default (warnings in the panel), so only an explicit opt-out skips.
  if (a11y?.disable === true || a11y?.test === 'off') return;
  // `region` is noise for component stories. Other rules are switched off only per story, through
  // `parameters.a11y.config.rules` (the same parameter the Storybook accessibility panel reads).
  const rules: NonNullable<RunOptions['rules']> = { region: { enabled: false } };
  for (const id of await rulesThatCannotBlock(page)) rules[id] = { enabled: false };
  for (const rule of a11y?.config?.rules ?? []) {
    rules[rule.id] = { enabled: rule.enabled ?? true };
  }
  // On `body`, not the story root: Ark renders dialogs, menus and toasts in portals outside it.
  const violations = await getViolations(page, 'body', { rules, resultTypes: ['violations'] });
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (blocking.length === 0) return;
  throw new Error(formatViolations(storyId, blocking));
}

/** Below this width Chromium's audio player chooses which of its parts to show from the sizes it had before. */
const minAudioPlayerPx = 212;

/**
 * Chromium draws its own media players on its own timers, which nothing here can wait for: a video's player turns a
 * loading wheel for a while after it appears, even with nothing to load, and an audio player narrower than
 * `minAudioPlayerPx` shows its duration or not depending on the sizes it went through. A picture with either depends
 * on timing, so a story may show neither.
 */
async function checkMediaPlayers(page: Page, storyId: string): Promise<void> {
  const players = await page.evaluate(() => ({
    videos: document.querySelectorAll('video').length,
    audioWidths: Array.from(document.querySelectorAll('audio[controls]'), (audio) => audio.getBoundingClientRect().width),
  }));
  if (players.videos > 0) {
    throw new Error(
      `Story "${storyId}" shows a video player: Chromium turns its loading wheel for a while, so the picture depends on timing.`,
    );
  }
  const narrow = players.audioWidths.filter((width) => width > 0 && width < minAudioPlayerPx);
  if (narrow.length > 0) {
    throw new Error(
      `Story "${storyId}" shows an audio player ${narrow[0]} px wide: below ${minAudioPlayerPx} px Chromium shows its duration ` +
        'or not depending on the sizes it had before, so the picture depends on timing.',
    );
  }
}

const capture = (page: Page) => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });

/**
 * Captures the page until two captures in a row are the same picture, so that a change still under
 * way (a focus ring a frame late, a toast arriving, a dialog taking its initial focus) is waited for
 * rather than captured half-way: every run compares the same settled frame. `first` is a capture
 * already taken.
 */
async function settledScreenshot(page: Page, storyId: string, first?: Buffer): Promise<Buffer> {
  let previous = first ?? (await capture(page));
  for (let attempt = 1; attempt < maxCaptures; attempt++) {
    const next = await capture(page);
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error(
    `Story "${storyId}" still changed after ${maxCaptures} captures in a row: something on it moves or keeps ` +
      'changing (a timer, an animation the test style does not stop). Make the state it shows still.',
  );
}

/**
 * The picture to compare with the baseline. A capture is costly (a tall screen takes over half a second), so
 * the first one is taken alone: when it is the baseline byte for byte, the page shows the settled frame the
 * baseline was recorded from, and a second capture could only agree. Anything else (no baseline, an update,
 * a difference) is settled first, so a difference is never a frame caught half-way.
 */
async function pictureToCompare(page: Page, storyId: string): Promise<Buffer> {
  const first = await capture(page);
  const baseline = baselinePath(storyId);
  if (!updatingBaselines() && existsSync(baseline) && first.equals(await readFile(baseline))) return first;
  return settledScreenshot(page, storyId, first);
}

const baselinePath = (storyId: string) => path.join(baselinesDir, `${storyId}.png`);

function updatingBaselines(): boolean {
  const { snapshotState } = expect.getState() as { snapshotState: { _updateSnapshot: 'all' | 'new' | 'none' } };
  return snapshotState._updateSnapshot !== 'none';
}

async function compareWithBaseline(image: Buffer, storyId: string): Promise<void> {
  const baseline = baselinePath(storyId);
  const hasBaseline = existsSync(baseline);
  if (!updatingBaselines() && !hasBaseline) {
    throw new Error(
      `Story "${storyId}" has no baseline (${path.relative(process.cwd(), baseline)}). ` +
        'Run `npm run test:update-baselines`, review the new image and commit it.',
    );
  }
  // Chromium encodes the same pixels into the same bytes, and baselines are its captures as they came:
  // an identical file is a match without decoding two images and comparing them pixel by pixel.
  if (hasBaseline && image.equals(await readFile(baseline))) return;
  expect(image).toMatchImageSnapshot({
    customSnapshotsDir: baselinesDir,
    customDiffDir: diffDir,
    customSnapshotIdentifier: storyId,
    storeReceivedOnFailure: true,
    customReceivedDir: diffDir,
    // Rendering is deterministic in this setup, so any changed pixel is a change: strict enough for
    // a 1px padding change; anti-aliased pixels count too.
    comparisonMethod: 'pixelmatch',
    customDiffConfig: { threshold: 0.01, includeAA: true },
    failureThreshold: 0,
    failureThresholdType: 'pixel',
    // An update records what Chromium draws now, byte for byte, even where the old picture is within the
    // threshold: a story whose first capture is its baseline passes with one capture (pictureToCompare).
    updatePassedSnapshot: true,
    // Compare in the worker instead of spawning a process per story.
    runInProcess: true,
  });
}

/**
 * `npm run test:stories -- --twice`: the story is rendered a second time in the same page, its play
 * function included, and its two settled pictures must be the same. A story whose picture depends on
 * timing fails here, on this machine, before it fails someone else's run.
 */
async function checkSecondRender(page: Page, storyId: string, visual: VisualParameters | undefined, first: Buffer): Promise<void> {
  const status = await page.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        type Finished = { storyId: string; status: string };
        type Listener = (payload: Finished) => void;
        const preview = globalThis as unknown as {
          __STORYBOOK_ADDONS_CHANNEL__: {
            on(event: string, listener: Listener): void;
            off(event: string, listener: Listener): void;
            emit(event: string, payload: { storyId: string }): void;
          };
          __STORYBOOK_MODULE_CORE_EVENTS__: Record<'STORY_FINISHED' | 'FORCE_REMOUNT', string>;
        };
        const channel = preview.__STORYBOOK_ADDONS_CHANNEL__;
        const events = preview.__STORYBOOK_MODULE_CORE_EVENTS__;
        const finished: Listener = (payload) => {
          if (payload.storyId !== id) return;
          channel.off(events.STORY_FINISHED, finished);
          resolve(payload.status);
        };
        channel.on(events.STORY_FINISHED, finished);
        // As on its first render (preVisit), the story starts from the top of the page.
        window.scrollTo(0, 0);
        channel.emit(events.FORCE_REMOUNT, { storyId: id });
      }),
    storyId,
  );
  if (status !== 'success') throw new Error(`Story "${storyId}" failed when rendered a second time (${status}).`);
  await waitUntilStill(page, storyId, visual);
  const second = await settledScreenshot(page, storyId);
  if (second.equals(first)) return;
  mkdirSync(diffDir, { recursive: true });
  writeFileSync(path.join(diffDir, `${storyId}-first.png`), first);
  writeFileSync(path.join(diffDir, `${storyId}-second.png`), second);
  throw new Error(
    `Story "${storyId}" gave two different pictures in two renders (both in ${path.relative(process.cwd(), diffDir)}): ` +
      'what it shows depends on timing. Find what it waits for too little, in the story or in this runner.',
  );
}

const config: TestRunnerConfig = {
  // The runner's own first page, with the accessibility addon's automatic check off: it would run axe a
  // second time on every story, only for the addon's panel, while this runner's check (postVisit) decides.
  async prepare({ page }) {
    await page.goto(new URL('iframe.html?globals=a11y.manual:!true', process.env.TARGET_URL).toString(), { waitUntil: 'load' });
  },
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },

  async preVisit(page, context) {
    listenForUnhandledRequests(page);
    trackRequests(page);
    // The window is sized before the story renders, so its media queries see the phone's width; the
    // configured one is read once, before any story changed it.
    if (!configuredViewports.has(page)) configuredViewports.set(page, page.viewportSize());
    const visual = (await getStoryContext(page, context)).parameters.visual as VisualParameters | undefined;
    const viewport = visual && visual.viewport ? VIEWPORTS[visual.viewport] : configuredViewports.get(page);
    if (viewport) await page.setViewportSize(viewport);
    // The page stays open from story to story: inject once, before the story renders. Each story
    // starts at the top of the page, wherever the one before it left the scroll: a full-page picture
    // draws fixed elements (toasts, dialogs) where the window is scrolled to.
    const hasAxe = await page.evaluate((css) => {
      window.scrollTo(0, 0);
      if (!document.getElementById('visual-test-still')) {
        const style = document.createElement('style');
        style.id = 'visual-test-still';
        style.textContent = css;
        document.head.append(style);
      }
      return 'axe' in window;
    }, stillCss);
    if (!hasAxe) await injectAxe(page);
  },

  async postVisit(page, context) {
    if (context.hasFailure) return;
    const storyContext = await getStoryContext(page, context);
    const visual = storyContext.parameters.visual as VisualParameters | undefined;

    await waitUntilStill(page, context.id, visual);

    const unhandled = unhandledRequests.get(page) ?? [];
    if (unhandled.length > 0) {
      throw new Error(`Story "${context.id}" made requests no MSW handler answers:\n${unhandled.join('\n')}`);
    }

    await checkAccessibility(page, context.id, storyContext.parameters.a11y as A11yParameters | undefined);

    // On a phone nothing may scroll sideways: a page wider than the screen is cut off or wobbles.
    if (visual && visual.viewport === 'phone') {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      if (widths.page > widths.window) {
        throw new Error(`Story "${context.id}" is ${widths.page} px wide on a ${widths.window}-px phone: it scrolls sideways.`);
      }
    }

    if (visual === false) return;
    await checkMediaPlayers(page, context.id);
    const image = await pictureToCompare(page, context.id);
    await compareWithBaseline(image, context.id);
    if (process.env.STORIES_TWICE === '1') await checkSecondRender(page, context.id, visual, image);
  },
};

export default config;
