/*
 * The embedded database runs PGlite in a worker thread of its own, never on the event loop (the main
 * thread's copy of PGlite cannot even start here), and behaves as it did on the main thread: rows with
 * their types, PostgreSQL's error fields, transactions that commit or roll back whole, copies from a dump.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../../../src/server/platform/database/db.ts';
import { dumpDatabase } from '../../../../src/server/platform/database/pglite-thread.ts';

// A database opened on the main thread would go through this.
vi.mock('@electric-sql/pglite', () => ({
  PGlite: {
    create: () => {
      throw new Error('PGlite started on the main thread');
    },
  },
}));

// Only the embedded database is under test: the PostgreSQL run has nothing to add.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await db.exec('create table notes (id int primary key, at timestamptz not null, body jsonb, bytes bytea)');
  });
  afterAll(() => db.close());

  it('answers rows with their types from its own thread', async () => {
    const at = new Date('2026-11-01T12:00:00Z');
    await db.query('insert into notes values ($1, $2, $3, $4)', [1, at, { tags: ['vip'] }, Buffer.from('hola')]);
    const [row] = await db.query<{ id: number; at: Date; body: unknown; bytes: Uint8Array }>('select * from notes where id = 1');
    expect(row).toEqual({ id: 1, at, body: { tags: ['vip'] }, bytes: new Uint8Array(Buffer.from('hola')) });
  });

  it("keeps PostgreSQL's error fields, which callers read", async () => {
    const refusal = db.query('insert into notes values (1, now())');
    await expect(refusal).rejects.toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
      message: expect.stringContaining('duplicate key'),
    });
    await expect(db.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
  });

  it('commits a transaction whole, rolls one back whole, and gives back the first failure', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes values (2, now())');
      await tx.query('insert into notes values (3, now())');
    });
    const failure = new Error('stopped half-way');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes values (4, now())');
        throw failure;
      }),
    ).rejects.toBe(failure);
    const ids = await db.query<{ id: number }>('select id from notes order by id');
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('lets a query asked for during a transaction wait for it, as its one connection does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into notes values (5, now())');
      await held;
      return tx.query<{ count: number }>('select count(*)::int as count from notes');
    });
    // Asked for while the transaction is open: it sees what the transaction committed, all of it.
    const outside = db.query<{ count: number }>('select count(*)::int as count from notes');
    release();
    expect((await transaction)[0]!.count).toBe(4);
    expect((await outside)[0]!.count).toBe(4);
  });

  it('opens a copy from a dump, apart from the original', async () => {
    const copy = await openDatabase({ dataDir: 'memory://', startFrom: await dumpDatabase(db) });
    try {
      await copy.query('delete from notes');
      expect(await copy.query('select id from notes')).toEqual([]);
      expect(await db.query('select count(*)::int as count from notes')).toEqual([{ count: 4 }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses every query once closed, and says why', async () => {
    const closed = await openDatabase({ dataDir: 'memory://' });
    await closed.close();
    await expect(closed.query('select 1')).rejects.toThrow(/closed/);
  });
});
