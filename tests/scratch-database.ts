// A new database on a PostgreSQL server, dropped when closed: tests and benchmarks prove the same
// SQL on a server as on PGlite without touching the server's own data.
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/platform/database/db.ts';

/** A copy of `template` when given (a database on the same server nobody is connected to), else empty. */
export async function scratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<Database> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const db = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), dataDir: '' });
  return {
    ...db,
    async close() {
      await db.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** `serverUrl` pointing at the database `name` on the same server. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's own database (creating and dropping databases). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
