import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, type RunningServer, startServer } from './server-process.ts';

/** One server and one browser for a test file, started before its tests and stopped after them. */
export function useServerAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  const running: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(), launchChromium()]);
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
