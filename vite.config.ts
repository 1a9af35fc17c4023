import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pandacss from '@pandacss/dev/postcss';
import react from '@vitejs/plugin-react';
import { type CSSOptions, defineConfig, type Plugin, type ProxyOptions, type Rollup, runnerImport } from 'vite';
import common from './src/web/i18n/es/common.json' with { type: 'json' };
import { BASE_NAMESPACES } from './src/web/i18n/namespaces';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The app's route table, from the features' route modules (src/web/app/features.ts), run by Vite
 * itself rather than bundled into this config: each page's code, which the table imports lazily,
 * is neither loaded nor made a dependency of the config.
 */
const { ROUTES } = (
  await runnerImport<typeof import('./src/web/app/routes')>(fromRoot('./src/web/app/routes.ts'), {
    root: repoRoot,
    configFile: false,
    logLevel: 'error',
    resolve: { tsconfigPaths: true },
  })
).module;

/**
 * What the dashboard draws first, where every sign-in lands: its route, its top screens and the parts they are made of,
 * with the API layer's and the formatters' modules the entry does not load. One chunk instead of a dozen of a few
 * hundred bytes to two KB, each a request of its own that a phone's six connections take in turn. Other pages share
 * most of these parts.
 */
const DASHBOARD_TOP = [
  'src/shared/format/',
  'src/shared/whatsapp-connection.',
  'src/web/api/',
  'src/web/features/dashboard/(routes|api)/',
  'src/web/features/dashboard/screens/(dashboard-screen|range-figures|active-campaigns-section|whatsapp-campaigns-section|campaign-cards|missing-investment-note|sync-line|layout).',
  'src/web/features/whatsapp/(routes/dashboard-campaigns|api/not-connected).',
  'src/web/(ui|ui/parts|styled-system/recipes)/(skeleton|page-header|card|segmented-control|kpi|progress-bar|badge|loadable-view).',
  'src/web/ui/(lazy-chart|lazy-date-range-picker|date-range-trigger|preloadable|staged|chart/frame|parts/chart|parts/date-range-trigger|parts/date-range-picker-style).',
  'src/web/styled-system/recipes/(chart|date-range-picker).',
  'src/web/app/first-steps/first-steps(-guide)?.',
  'node_modules/(@zag-js/progress|@ark-ui/react/dist/components/progress)/',
];

/** Paths as a module id matches them: a dot is a dot, a slash either slash. */
const pathPattern = (paths: readonly string[]) =>
  new RegExp(paths.map((path) => path.replaceAll('.', '\\.').replaceAll('/', '[\\\\/]')).join('|'));

/** A page's own text groups: those every page loads come with the app's code. */
const ownTexts = (namespaces: readonly string[]) =>
  namespaces.filter((namespace) => !(BASE_NAMESPACES as readonly string[]).includes(namespace));

const DASHBOARD_TEXTS = ownTexts(ROUTES.find((route) => route.title === 'dashboard')?.namespaces ?? []);

const serverTarget = process.env.RECOMPRA_DEV_SERVER ?? 'http://127.0.0.1:3000';

/** The server answers a browser's `GET` of these with this app's page (the session's); in development Vite serves it. */
const APP_PAGES_UNDER_API = ROUTES.map((route) => route.path).filter((path) => path.startsWith('/api/'));
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
 * their best: the server sends the one the browser accepts (`preCompressed` in platform/pages/spa.ts).
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

/** Where the build lists the files the entry page loads and those each route adds (see `pageCode`); the server reads it. */
export const PAGE_CODE_FILE = '.vite/page-code.json';

/**
 * Lists the entry page's own classic scripts, stylesheets and module scripts, and for each route of
 * the table the files of its screens' code and of its own text groups that the entry does not
 * already load (`PAGE_CODE_FILE`: `{ entry: { early, styles, scripts }, routes: [{ path, files }] }`).
 * The server names them in a page's answer (platform/pages/page-hints.ts), so a browser fetches them
 * before it has even read the page, and a route's code with the app's instead of once that has run.
 */
