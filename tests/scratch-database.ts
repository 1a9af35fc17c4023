// A new database on a PostgreSQL server, dropped when closed: tests and benchmarks prove the same
// SQL on a server as on PGlite without touching the server's own data.
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/platform/db.ts';

export async function scratchDatabase(serverUrl: string, prefix: string): Promise<Database> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
