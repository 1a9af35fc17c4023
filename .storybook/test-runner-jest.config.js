import { fileURLToPath } from 'node:url';
import { getJestConfig } from '@storybook/test-runner';

// The default Jest configuration comes from @storybook/test-runner
const testRunnerConfig = getJestConfig();

// Visual baselines are only comparable when every run uses the same browser with the same settings:
// Debian's Chromium (never a downloaded one), one device pixel, sRGB, no font hinting, no scrollbars,
// reduced motion, and a fixed viewport, locale and time zone (Chile: CLP, es, UTC-3 in March).
// Partial raster is off: with it, Chromium redraws only the changed part of a tile (a focus ring that
// appears after the first paint), and the edges of that part come out a shade different from a whole
// redraw, so the same page gave two pictures depending on what was painted when.
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
    '--font-render-hinting=none',
    '--force-color-profile=srgb',
    '--hide-scrollbars',
    '--disable-partial-raster',
  ],
};

const contextOptions = {
  viewport: { width: 1024, height: 768 },
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
  locale: 'es-CL',
  timezoneId: 'America/Santiago',
};

/**
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  // One page per worker for all its story files (see the file).
  testEnvironment: fileURLToPath(new URL('./test-environment.js', import.meta.url)),
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions,
      contextOptions,
    },
  },
  // A story that needs longer than this is waiting for something that never comes.
  testTimeout: 180_000,
};
