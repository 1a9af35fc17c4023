import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = new URL('../', import.meta.url).pathname;
/** Inside the repository, so that the bundles' imports of packages resolve to its node_modules. */
const CACHE = join(ROOT, 'node_modules/.cache/recompra-bundles');

/**
 * The server's own modules keep their `import.meta.url`: what they read beside themselves (the migrations, the
 * contracts, the TypeScript of their worker threads) is found where it is, not beside the bundle.
 */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * Packages stay outside the bundle, loaded from node_modules as the server loads them, except dayjs: its files are
 * imported without their extension (`dayjs/plugin/utc`), which only a bundler or tsx resolves.
 */
const EXTERNAL = (() => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
    'dependencies' | 'devDependencies',
    Record<string, string>
  >;
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name !== 'dayjs');
  return [...names, ...names.map((name) => `${name}/*`)];
})();

let folder: string | undefined;
const bundles = new Map<string, Promise<string>>();
let made = 0;

/**
 * `source` (an ES module that imports the server's TypeScript, as a test's child process runs it) bundled into one
 * JavaScript file for Node alone; the same source is bundled once per process. Through tsx's loader, a child spent
 * seconds of processor importing the app, far more on a busy machine, at each of the dozens of starts a kill test makes.
 */
export function bundledModule(source: string): Promise<string> {
  let bundle = bundles.get(source);
  if (!bundle) {
    bundle = buildBundle(source);
    bundles.set(source, bundle);
  }
  return bundle;
}

async function buildBundle(source: string): Promise<string> {
  if (!folder) {
    mkdirSync(CACHE, { recursive: true });
    const created = mkdtempSync(join(CACHE, 'run-'));
    folder = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  const outfile = join(folder, `${made++}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'child.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    outfile,
    logLevel: 'warning',
    plugins: [ownUrls],
  });
  return outfile;
}
