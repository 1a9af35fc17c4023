import { type ChildProcess, spawn } from 'node:child_process';
import { bundledModule } from '../../bundled-module.ts';

/** A server in a process of its own, started from a module's source; it prints `LISTO <url>` once it listens. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** What it has printed so far. */
  log: () => string;
}

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Runs `source` (an ES module importing the server's TypeScript, bundled) from the repository's root, with `env` added to this process's. */
export async function startChildServer(source: string, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, [await bundledModule(source)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /LISTO (http:\/\/\S+)/.exec(log);
      if (match) resolve({ url: match[1]!, child, log: () => log });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${log}`)));
  });
}
