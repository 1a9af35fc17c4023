// Global setup of the server tests: the migrations run once per run, into a template that every
// test file's database copies (`migratedDatabase` in harness.ts), instead of once per file.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/platform/database/db.ts';
import { migrate } from '../../../src/server/platform/database/migrations.ts';
import { dumpDatabase } from '../../../src/server/platform/database/pglite-thread.ts';
import { databaseUrlOf, onServer } from '../../scratch-database.ts';

/** Where the migrated template is: a PGlite dump on disk, or a database on TEST_DATABASE_URL's server. */
export type DatabaseTemplate = { kind: 'pglite'; dump: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `recompra_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const db = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), dataDir: '' });
    await migrate(db);
    // A database is copied only while nobody is connected to it.
    await db.close();
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const folder = await mkdtemp(join(tmpdir(), 'recompra-template-'));
  const dump = join(folder, 'migrated.tar');
  await writeFile(dump, Buffer.from(await (await dumpDatabase(db)).arrayBuffer()));
  await db.close();
  project.provide('databaseTemplate', { kind: 'pglite', dump });
  return () => rm(folder, { recursive: true, force: true });
}
