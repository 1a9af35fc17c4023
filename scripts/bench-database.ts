// A fresh, throwaway database for a benchmark: PGlite in a temporary folder, or a new database on the
// PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432/test), dropped afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../src/server/platform/db.ts';
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
