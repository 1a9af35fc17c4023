import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/*
 * Worker threads for work that would hold the event loop (building a spreadsheet, say). The server's
 * TypeScript runs under tsx, whose loader a worker thread does not inherit on Node 20, so each worker
 * first loads tsx's API and imports its module through it.
 */

/** tsx's API as an ES module (a `require` resolution would give its CommonJS build). */
const TSX_API = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(require.resolve('tsx/package.json')), manifest.exports['./esm/api']!.import.default)).href;
})();

/** A worker thread running the TypeScript module at `module`; `options` as Node's (its `workerData`, say). */
export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(boot, { ...options, eval: true });
}
