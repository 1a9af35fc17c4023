import { afterAll, beforeAll, beforeEach, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { JobWorker } from '../../../../src/server/platform/jobs/jobs.ts';
import {
  type StoreEvent,
  type StoreEventSubscriber,
  StoreEvents,
  type SubscriberBatch,
} from '../../../../src/server/platform/store-data/store-events.ts';
import { migratedDatabase } from '../../support/harness.ts';

let db: Database;
let storeId: number;
beforeAll(async () => {
  db = await migratedDatabase();
  const [store] = await db.query<{ id: number }>(`insert into stores (name) values ('Tienda de eventos') returning id`);
  storeId = store!.id;
  // What a subscriber writes: a primary key per event, so handling one twice fails the test.
  await db.query('create table handled (subscriber text, event_id bigint, primary key (subscriber, event_id))');
});
afterAll(() => db.close());
beforeEach(async () => {
  for (const table of ['handled', 'store_event_deliveries', 'store_events', 'jobs']) await db.query(`delete from ${table}`);
});

const silent = () => undefined;

function subscriber(name: string, kinds: StoreEventSubscriber['kinds'], extra: Partial<StoreEventSubscriber> = {}): StoreEventSubscriber {
  return {
    name,
    kinds,
    async handle({ tx, events }: SubscriberBatch) {
      for (const event of events) await tx.query('insert into handled (subscriber, event_id) values ($1, $2)', [name, event.id]);
    },
    ...extra,
  };
}

function setUp(...subscribers: StoreEventSubscriber[]) {
  const events = new StoreEvents(db);
  for (const one of subscribers) events.subscribe(one);
  const worker = new JobWorker(db, silent);
  events.registerJob(worker, silent);
  return { events, worker };
}

const handled = async (name: string) =>
  (await db.query<{ event_id: string }>('select event_id::text from handled where subscriber = $1 order by event_id', [name])).length;

it('hands each event to the subscribers of its kind, once, through the job queue', async () => {
  const { events, worker } = setUp(subscriber('orders', ['order_created']), subscriber('carts', ['cart_abandoned']));
  await db.transaction((tx) =>
    events.record(tx, storeId, [
      { kind: 'order_created', customers: ['11'], orders: ['101'] },
      { kind: 'order_created', customers: ['12'], orders: ['102'] },
      { kind: 'customers_touched', customers: ['13'] },
    ]),
  );
  // One job per interested subscriber and store, however many events.
  expect(await db.query(`select payload->>'subscriber' as subscriber from jobs order by 1`)).toEqual([{ subscriber: 'orders' }]);
  await worker.drain();
  expect(await handled('orders')).toBe(2);
  expect(await handled('carts')).toBe(0);
  expect(await db.query('select * from store_event_deliveries')).toEqual([]);
  // The events stay for later readers; the deliveries are what is pending.
  expect(await db.query<{ count: number }>('select count(*)::integer as count from store_events')).toEqual([{ count: 3 }]);
  expect(await worker.drain()).toBe(0);
});

it('records nothing when the writer rolls back', async () => {
  const { events, worker } = setUp(subscriber('orders', ['order_created']));
  await expect(
    db.transaction(async (tx) => {
      await events.record(tx, storeId, [{ kind: 'order_created', orders: ['101'] }]);
      throw new Error('la escritura falló');
    }),
  ).rejects.toThrow('la escritura falló');
  expect(await worker.drain()).toBe(0);
  expect(await db.query('select * from store_events')).toEqual([]);
});

it('loses nothing and repeats nothing when the subscriber fails half-way', async () => {
  let failing = true;
  const flaky = subscriber('flaky', ['order_created'], {
    async handle({ tx, events }) {
      for (const event of events) await tx.query('insert into handled (subscriber, event_id) values ($1, $2)', ['flaky', event.id]);
      // The writes above roll back with the batch's acknowledgement.
      if (failing) throw new Error('el proceso se cayó');
    },
  });
  const { events, worker } = setUp(flaky);
  await db.transaction((tx) => events.record(tx, storeId, [{ kind: 'order_created', orders: ['101'] }]));
  await worker.drain();
  expect(await handled('flaky')).toBe(0);
  expect(await db.query<{ status: string; last_error: string }>('select status, last_error from jobs')).toEqual([
    { status: 'pending', last_error: 'el proceso se cayó' },
  ]);
  failing = false;
  await db.query('update jobs set run_at = now()');
  await worker.drain();
  expect(await handled('flaky')).toBe(1);
  expect(await db.query('select status from jobs')).toEqual([{ status: 'done' }]);
});

it('runs again for events recorded while its job was running', async () => {
  let secondRecorded: Promise<unknown> | undefined;
  const { events, worker } = setUp(
    subscriber('orders', ['order_created'], {
      async handle({ tx, events: batch }) {
        for (const event of batch) await tx.query('insert into handled (subscriber, event_id) values ($1, $2)', ['orders', event.id]);
        // Another writer commits an event after this batch was taken (PGlite runs it after this transaction).
        secondRecorded ??= new Promise((resolve) =>
          setTimeout(() =>
            resolve(db.transaction((writer) => events.record(writer, storeId, [{ kind: 'order_created', orders: ['102'] }]))),
          ),
        );
      },
    }),
  );
  await db.transaction((tx) => events.record(tx, storeId, [{ kind: 'order_created', orders: ['101'] }]));
  // The job's run ends after the second event is committed, which asks it to run once more.
  await worker.drain();
  await secondRecorded;
  await worker.drain();
  expect(await handled('orders')).toBe(2);
  expect(await db.query('select * from store_event_deliveries')).toEqual([]);
});

it('marks a running job for a rerun instead of leaving the new event waiting', async () => {
  const { events } = setUp(subscriber('orders', ['order_created']));
  await db.transaction((tx) => events.record(tx, storeId, [{ kind: 'order_created', orders: ['101'] }]));
  // The job is running (claimed, not finished) when the next event arrives.
  await db.query(`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 minute'`);
  await db.transaction((tx) => events.record(tx, storeId, [{ kind: 'order_created', orders: ['102'] }]));
  expect(await db.query('select status, rerun from jobs')).toEqual([{ status: 'running', rerun: true }]);
});

it('settles a store in this process, leaving the queued job nothing to do', async () => {
  const { events, worker } = setUp(subscriber('orders', ['order_created'], { batchSize: 2 }));
  await db.transaction((tx) =>
    events.record(
      tx,
      storeId,
      ['101', '102', '103', '104', '105'].map((order) => ({ kind: 'order_created' as const, orders: [order] })),
    ),
  );
  await events.settle(storeId);
  expect(await handled('orders')).toBe(5);
  expect(await worker.drain()).toBe(1);
  expect(await handled('orders')).toBe(5);
});

it('refuses two subscribers under one name', () => {
  const events = new StoreEvents(db);
  events.subscribe(subscriber('orders', ['order_created']));
  expect(() => events.subscribe(subscriber('orders', ['cart_abandoned']))).toThrow('orders');
});

it("hands each event with its own kind's detail, typed where it is recorded and where it is read", async () => {
  const received: unknown[] = [];
  const { events, worker } = setUp({
    name: 'segments-reader',
    kinds: ['segment_entered', 'import_phase_finished'],
    async handle({ events: batch }) {
      for (const event of batch) {
        // The kind narrows the detail: a segment's events carry its id, an import phase's its phase.
        if (event.kind === 'segment_entered') received.push(event.detail.segmentId);
        else if (event.kind === 'import_phase_finished') received.push(event.detail.phase);
      }
    },
  });
  await db.transaction(async (tx) => {
    await events.record(tx, storeId, [
      { kind: 'segment_entered', customers: ['11'], detail: { segmentId: '7' } },
      { kind: 'import_phase_finished', detail: { phase: 'history' } },
    ]);
  });
  await worker.drain();
  expect(received).toEqual(['7', 'history']);
  // An event without the detail its kind requires, or with a detail no kind has, does not compile.
  expectTypeOf<{ kind: 'segment_left'; customers: string[] }>().not.toExtend<StoreEvent>();
  expectTypeOf<{ kind: 'import_phase_finished'; detail: { phase: 'someday' } }>().not.toExtend<StoreEvent>();
  expectTypeOf<{ kind: 'order_created'; orders: string[] }>().toExtend<StoreEvent>();
});
