import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/platform/database/db.ts';
import { migrate } from '../../src/server/platform/database/migrations.ts';

const MIGRATIONS = 'src/server/platform/database/migrations';
const CACHE = 'node_modules/.cache/recompra-e2e';

/**
 * A PGlite data folder with every migration applied and nothing else, made once for these migrations and this
 * PGlite, that each journey's server starts from a copy of. Creating a cluster is most of a fresh server's start
 * (several seconds of WebAssembly, far longer on a busy machine); what the server then does on its own (seeding
 * the demo store, importing it) is what `npm start` does on a first start. Two journeys may make it at once: each
 * builds in its own folder and the first to finish names it.
 */
export async function migratedDataDir(): Promise<string> {
  const folder = join(CACHE, `migrated-${await schemaKey()}`);
  if (existsSync(folder)) return folder;
  await mkdir(CACHE, { recursive: true });
  const building = await mkdtemp(join(CACHE, 'building-'));
  const db = await openDatabase({ dataDir: building });
  await migrate(db);
  await db.close();
  try {
    await rename(building, folder);
  } catch (error) {
    // Another journey named its copy first: the same migrations on the same PGlite.
    if (!existsSync(folder)) throw error;
    await rm(building, { recursive: true, force: true });
  }
  return folder;
}

/** Names the migrations (by their text) and the PGlite that ran them. */
async function schemaKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(await readFile('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const name of (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(name).update(await readFile(join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
