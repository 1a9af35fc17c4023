import { mkdir, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, type RunningServer, startServer } from './server-process.ts';

/** Where a failed journey leaves what its pages showed; CI keeps `.test-results`. */
const FAILURES = '.test-results/e2e-failures';

/**
 * What every open page shows when a journey fails: its address and alerts in the test's output (all CI's
 * log keeps), its full-page picture and HTML in `FAILURES`.
 */
async function recordPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  await mkdir(FAILURES, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const file = `${FAILURES}/${slug}-${index}`;
    const alerts = await page
      .locator('[role="alert"], [role="status"]')
      .allInnerTexts()
      .catch(() => []);
    console.log(`Página ${index} al fallar: ${page.url()}\n  avisos: ${JSON.stringify(alerts)}\n  captura: ${file}.png`);
    await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
    await writeFile(`${file}.html`, await page.content().catch(() => ''));
  }
}

/** One browser for a test file whose tests start their own servers; what its pages show is kept when one fails. */
export function useBrowser(): { readonly browser: Browser } {
  const running: { browser?: Browser } = {};
  beforeAll(async () => {
    running.browser = await launchChromium();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && running.browser) await recordPages(running.browser, task.name);
  });
  afterAll(() => running.browser?.close());
  return {
    get browser() {
      return running.browser!;
    },
  };
}

/** One server and one browser for a test file, started before its tests and stopped after them. */
export function useServerAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  const running: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && running.browser) await recordPages(running.browser, task.name);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return {
    get server() {
      return running.server!;
    },
    get browser() {
      return running.browser!;
    },
  };
}