function pageCode(): Plugin {
  const webRoot = fromRoot('./src/web/');
  return {
    name: 'recompra-page-code',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      // Storybook builds with this config's plugins too; its bundle is not the app's.
      if (!chunks.some((chunk) => chunk.isEntry && chunk.moduleIds.includes(join(webRoot, 'app/main.tsx')))) return;
      const entryPage = await readFile(join(webRoot, 'index.html'), 'utf8');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
        };
        for (const root of roots) visit(root.fileName);
        return seen;
      };
      const entryChunks = chunks.filter((chunk) => chunk.isEntry);
      const entryCode = closure(entryChunks);
      const chunkOf = (moduleId: string) => {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`pageCode: no chunk holds ${moduleId}`);
        return chunk;
      };
      // A route names its page's code by the exports it loads lazily (`lazyExport` in src/web/lib/routes.ts):
      // the module is the one loaded lazily that exports that name.
      const lazyModules = [...this.getModuleIds()].flatMap((id) => {
        const info = this.getModuleInfo(id);
        return info && info.dynamicImporters.length > 0 ? [info] : [];
      });
      const moduleExporting = (name: string) => {
        const found = lazyModules.filter((info) => info.exports.includes(name));
        if (found.length !== 1) throw new Error(`pageCode: ${found.length} lazily loaded modules export ${name}`);
        return found[0]!.id;
      };
      const routes = ROUTES.map((route) => {
        const roots = [
          ...route.page.exports.map(moduleExporting),
          ...ownTexts(route.namespaces).map((namespace) => join(webRoot, `i18n/es/${namespace}.json`)),
        ].map(chunkOf);
        const files = [...closure(roots)].filter((file) => !entryCode.has(file)).map((file) => `/${file}`);
        return { path: route.path, files };
      });
      // The entry page's classic scripts (public/prime-intl.js), which the build leaves as they are:
      // each runs on its own as soon as it arrives.
      const early = [...entryPage.matchAll(/<script async src="([^"]+)"><\/script>/g)].map((match) => match[1]);
      const entry = {
        early,
        styles: entryChunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).map((file) => `/${file}`),
        scripts: [...entryCode].map((file) => `/${file}`),
      };
      this.emitFile({ type: 'asset', fileName: PAGE_CODE_FILE, source: JSON.stringify({ entry, routes }) });
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  envDir: repoRoot,
  plugins: [react(), await bootScreen(), stylesFirst(), pageCode(), precompress()],
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
        // A chunk loads when its code is about to run, so V8 may compile all of it at once on a
        // background thread while it downloads, instead of each function on the main thread the
        // first time it runs (V8's explicit compile hints; to other engines it is a comment).
        postBanner: '//# allFunctionsCalledOnLoad',
        codeSplitting: {
          // Form validation is only for pages with forms: kept out of the chunks every page loads.
          // The group takes those packages alone, not React that they import.
          includeDependenciesRecursively: false,
          groups: [
            // What every page runs on (React, the router, translations, queries): one chunk, so it
            // compresses as a whole instead of as the slices the lazy pages happen to share. With
            // what those packages import, so that it never imports back from the app's chunk.
            {
              name: 'framework',
              includeDependenciesRecursively: true,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]*query[^\\/]*)[\\/]/,
            },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
            // Everything else the entry page loads comes in the entry's own chunk (named after it):
            // three scripts to start a page, not fourteen, each a round trip on a phone's six connections.
            { name: 'index', tags: ['$initial'], test: /./ },
            // The groups below take what the entry does not load.
            // Ark's and zag's shared runtime (the machines' core, DOM helpers, React glue) serves every
            // component: one chunk, not a dozen slices of a few hundred bytes, each a request of its own.
            {
              name: 'ark-runtime',
              test: /node_modules[\\/](@zag-js[\\/](core|utils|types|anatomy|dom-query|react)|@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|components[\\/]factory|_virtual))/,
            },
            // What the dashboard draws first (where every sign-in lands), in one chunk (DASHBOARD_TOP).
            { name: 'dashboard-top', test: pathPattern(DASHBOARD_TOP) },
            // Its text groups, likewise: one file. The pages that share some of them load the rest too.
            { name: 'dashboard-texts', test: new RegExp(`i18n[\\\\/]es[\\\\/](${DASHBOARD_TEXTS.join('|')})\\.json$`) },
          ],
        },
      },
    },
  },
});
