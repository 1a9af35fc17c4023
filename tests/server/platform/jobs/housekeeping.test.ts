import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { nextNightlyRun } from '../../../../src/server/features/integrations/store/nightly.ts';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import {
  HOUSEKEEPING_QUEUE,
  registerHousekeepingJob,
  runHousekeeping,
  scheduleHousekeeping,
} from '../../../../src/server/platform/jobs/housekeeping.ts';
import { JobWorker } from '../../../../src/server/platform/jobs/jobs.ts';
import { addStore, migratedDatabase } from '../../support/harness.ts';

let db: Database;
let store: number;
let user: number;
beforeAll(async () => {
  db = await migratedDatabase();
  store = await addStore(db, 'Tienda');
  [{ id: user }] = (await db.query<{ id: number }>(`insert into users (email, name) values ('ana@tienda.cl', 'Ana') returning id`)) as [
    { id: number },
  ];
});
afterAll(() => db.close());

const silent = () => undefined;

/** Rows past their retention are labelled `old…`, the others `fresh…`. */
async function seed(): Promise<void> {
  const statements: [string, unknown[]][] = [
    ...[1, 2, 3, 4, 5].map((n): [string, unknown[]] => [
      `insert into rate_limit_events (subject, happened_at) values ($1, now() - interval '25 hours')`,
      [`old-${n}`],
    ]),
    [`insert into rate_limit_events (subject, happened_at) values ('fresh', now() - interval '23 hours')`, []],

    [`insert into sessions (token_hash, user_id, expires_at) values (convert_to('old', 'UTF8'), $1, now() - interval '1 minute')`, [user]],
    [`insert into sessions (token_hash, user_id, expires_at) values (convert_to('fresh', 'UTF8'), $1, now() + interval '1 day')`, [user]],

    [
      `insert into password_resets (user_id, token_hash, expires_at, used_at) values ($1, convert_to('old-used', 'UTF8'), now() - interval '25 hours', now() - interval '25 hours')`,
      [user],
    ],
    [
      `insert into password_resets (user_id, token_hash, expires_at) values ($1, convert_to('old-expired', 'UTF8'), now() - interval '25 hours')`,
      [user],
    ],
    [
      `insert into password_resets (user_id, token_hash, expires_at, used_at) values ($1, convert_to('fresh-used', 'UTF8'), now() + interval '30 minutes', now() - interval '23 hours')`,
      [user],
    ],
    [
      `insert into password_resets (user_id, token_hash, expires_at) values ($1, convert_to('fresh-expired', 'UTF8'), now() - interval '23 hours')`,
      [user],
    ],
    [
      `insert into password_resets (user_id, token_hash, expires_at) values ($1, convert_to('fresh-open', 'UTF8'), now() + interval '30 minutes')`,
      [user],
    ],

    ...(
      [
        ['old-accepted@x.cl', '60 days', '31 days', null],
        ['old-canceled@x.cl', '60 days', null, '31 days'],
        ['old-expired@x.cl', '31 days', null, null],
        ['fresh-accepted@x.cl', '60 days', '29 days', null],
        ['fresh-expired@x.cl', '29 days', null, null],
        ['fresh-open@x.cl', '-1 day', null, null],
      ] as const
    ).map(([email, expiredAgo, acceptedAgo, canceledAgo]): [string, unknown[]] => [
      `insert into store_invitations (store_id, email, token_hash, created_at, expires_at, accepted_at, canceled_at)
       values ($1, $2, convert_to($2, 'UTF8'), now() - interval '90 days', now() - $3::interval, now() - $4::interval, now() - $5::interval)`,
      [store, email, expiredAgo, acceptedAgo, canceledAgo],
    ]),

    [
      `insert into webhook_deliveries (webhook_id, store_id, topic, received_at) values ('old', $1, 'orders/create', now() - interval '8 days')`,
      [store],
    ],
    [
      `insert into webhook_deliveries (webhook_id, store_id, topic, received_at) values ('fresh', $1, 'orders/create', now() - interval '6 days')`,
      [store],
    ],

    [`insert into jobs (queue, status, finished_at) values ('old-done', 'done', now() - interval '8 days')`, []],
    [`insert into jobs (queue, status, finished_at) values ('fresh-done', 'done', now() - interval '6 days')`, []],
    [`insert into jobs (queue, status, finished_at) values ('old-failed', 'failed', now() - interval '31 days')`, []],
    [`insert into jobs (queue, status, finished_at) values ('fresh-failed', 'failed', now() - interval '29 days')`, []],
    [
      `insert into jobs (queue, status, run_at, created_at) values ('fresh-pending', 'pending', now() + interval '1 day', now() - interval '90 days')`,
      [],
    ],

    [`insert into mail_outbox (recipient, subject, body_text, sent_at) values ('old', 'A', 'a', now() - interval '31 days')`, []],
    [`insert into mail_outbox (recipient, subject, body_text, sent_at) values ('fresh', 'A', 'a', now() - interval '29 days')`, []],
    [`insert into mail_outbox (recipient, subject, body_text, failed_at) values ('old-failed', 'A', 'a', now() - interval '31 days')`, []],
    [
      `insert into mail_outbox (recipient, subject, body_text, created_at) values ('fresh-unsent', 'A', 'a', now() - interval '90 days')`,
      [],
    ],

    ...['old', 'fresh-recent', 'fresh-waiting'].map((kind): [string, unknown[]] => [
      `insert into store_events (store_id, kind, recorded_at) values ($1, $2, now() - make_interval(days => $3))`,
      [store, kind, kind === 'fresh-recent' ? 29 : 31],
    ]),
    [
      `insert into store_event_deliveries (subscriber, event_id, store_id) select 'dashboard-metrics', id, store_id from store_events where kind = 'fresh-waiting'`,
      [],
    ],

    ...[
      [1, 31],
      [2, 29],
    ].map(([id, days]): [string, unknown[]] => [
      `insert into platform_tombstones (store_id, kind, external_id, erased_at) values ($1, 'customer', $2, now() - make_interval(days => $3))`,
      [store, id, days],
    ]),

    ...[
      [1, 25],
      [2, 23],
    ].map(([seq, hours]): [string, unknown[]] => [
      `insert into live_events (store_id, seq, event, published_at) values ($1, $2, '{"topic":"storeSync"}', now() - make_interval(hours => $3))`,
      [store, seq, hours],
    ]),

    [`insert into job_workers (id, seen_at) values ('old', now() - interval '1 minute')`, []],
    [`insert into job_workers (id, seen_at) values ('fresh', now() - interval '1 second')`, []],
  ];
  for (const [sql, params] of statements) await db.query(sql, params);
}

