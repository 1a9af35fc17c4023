// A fresh, throwaway database for a benchmark: PGlite in a temporary folder, or a new database on the
// PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432/test), dropped afterwards.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { type Config, loadConfig } from '../src/server/platform/config.ts';
import { type Database, openDatabase } from '../src/server/platform/database/db.ts';
import { createMailer } from '../src/server/platform/mail/mail.ts';
import { scratchDatabase } from '../tests/scratch-database.ts';

export async function benchDatabase(
  kind: string,
  serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
): Promise<{ db: Database; dispose: () => Promise<void> } | null> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'recompra-bench-'));
    const db = await openDatabase({ dataDir: dir });
    return { db, dispose: async () => (await db.close(), await rm(dir, { recursive: true, force: true })) };
  }
  try {
    const db = await scratchDatabase(serverUrl, 'recompra_bench');
    return { db, dispose: () => db.close() };
  } catch {
    console.log(`PostgreSQL at ${serverUrl} does not answer: skipped.`);
    return null;
  }
}

/** Runs `bench` once per database kind named in `kinds` (comma-separated), each on a fresh database. */
export async function onEachDatabase(
  kinds: string,
  bench: (kind: string, db: Database) => Promise<void>,
  serverUrl?: string,
): Promise<void> {
  for (const kind of kinds.split(',')) {
    const fresh = await benchDatabase(kind, serverUrl);
    if (!fresh) continue;
    try {
      await bench(kind, fresh.db);
    } finally {
      await fresh.dispose();
    }
  }
}

/** The app over `db` as the benchmarks run it: no sandboxes, no response checks, mail dropped, a stub page. */
export async function benchApp(db: Database): Promise<{ app: FastifyInstance; config: Config; dispose: () => Promise<void> }> {
  const webDir = await mkdtemp(join(tmpdir(), 'recompra-bench-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Recompra</title>');
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDir, dataDir: 'memory://', sandboxes: false, validateResponses: false };
  const app = await buildApp({ config, db, mailer: createMailer(undefined, () => undefined) });
  return { app, config, dispose: async () => (await app.close(), await rm(webDir, { recursive: true, force: true })) };
}
