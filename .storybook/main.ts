import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const storiesDir = fileURLToPath(new URL('../stories', import.meta.url));
// Docs pages only when there are some: an unmatched pattern makes every build print a warning.
const hasMdx = readdirSync(storiesDir, { recursive: true }).some((file) => String(file).endsWith('.mdx'));

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [...(hasMdx ? ['../stories/**/*.mdx'] : []), '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  // The mock service worker lives in mocks/public (`npx msw init mocks/public`), out of the production build.
  staticDirs: ['../src/web/public', '../mocks/public'],
  core: {
    // Builds and test runs must work offline and never phone home.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
  },
  // Storybook loads the root vite.config.ts (plugins, resolve, css) and already replaces its
  // `build`. The app's config is rooted at src/web and may proxy /api to a server; in Storybook
  // the project root is the root, MSW answers every request, and static files come from staticDirs.
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { proxy: _proxy, ...server } = viteConfig.server ?? {};
    return mergeConfig(
      { ...viteConfig, server },
      {
        root: projectRoot,
        publicDir: false,
        // Keep `--quiet` builds quiet: warnings and errors only.
        logLevel: 'warn',
        build: {
          chunkSizeWarningLimit: 4096,
          reportCompressedSize: false,
          rolldownOptions: { checks: { bundlerTimings: false } },
        },
      },
    );
  },
};

export default config;
