import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEGMENT_BUILD_QUEUE } from '../../../../src/server/features/segments/membership.ts';
import { segmentMessages } from '../../../../src/server/features/segments/messages.ts';
import { type Caller, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * A segment that cannot be computed holds up no other segment of its store: the store's events still
 * reach every other segment, and the broken one's build retries with backoff, then is marked failed with
 * a reason the merchant can read. The fault is the probe's (PostgreSQL's "date/time field value out of
 * range", which a segment from year 0000 met), raised by a trigger on that segment's members alone, since
 * the rules no longer let such a segment be saved. Time never passes here: a retry's wait is skipped by
 * making the job due.
 */

let server: TestServer;
let owner: Caller;
let store: number;
let nextOrder = 100;

const purchased = (period: object) => ({
  join: 'and',
  blocks: [{ join: 'and', conditions: [{ field: 'purchase', operator: 'is', period }] }],
});

async function settle() {
  while ((await server.app.jobs.drain()) > 0) {}
}

/** Customer `customer` buys now (a new customer the first time), as a webhook would record it. */
async function order(customer: number) {
  const id = nextOrder++;
  await server.db.transaction(async (tx) => {
    await tx.query(`insert into customers (store_id, external_id, first_name) values ($1, $2, 'Cliente') on conflict do nothing`, [
      store,
      customer,
    ]);
    await tx.query(
      `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, financial_status)
       values ($1, $2, now(), 10000, $3, 'PAID')`,
      [store, id, customer],
    );
    await server.app.events.record(tx, store, [{ kind: 'order_created', customers: [String(customer)], orders: [String(id)] }]);
  });
  await settle();
}

const segmentsUrl = (path = '') => `/api/private/stores/${store}/segments${path}`;
const get = async (id: number) => (await server.app.inject({ url: segmentsUrl(`/${id}`), cookies: owner.cookies })).json();
const send = (method: 'POST' | 'PUT', path: string, payload: object) =>
  server.app.inject({ method, url: segmentsUrl(path), cookies: owner.cookies, headers: owner.headers, payload });
const members = async (id: number) =>
  (
    await server.db.query<{ customer: number }>(
      'select customer_external_id::float8 as customer from segment_members where segment_id = $1 order by 1',
      [id],
    )
  ).map((row) => row.customer);
const buildsOf = (id: number) =>
  server.db.query<{ id: string; status: string; attempts: number; last_error: string | null }>(
    `select id::text, status, attempts, last_error from jobs where queue = $1 and payload->>'segmentId' = $2 order by id`,
    [SEGMENT_BUILD_QUEUE, String(id)],
  );

/**
 * A build that failed and waits for its retry; how many times it was tried. Its first backoff is 5 s: a drain
 * slowed by a busy machine may outlive it and have tried once more already.
 */
function expectAwaitingRetry(build: { status: string; attempts: number; last_error: string | null } | undefined): number {
  expect(build).toMatchObject({ status: 'pending', last_error: expect.stringContaining('out of range') });
  expect([1, 2]).toContain(Number(build!.attempts));
  return Number(build!.attempts);
}

/** Writing members of `segmentId` fails from now on, as evaluating a rule from year 0000 did. */
const breakSegment = (segmentId: number) =>
  server.db.exec(`create trigger refuse_members_${segmentId} before insert on segment_members for each row
                  when (new.segment_id = ${segmentId}) execute function refuse_members()`);
const repairSegment = (segmentId: number) => server.db.exec(`drop trigger refuse_members_${segmentId} on segment_members`);

const create = async (name: string, period: object) =>
  (await send('POST', '', { name, form: 'simple', rules: purchased(period) })).json() as { id: number };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  await server.db.query(
    `insert into store_syncs (store_id, status, phase) values ($1, 'FINISHED', 'done')
     on conflict (store_id) do update set status = 'FINISHED', phase = 'done'`,
    [store],
  );
  await server.db.exec(`create function refuse_members() returns trigger language plpgsql as $$
    begin raise exception 'date/time field value out of range: "0000-01-01"' using errcode = '22008'; end $$`);
  await order(1);
  await order(2);
});
afterAll(() => server.close());

