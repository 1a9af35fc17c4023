// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import i18next from 'eslint-plugin-i18next';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The folders directly under `dir`, read when lint starts, so a new feature is fenced in at once.
 * @param {string} dir
 */
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB_FEATURES = foldersIn('src/web/features');
const SERVER_FEATURES = foldersIn('src/server/features');

const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

// Import boundaries (CONVENTIONS.md "Where things live"). `no-restricted-paths` compares resolved
// files, so every zone below depends on the resolver finding them: it resolves `.ts`/`.tsx` with and
// without the extension and the `styled-system/*` alias of tsconfig.json.
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: ['src/web/app', ...WEB_FEATURES.filter((other) => other !== feature).map((other) => `src/web/features/${other}`)],
    message:
      'A feature imports only ui, api, lib, i18n and shared: never another feature nor app (which composes features). Move what two of them share down a layer.',
  })),
  {
    // app/features.ts lists the features; it takes each one's pages from its route module.
    target: 'src/web/app/features.ts',
    from: 'src/web/features',
    except: WEB_FEATURES.flatMap((feature) => [`./${feature}/routes/index.ts`, `./${feature}/routes/index.tsx`]),
    message:
      "A web feature's pages are registered through its routes/index.ts (its manifest): import what it exports there, not its files.",
  },
  {
    target: 'src/web/ui',
    from: ['src/web/app', 'src/web/features'],
    message: 'The design system knows nothing of the app or its features: take what it needs as props.',
  },
  {
    // The layers features stand on (where their shared pieces move down to) must not reach back up.
    target: ['src/web/api', 'src/web/lib'],
    from: ['src/web/app', 'src/web/features'],
    message: 'api and lib are below the features and the app: what they need from above moves down to them.',
  },
];

// The two sides meet only through the contracts; what both need lives in src/shared, which needs neither.
const sideZones = [
  {
    target: 'src/shared',
    from: ['src/web', 'src/server'],
    message: 'shared is what the browser and the server both import: it imports neither of them.',
  },
  {
    target: 'src/web',
    from: 'src/server',
    message: 'The browser reaches the server only through the contracts (src/web/api); what both need moves to src/shared.',
  },
  {
    target: 'src/server',
    from: 'src/web',
    message: 'The server knows the web app only as its built files; what both need moves to src/shared.',
  },
];

const serverZones = [
  {
    target: 'src/server/platform',
    from: 'src/server/features',
    message: 'Platform is cross-cutting and knows no feature; a feature plugs into it.',
  },
  ...SERVER_FEATURES.map((feature) => ({
    target: `src/server/features/${feature}`,
    from: SERVER_FEATURES.filter((other) => other !== feature).map((other) => `src/server/features/${other}`),
    message: 'Server features meet only through store events (ARCHITECTURE.md), never by importing each other.',
  })),
  // A feature split into folders by what each does (integrations: store, social ads, email marketing…)
  // composes them in its root files; a folder never reaches into a sibling.
  ...SERVER_FEATURES.flatMap((feature) => {
    const parts = foldersIn(`src/server/features/${feature}`);
    return parts.length < 2
      ? []
      : parts.map((part) => ({
          target: `src/server/features/${feature}/${part}`,
          from: parts.filter((other) => other !== part).map((other) => `src/server/features/${feature}/${other}`),
          message: `A folder of ${feature} knows none of its siblings: the feature's root files compose them, and what two share moves down to platform.`,
        }));
  }),
  {
    target: 'src/server/integrations',
    from: 'src/server/features',
    message: 'An integration is a client of a platform API and knows no feature.',
  },
  {
    // The configuration (which host and keys each platform's client takes) and a store's connections to
    // the platforms (connections/) build on the clients; the rest of platform stands on neither.
    target: [
      ...foldersIn('src/server/platform')
        .filter((concern) => concern !== 'connections')
        .map((concern) => `src/server/platform/${concern}`),
      'src/server/platform/feature.ts',
      'src/server/platform/workers.ts',
    ],
    from: 'src/server/integrations',
    message:
      "Only platform's config.ts and connections/ know the platforms' clients: what another part of platform needs of one moves into them.",
  },
  {
    target: 'src/server/integrations',
    from: 'src/server/platform',
    message:
      'A platform client and its sandbox stand alone, below our server: the platform layer (config, database, access) builds on them, never the other way.',
  },
  {
    // app.ts lists the features; the server's start and its demo seed use what their index exports.
    target: ['src/server/app.ts', 'src/server/main.ts', 'src/server/demo-store.ts'],
    from: 'src/server/features',
    except: SERVER_FEATURES.map((feature) => `./${feature}/index.ts`),
    message: 'A server feature is registered through its index.ts (its manifest): import what it exports there, not its files.',
  },
];

