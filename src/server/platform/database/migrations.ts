import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// Any constant works; it keeps two servers starting at once from migrating together.
const MIGRATION_LOCK = 7_310_001;

/** Applies, in name order, every `migrations/*.sql` not yet applied, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
  });
  return applied;
}

/** Migrations are plain statements separated by semicolons at line ends (no function bodies yet). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
