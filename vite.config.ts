import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pandacss from '@pandacss/dev/postcss';
import react from '@vitejs/plugin-react';
import { type CSSOptions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { ROUTES } from './src/web/app/routes';
import common from './src/web/i18n/es/common.json' with { type: 'json' };
import { BASE_NAMESPACES } from './src/web/i18n/namespaces';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The dashboard's own text groups (those every page loads come with the app's code). */
const DASHBOARD_TEXTS = (ROUTES.find((route) => route.screen === 'dashboard')?.namespaces ?? []).filter(
  (namespace) => !(BASE_NAMESPACES as readonly string[]).includes(namespace),
);

const serverTarget = process.env.RECOMPRA_DEV_SERVER ?? 'http://127.0.0.1:3000';

/** The server answers a browser's `GET` of these with this app's page; in development Vite serves it. */
const APP_PAGES_UNDER_API = ['/api/auth/login', '/api/auth/logout', '/api/auth/signup', '/api/auth/reset-password', '/api/auth/invitation'];
function loginPageBypass(req: IncomingMessage): string | undefined {
  const path = (req.url ?? '').split('?')[0] ?? '';
  const wantsHtml = (req.headers.accept ?? '').includes('text/html');
  if (req.method === 'GET' && APP_PAGES_UNDER_API.includes(path) && wantsHtml) return '/index.html';
  return undefined;
}

// Panda's plugin is typed against its own copy of postcss; at run time it is an ordinary plugin.
type PostcssPlugin = NonNullable<Exclude<CSSOptions['postcss'], string | undefined>['plugins']>[number];
const pandaPostcss = pandacss({ configPath: fromRoot('./panda.config.ts'), cwd: repoRoot }) as unknown as PostcssPlugin;

const apiProxy: ProxyOptions = { target: serverTarget, changeOrigin: false, bypass: loginPageBypass };

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each built text file, compressed once at
 * their best: the server sends the one the browser accepts (`preCompressed` in platform/spa.ts).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'recompra-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? fromRoot('./dist/web');
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|json|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          if (content.length < 1024) return;
          await writeFile(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${path}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Puts the session-check loading screen (the one `LoadingScreen` draws first) in the entry page
 * itself, with the same classes and text: the browser paints it as soon as the page and its styles
 * arrive, instead of a blank page until the scripts have run. React replaces it on its first render.
 */
async function bootScreen(): Promise<Plugin> {
  // Panda's generated recipes are plain modules loaded as they are; their types come from beside them.
  const recipesUrl = new URL('./src/web/styled-system/recipes/index.mjs', import.meta.url).href;
  const { loadingScreen, spinner }: typeof import('./src/web/styled-system/recipes') = await import(recipesUrl);
  const classes = loadingScreen({ layout: 'page' });
  const markup =
    `<div class="${classes.root}" role="status" aria-live="polite" aria-busy="true">` +
    `<span class="${spinner({ size: 'lg' })}" aria-hidden="true"></span>` +
    `<p class="${classes.label}">${common.sessionLoading}</p></div>`;
  return {
    name: 'recompra-boot-screen',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
  };
}

/**
 * Puts the built stylesheet before the scripts in the entry page: the browser asks for what it needs
 * to paint the loading screen first, ahead of the scripts it runs after.
 */
function stylesFirst(): Plugin {
  return {
    name: 'recompra-styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/ *<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const withoutThem = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        return withoutThem.replace(
          /( *)<script type="module"/,
          (script, indent: string) => `${stylesheets.map((link) => `${indent}${link.trim()}\n`).join('')}${script}`,
        );
      },
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  envDir: repoRoot,
  plugins: [react(), await bootScreen(), stylesFirst(), precompress()],
  resolve: { tsconfigPaths: true },
  css: {
    postcss: { plugins: [pandaPostcss] },
  },
  server: {
    proxy: {
      '/api': apiProxy,
      '/backend': { target: serverTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page pulls in: the route bundle budget test reads it.
    manifest: true,
    rolldownOptions: {
      // Panda's generated modules only define class-name functions: one unused by a page stays out of
      // its chunks (the bundler cannot tell by itself, as each runs a factory at load).
      treeshake: { moduleSideEffects: (id) => !/[\\/]styled-system[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // Form validation is only for pages with forms: kept out of the chunks every page loads.
          // The group takes those packages alone, not React that they import.
          includeDependenciesRecursively: false,
          groups: [
            // What every page runs on (React, the router, translations, queries): one chunk, so it
            // compresses as a whole instead of as the slices the lazy pages happen to share.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]*query[^\\/]*)[\\/]/,
            },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
            // The API layer (clients, keys, the session and current store) serves every page: one chunk, not one per module.
            { name: 'api', test: /src[\\/]web[\\/]api[\\/]/ },
            // Ark's and zag's shared runtime (the machines' core, DOM helpers, React glue) serves every
            // component: one chunk, not a dozen slices of a few hundred bytes, each a request of its own.
            {
              name: 'ark-runtime',
              test: /node_modules[\\/](@zag-js[\\/](core|utils|types|anatomy|dom-query|react)|@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|components[\\/]factory|_virtual))/,
            },
            // The formatters (numbers, dates, lists), likewise.
            { name: 'format', test: /src[\\/]shared[\\/]format[\\/]/ },
            // What the dashboard draws first (where every sign-in lands): its top screens and the parts
            // they are made of, in one chunk instead of ten of one or two KB, each a request of its own
            // that a phone's six connections take in turn. Other pages share most of these parts.
            {
              name: 'dashboard-top',
              test: /src[\\/]web[\\/]((ui|ui[\\/]parts|styled-system[\\/]recipes)[\\/](skeleton|page-header|card|segmented-control|kpi|progress-bar)\.|ui[\\/](lazy-chart|preloadable|staged)\.|app[\\/]first-steps[\\/]first-steps\.|features[\\/]dashboard[\\/]screens[\\/](dashboard-screen|range-figures|active-campaigns-section|sync-line|layout)\.)|node_modules[\\/](@zag-js[\\/]progress|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]progress)[\\/]/,
            },
            // Its text groups, likewise: one file. The pages that share some of them load the rest too.
            { name: 'dashboard-texts', test: new RegExp(`i18n[\\\\/]es[\\\\/](${DASHBOARD_TEXTS.join('|')})\\.json$`) },
          ],
        },
      },
    },
  },
});