/** What is left in each pruned table, by label. */
async function left(): Promise<Record<string, string[]>> {
  const labels = async (sql: string) => (await db.query<{ label: string }>(`${sql} order by 1`)).map((row) => row.label);
  return {
    rate_limit_events: await labels('select subject as label from rate_limit_events'),
    sessions: await labels(`select convert_from(token_hash, 'UTF8') as label from sessions`),
    password_resets: await labels(`select convert_from(token_hash, 'UTF8') as label from password_resets`),
    store_invitations: await labels('select email as label from store_invitations'),
    webhook_deliveries: await labels('select webhook_id as label from webhook_deliveries'),
    jobs: await labels(`select queue as label from jobs where queue <> '${HOUSEKEEPING_QUEUE}'`),
    mail_outbox: await labels('select recipient as label from mail_outbox'),
    job_workers: await labels('select id as label from job_workers'),
    store_events: await labels('select kind as label from store_events'),
    platform_tombstones: await labels(`select case external_id when 1 then 'old' else 'fresh' end as label from platform_tombstones`),
    live_events: await labels(`select case seq when 1 then 'old' else 'fresh' end as label from live_events`),
  };
}

const expectedLeft = {
  rate_limit_events: ['fresh'],
  sessions: ['fresh'],
  password_resets: ['fresh-expired', 'fresh-open', 'fresh-used'],
  store_invitations: ['fresh-accepted@x.cl', 'fresh-expired@x.cl', 'fresh-open@x.cl'],
  webhook_deliveries: ['fresh'],
  jobs: ['fresh-done', 'fresh-failed', 'fresh-pending'],
  mail_outbox: ['fresh', 'fresh-unsent'],
  job_workers: ['fresh'],
  store_events: ['fresh-recent', 'fresh-waiting'],
  platform_tombstones: ['fresh'],
  live_events: ['fresh'],
};

beforeEach(async () => {
  for (const table of [
    'rate_limit_events',
    'sessions',
    'password_resets',
    'store_invitations',
    'webhook_deliveries',
    'jobs',
    'mail_outbox',
    'job_workers',
    'store_events',
    'platform_tombstones',
    'live_events',
  ])
    await db.query(`delete from ${table}`);
  await seed();
});

it('deletes exactly the rows past their retention, a batch at a time', async () => {
  const batches: number[] = [];
  const deleted = await runHousekeeping(db, { batchSize: 2, onBatch: async () => void batches.push(1) });
  expect(await left()).toEqual(expectedLeft);
  expect(deleted).toMatchObject({
    rate_limit_events: 5,
    sessions: 1,
    password_resets: 2,
    store_invitations: 3,
    webhook_deliveries: 1,
    jobs: 2,
    mail_outbox: 2,
    job_workers: 1,
    store_events: 1,
    platform_tombstones: 1,
    live_events: 1,
  });
  // Five old events in batches of two: two full batches, then the last one.
  expect(batches.length).toBeGreaterThanOrEqual(2);
  expect(await runHousekeeping(db)).toEqual(Object.fromEntries(Object.keys(expectedLeft).map((table) => [table, 0])));
});

it('runs every night at 04:00 Chile time, after the 03:00 refresh, and books the next night', async () => {
  // The day Chile moves to summer time (clocks jump from 00:00 to 01:00, UTC-3 from then on).
  const saturdayMorning = new Date('2025-09-06T12:00:00Z');
  expect(nextNightlyRun(saturdayMorning).toISOString()).toBe('2025-09-07T06:00:00.000Z');
  await scheduleHousekeeping(db, saturdayMorning);
  await scheduleHousekeeping(db, new Date('2025-09-06T20:00:00Z'));
  const booked = () =>
    db.query<{ run_at: Date; status: string }>(`select run_at, status from jobs where queue = $1 order by run_at`, [HOUSEKEEPING_QUEUE]);
  expect((await booked()).map((job) => [job.run_at.toISOString(), job.status])).toEqual([['2025-09-07T07:00:00.000Z', 'pending']]);

  const worker = new JobWorker(db, silent);
  registerHousekeepingJob(worker, db, silent);
  // Tonight has come.
  await db.query(`update jobs set run_at = now() where queue = $1`, [HOUSEKEEPING_QUEUE]);
  expect(await worker.drain()).toBe(1);
  expect(await left()).toEqual(expectedLeft);
  const [tonight, next] = await booked();
  expect(tonight!.status).toBe('done');
  expect(next!.status).toBe('pending');
  // The next night's 04:00, read on Chile's clock independently of the code under test.
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  expect(clock.format(next!.run_at)).toBe('04:00');
  const hoursAhead = (next!.run_at.getTime() - Date.now()) / 3_600_000;
  expect(hoursAhead).toBeGreaterThan(0);
  expect(hoursAhead).toBeLessThanOrEqual(26);
});
