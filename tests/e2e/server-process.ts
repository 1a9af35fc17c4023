import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { bundledModule } from '../bundled-module.ts';
import { migratedDataDir } from './migrated-data-dir.ts';

export const DEMO_PASSWORD = 'clave-e2e';
/**
 * How long a journey waits for what a person would wait for (a save, a job's result, a page). Generous, once for
 * every journey: on a loaded machine the server may be importing the demo store meanwhile, and a wait ends as soon
 * as what it waits for is there.
 */
export const SERVER_WAIT = 180_000;

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** A PostgreSQL database instead of a fresh embedded one: several processes may share it (the first migrates it). */
  databaseUrl?: string;
  /** More settings, as the environment gives them (another process's Meta sandbox in META_GRAPH_URL…). */
  env?: Record<string, string>;
}

/**
 * Runs the server as `npm start` does (`src/server/main.ts`, the built web app) on a free port with
 * a fresh embedded database (migrated, empty), or `options.databaseUrl`; the demo store imports from the local
 * Shopify sandbox.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'recompra-e2e-'));
  // On PostgreSQL the folder holds only the uploads on their way.
  if (!options.databaseUrl) await cp(await migratedDataDir(), dataDir, { recursive: true });
  const port = await freePort();
  // Node itself, not `npx tsx`: one process, so stopping it leaves nothing behind. `npm start`'s module, bundled.
  const child: ChildProcess = spawn(process.execPath, [await bundledModule(`import './src/server/main.ts';`)], {
    // The demo store's own sales are paused: the tests compare exact figures (a segment's size, its
    // members, their export) across a minute or more, and send the orders they need themselves.
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_STORE_SALES: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Recompra está en (http:\/\/\S+)/.exec(log);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${log}`)));
  });
  return {
    url,
    output: () => log,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A clean shutdown waits for the running job to stop; past 10 s it is cut short.
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Debian's Chromium in a container: no sandbox, no GPU, nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  // Every click and wait of every page gets SERVER_WAIT rather than Playwright's 30 s: only what never comes fails.
  // Playwright's own `browser.newPage` opens its context through this one too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(SERVER_WAIT);
    return context;
  };
  return browser;
}

/** Signs up a new account through the API from `page` (left on the login screen, signed in); answers the status. */
export async function signUpInPage(
  page: Page,
  serverUrl: string,
  account: { name: string; email: string; password: string },
): Promise<number> {
  await page.goto(`${serverUrl}/api/auth/login`);
  return page.evaluate(
    (body) =>
      fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
        (response) => response.status,
      ),
    account,
  );
}