// Screens are props in, callbacks out (CONVENTIONS.md, habit 1): at runtime they fetch nothing, route
// nowhere and raise no toast; types from those modules are welcome (`import type`). Matched on the
// import as written, hence the relative patterns: `../api/…` is the feature's own api, `../../../api/…`
// the web api layer.
const screenImportPatterns = [
  {
    group: ['@tanstack/react-query', '@tanstack/react-query/*'],
    allowTypeImports: true,
    message: 'Screens do not query: the container in routes/ calls the hooks and passes data and callbacks as props.',
  },
  {
    group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
    allowTypeImports: true,
    message: 'Screens do not route: take an href or a callback (or a link component) from the container.',
  },
  {
    regex: '^(\\.\\./)+api(/.*)?$',
    allowTypeImports: true,
    message: 'Screens call no API module (src/web/api, features/*/api); `import type` for their types is fine.',
  },
  {
    // The toast store raises toasts; the `Toaster` part that renders them and the types stay allowed.
    regex: '^(\\.\\./)+ui/toaster(\\.ts)?$',
    importNames: ['toaster', 'createAppToaster'],
    allowTypeImports: true,
    message: 'Screens raise no toast: call back, and the container shows the toast.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'storybook-static*/**',
      'coverage/**',
      'src/web/styled-system/**',
      'src/shared/api/*.gen.ts',
      'mocks/public/mockServiceWorker.js',
      'tests/visual/__diff_output__/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', 'mocks/**/*.ts', 'tests/web/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The React Compiler's rules check the app's components; in stories, mocks and tests they would compile every
    // file again (two fifths of the whole lint) for components nobody ships.
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Every word a user reads comes from the text groups in src/web/i18n/es.
    files: ['src/web/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Boundaries and cycles apply to the application code; tests, stories and mocks may import anything.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': CODE_EXTENSIONS,
      'import-x/external-module-folders': ['node_modules'],
      // Generated CSS-in-JS runtime: resolved for the zones, never parsed for cycles.
      'import-x/ignore': ['[/\\\\]src[/\\\\]web[/\\\\]styled-system[/\\\\]'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: [...CODE_EXTENSIONS, '.json', '.node'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...sideZones, ...webZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Stories act as a person does, once the page has stopped moving: through stories/support/user-event.ts.
    files: ['stories/**/*.{ts,tsx}'],
    ignores: ['stories/support/user-event.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'storybook/test',
              importNames: ['userEvent'],
              message: 'Import userEvent from stories/support/user-event: it waits until the page is still before each action.',
            },
          ],
        },
      ],
    },
  },
  {
    // One idiom for the query cache (CONVENTIONS.md, habit 4): every key comes from a key function of
    // src/web/api/keys.ts and is matched through one, never read by position; a query waits for what its
    // request needs through src/web/api/store-query.ts, not a `skipToken` of its own.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/keys.ts', 'src/web/api/store-query.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Build the key with a key function of src/web/api/keys.ts (add one there).',
        },
        {
          selector: "MemberExpression[computed=true][object.property.name='queryKey']",
          message: 'Match keys through a key function of src/web/api/keys.ts (a prefix), not by position.',
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['skipToken'],
              message: 'Wait for a value through storeQuery or whenKnown (src/web/api/store-query.ts); a boolean is `enabled`.',
            },
          ],
        },
      ],
    },
  },
  {
    // After the block above: screens import nothing of TanStack Query at run time anyway.
    files: ['src/web/features/*/screens/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: screenImportPatterns }],
    },
  },
);
