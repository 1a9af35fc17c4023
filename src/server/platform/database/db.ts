import pg from 'pg';
import { openPglite } from './pglite-thread.ts';

/** The one database interface: the same SQL runs on embedded PGlite and on a PostgreSQL server. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements with no parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `fn` in a savepoint of the transaction `tx`: when it throws, what it wrote is undone and the
 * transaction can go on (PostgreSQL refuses every later statement of a transaction one has failed in);
 * the error is thrown on. For work on one item of many, whose failure must not take the others with it.
 */
export async function inSavepoint<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  // One name will do: nested savepoints of the same name are undone innermost first.
  await tx.query('savepoint one_item');
  try {
    const result = await fn();
    await tx.query('release savepoint one_item');
    return result;
  } catch (error) {
    await tx.query('rollback to savepoint one_item');
    await tx.query('release savepoint one_item');
    throw error;
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * Embedded only: a new data folder starts as a copy of this dump (`dumpDatabase`) instead of an
   * empty cluster, which skips PGlite's initdb (about a second) and whatever the dump already holds.
   */
  startFrom?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.startFrom);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closed (a restart, a dropped database) is replaced, not fatal.
  pool.on('error', (error) => console.error(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T extends object>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