it('keeps the store’s other segments updating, retries the broken one with backoff, then marks it failed', async () => {
  const recent = await create('Compraron este mes', { kind: 'last', amount: 30, unit: 'day' });
  const broken = await create('Compraron alguna vez', { kind: 'anytime' });
  await settle();
  expect([await members(recent.id), await members(broken.id)]).toEqual([
    [1, 2],
    [1, 2],
  ]);
  await breakSegment(broken.id);

  // An order: the segments' subscriber evaluates the buyer against every segment of the store.
  await order(3);
  expect(await members(recent.id)).toEqual([1, 2, 3]);
  expect(await get(recent.id)).toMatchObject({ status: 'ready', customers: 3, buildFailure: null });
  // Nothing of the store's is left waiting behind the broken segment.
  expect(await server.db.query('select 1 from store_event_deliveries where store_id = $1', [store])).toEqual([]);
  // The broken one went to its build, which failed and waits for its retry.
  const builds = await buildsOf(broken.id);
  const retried = builds.at(-1);
  const tried = expectAwaitingRetry(retried);

  for (let attempt = tried + 1; attempt <= 5; attempt++) {
    // Its backoff is over.
    await server.db.query('update jobs set run_at = now() where id = $1', [retried!.id]);
    await settle();
    expect((await buildsOf(broken.id)).at(-1)).toMatchObject({ status: attempt < 5 ? 'pending' : 'failed', attempts: attempt });
  }
  // The list shows it failed, and why; its last members stay.
  const listed = (await server.app.inject({ url: segmentsUrl(), cookies: owner.cookies })).json().segments;
  expect(listed.find((segment: { id: number }) => segment.id === broken.id)).toMatchObject({
    status: 'failed',
    buildFailure: segmentMessages.buildFailures.badValue,
    customers: 2,
  });
  expect(await members(broken.id)).toEqual([1, 2]);

  // Later events still flow to the others, and the failed segment is not tried again for each of them.
  await order(4);
  expect(await members(recent.id)).toEqual([1, 2, 3, 4]);
  expect(await buildsOf(broken.id)).toHaveLength(builds.length);
  expect(await server.db.query('select 1 from store_event_deliveries where store_id = $1', [store])).toEqual([]);

  // Once the fault is gone, an edit of its rules builds it again, and the failure is gone too.
  await repairSegment(broken.id);
  const edited = await send('PUT', `/${broken.id}`, {
    name: 'Compraron este año',
    form: 'simple',
    rules: purchased({ kind: 'last', amount: 1, unit: 'year' }),
  });
  expect(edited.json()).toMatchObject({ status: 'queued', buildFailure: null });
  await settle();
  expect(await get(broken.id)).toMatchObject({ status: 'ready', buildFailure: null, customers: 4 });
  expect(await members(broken.id)).toEqual([1, 2, 3, 4]);
});

it('builds the rules edited while the last attempt ran, instead of marking them failed', async () => {
  const broken = await create('Editado a tiempo', { kind: 'anytime' });
  await settle();
  await breakSegment(broken.id);
  await order(5);
  const build = (await buildsOf(broken.id)).at(-1);
  expectAwaitingRetry(build);
  // The merchant edits the rules while the build's last attempt is under way, and that attempt ends as a
  // failure (here its process dies): the build the edit asked of the running job must still come.
  await send('PUT', `/${broken.id}`, {
    name: 'Editado a tiempo',
    form: 'simple',
    rules: purchased({ kind: 'last', amount: 1, unit: 'year' }),
  });
  await server.db.query(
    `update jobs set status = 'running', attempts = max_attempts, locked_until = now() - interval '1 second' where id = $1`,
    [build!.id],
  );
  await repairSegment(broken.id);
  await settle();
  // Its first build, the one that failed, and the edit's.
  expect((await buildsOf(broken.id)).map((job) => job.status)).toEqual(['done', 'failed', 'done']);
  const bought = await members(broken.id);
  expect(bought).toContain(5);
  expect(await get(broken.id)).toMatchObject({ status: 'ready', buildFailure: null, customers: bought.length });
});
