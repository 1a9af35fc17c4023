// Visual and accessibility check of every story: builds Storybook, serves the build on 127.0.0.1 and
// runs the Storybook test runner over it in Debian's Chromium (.storybook/test-runner.ts).
//
//   npm run test:stories            compare with the committed baselines (fails on any difference)
//   npm run test:update-baselines   rewrite the baselines that differ, write the missing ones, delete
//                                   the ones whose story is gone, and record the Chromium version
//
// A story without a baseline fails unless --update is given (in CI too: CI=true is passed through).
// `--twice` renders every story a second time in the same page and fails those whose two pictures differ:
// run it when adding stories, to find a picture that depends on timing before CI does.
// `--only NAME[,NAME…]` runs the story files whose names contain one of them (e.g. `screens-dashboard`); an update
// limited this way deletes no baseline.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = '/usr/bin/chromium';
// STORYBOOK_OUTPUT_DIR lets two checks run side by side without building into the same folder.
const outputDir = path.resolve(root, process.env.STORYBOOK_OUTPUT_DIR ?? 'storybook-static');
const visualDir = path.join(root, 'tests/visual');
const baselinesDir = path.join(visualDir, '__baselines__');
const diffDir = path.join(visualDir, '__diff_output__');
const versionFile = path.join(visualDir, 'chromium-version.txt');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const update = process.argv.includes('--update');
// `--json FILE` also writes Jest's JSON results there (npm test counts the stories from it).
const jsonIndex = process.argv.indexOf('--json');
const jsonOutput = jsonIndex > 0 ? process.argv[jsonIndex + 1] : undefined;
const twice = process.argv.includes('--twice');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

// The build is served by a small static server in this process, on a free port (step 3), so
// nothing outlives the run and a Storybook dev server on 6006 is no obstacle.
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

const server = createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  let file = path.join(outputDir, pathname);
  if (!file.startsWith(outputDir)) {
    response.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
  });
  createReadStream(file).pipe(response);
});
const children = new Set<ReturnType<typeof spawn>>();

function stopEverything(): void {
  // Each child leads its own process group, so Jest's workers and their browsers stop with it.
  for (const child of children) {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  server.close();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopEverything();
    process.exit(130);
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      env: { ...process.env, ...env },
    });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  stopEverything();
  process.exit(1);
}

// 1. The Chromium that made the baselines is recorded beside them (step 5).
function chromiumVersion(): string {
  try {
    // Debian's launcher script may print shell warnings on stderr; the version is on stdout.
    return execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    fail(`${chromium} is missing: install it with \`apt-get install -y chromium fonts-dejavu\`.`);
  }
}

const machineVersion = chromiumVersion();
// Another release of the same Chromium (a security update Debian ships) usually draws the same pixels: the run
// goes on, and only when pictures differ does its failure name both versions. A missing file means the baselines
// were never recorded on this setup.
let baselineVersion: string | undefined;
if (!update) {
  if (!existsSync(versionFile)) {
    fail(
      `${path.relative(root, versionFile)} is missing, so the baselines were never recorded on this setup: ` +
        'run npm run test:update-baselines and review the images.',
    );
  }
  baselineVersion = readFileSync(versionFile, 'utf8').trim();
  if (baselineVersion !== machineVersion) console.log(`Baselines were made with ${baselineVersion}, this machine has ${machineVersion}.`);
}
const versionHint = () =>
  baselineVersion && baselineVersion !== machineVersion
    ? ` The baselines were made with ${baselineVersion} and this machine has ${machineVersion}: if the differences are ` +
      'only in how that browser draws, run npm run test:update-baselines and review the images.'
    : '';

// 2. Build. Panda's generated styled-system is not committed, so generate it first.
rmSync(diffDir, { recursive: true, force: true });
const offline = { STORYBOOK_DISABLE_TELEMETRY: '1' };
const buildStarted = performance.now();
if (existsSync(path.join(root, 'panda.config.ts'))) {
  if ((await run(bin('panda'), ['codegen', '--silent'])) !== 0) fail('panda codegen failed.');
}
const buildCode = await run(bin('storybook'), ['build', '--quiet', '--disable-telemetry', '-o', outputDir], offline);
if (buildCode !== 0) fail('Storybook build failed.');
const buildTime = seconds(buildStarted);

type IndexEntry = { id: string; type: 'story' | 'docs'; tags?: string[] };
const index = JSON.parse(readFileSync(path.join(outputDir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const storyIds = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && !entry.tags?.includes('!test'))
  .map((entry) => entry.id);
if (storyIds.length === 0) fail('The Storybook build has no stories to test.');

// 3. Serve the build.
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// 4. Test every story of the build (index.json), two workers, no retries.
console.log(
  `\nTesting ${storyIds.length} stories in ${machineVersion} against ${url}${update ? ' (updating baselines)' : ''}${twice ? ', each rendered twice' : ''}\n`,
);
const testStarted = performance.now();
const testArgs = ['--url', url, '--index-json', '--maxWorkers=2'];
// Baselines are written on purpose only: without --update a missing one fails, in CI and locally.
testArgs.push(update ? '-u' : '--ci');
if (jsonOutput) testArgs.push('--json', '--outputFile', path.resolve(jsonOutput));
if (only) testArgs.push(...only.split(','));
const testCode = await run(bin('test-storybook'), testArgs, { ...offline, ...(twice ? { STORIES_TWICE: '1' } : {}) });
const testTime = seconds(testStarted);
server.close();

// 5. After a complete, successful update: record the browser, drop baselines of deleted stories.
if (update && testCode === 0 && !only) {
  mkdirSync(visualDir, { recursive: true });
  writeFileSync(versionFile, `${machineVersion}\n`);
  const known = new Set(storyIds.map((id) => `${id}.png`));
  for (const file of existsSync(baselinesDir) ? readdirSync(baselinesDir) : []) {
    if (file.endsWith('.png') && !known.has(file)) {
      rmSync(path.join(baselinesDir, file));
      console.log(`Deleted the baseline of a story that no longer exists: ${file}`);
    }
  }
  console.log(`Recorded ${machineVersion} in ${path.relative(root, versionFile)}.`);
} else if (update && testCode !== 0) {
  console.error(`The update run failed, so ${path.relative(root, versionFile)} was left as it was.`);
}
if (testCode !== 0 && existsSync(diffDir)) {
  console.error(`Differences (baseline | diff | new) are in ${path.relative(root, diffDir)}/.${versionHint()}`);
}

console.log(
  `\n${storyIds.length} stories, ${testCode === 0 ? 'passed' : 'FAILED'}: build ${buildTime}, tests ${testTime}, total ${seconds(started)}.`,
);
process.exit(testCode);
