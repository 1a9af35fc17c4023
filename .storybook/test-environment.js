import { setupPage } from '@storybook/test-runner';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';

// The test runner's environment opens a new browser context and page for each story file, loads Storybook's
// preview into it and injects axe: several seconds a file, nearly half of the whole check. Here each Jest
// worker keeps its first page and renders every later file's stories in it, as the runner already renders
// one file's stories one after the other in the same page. Module state lives as long as the worker.
let kept = null;

/** The listeners a story file's hooks (.storybook/test-runner.ts) add to the page; they end with their file. */
const FILE_LISTENERS = ['console', 'request', 'requestfinished', 'requestfailed', 'pageerror'];

export default class StoryPageEnvironment extends PlaywrightEnvironment {
  async setup() {
    const options = this._config.testEnvironmentOptions['jest-playwright'];
    const reuse = kept !== null && !kept.page.isClosed();
    // Skipped, the runner only sets up its helpers; the page is the one kept.
    options.skipInitialization = reuse;
    await super.setup();
    if (reuse) {
      Object.assign(this.global, kept);
      return;
    }
    await setupPage(this.global.page, this.global.context);
  }

  async teardown() {
    const { browser, context, page } = this.global;
    // A story that navigated away has had its page replaced by the runner: keep the newest one.
    if (page && !page.isClosed()) {
      kept = { browser, context, page };
      for (const event of FILE_LISTENERS) page.removeAllListeners(event);
      // Each file starts in the configured window, whatever size its last story chose.
      const { viewport } = this._config.testEnvironmentOptions['jest-playwright'].contextOptions;
      await page.setViewportSize(viewport);
    } else {
      kept = null;
    }
    // The base closes the browser connection; it stays open for the worker's next file.
    this.global.browser = kept ? null : browser;
    await super.teardown();
  }
}
