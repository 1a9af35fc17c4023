import { DEFAULT_SEGMENT_RULES, type SegmentCondition, type SegmentKey, type SegmentRules } from '../../../shared/segments.ts';
import { type Database, inSavepoint, type Queryable } from '../../platform/database/db.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { type LiveEvent, publishLive } from '../../platform/store-data/live.ts';
import { calendarOf, storeTimeZone } from '../../platform/store-data/store-calendar.ts';
import type { StoreEvent, StoreEventKind, StoreEventSubscriber, StoreEvents } from '../../platform/store-data/store-events.ts';
import { compileSegment, STORE_AVERAGE } from './compiler.ts';
import { segmentMessages } from './messages.ts';
import {
  finishSegmentBuild,
  insertMissingDefaultSegments,
  keptSegmentFigures,
  lockedEvaluableSegments,
  lockedSegmentForBuild,
  markSegmentBuildFailed,
  moveSegmentFigures,
  type SegmentBuildRow,
  type SegmentFigures,
  sameFigures,
  segmentRulesOfStore,
  startSegmentBuild,
  storeImportFinished,
} from './repository.ts';

/*
 * Segment membership: materialised by a build job (queued → in progress → ready, or "processing data"
 * while the store's import has not finished, since members may still change as its history arrives),
 * and kept current between builds by the segments' store-events subscriber, which re-evaluates the
 * customers a change touched. Entering or leaving a segment is itself a store event
 * (`segment_entered`, `segment_left`), recorded in the transaction that changed the membership, so
 * what listens (Klaviyo lists, WhatsApp automations) misses nothing and sees nothing twice.
 *
 * One segment that cannot be evaluated (a rule the database refuses, saved before the rules refused
 * it) holds up no other: the subscriber evaluates each segment in a savepoint and hands a failing one
 * to its build, whose job retries with backoff and then marks it failed, with the reason the merchant
 * reads (`buildFailure`). A failed segment waits for an edit of its rules or the nightly rebuild.
 *
 * The segment's own row (state, version, figures) is read and written through repository.ts; the SQL
 * here is the engine's: the compiled rules evaluated against the members, and the store average they
 * compare with.
 */

export const SEGMENT_BUILD_QUEUE = 'segment-build';
/** Customers per entry or exit event: a first build of 200,000 members is 200 events, not one huge row. */
const EVENT_CHUNK = 1000;

const reads = (fields: readonly SegmentCondition['field'][]) => (rules: SegmentRules) =>
  rules.blocks.some((block) => block.conditions.some((condition) => fields.includes(condition.field)));
const readsProducts = reads(['productTags', 'productTypes']);
/** The store's average moves with any customer's purchases, and with it who is above it. */
const readsStoreAverage = reads(['averageOrderValue']);

/** The six default segments, created once per store (their builds queued with them). */
export async function ensureDefaultSegments(db: Queryable, storeId: number): Promise<void> {
  const keys = Object.keys(DEFAULT_SEGMENT_RULES) as SegmentKey[];
  const created = await insertMissingDefaultSegments(db, storeId, Object.fromEntries(keys.map((key) => [key, DEFAULT_SEGMENT_RULES[key]])));
  for (const id of created) await queueSegmentBuild(db, storeId, id);
}

/**
 * Asks for the segment's members to be computed again: one pending build per segment, however many ask.
 * A build already running runs once more after, unless `rerunIfRunning` is false (the running one will
 * see what the caller changed, as it locks the segment only once the caller's transaction is over).
 */
export function queueSegmentBuild(db: Queryable, storeId: number, segmentId: string, rerunIfRunning = true): Promise<number | null> {
  return enqueue(db, SEGMENT_BUILD_QUEUE, { storeId, segmentId }, { singletonKey: `segment:${segmentId}`, rerunIfRunning });
}

async function compiledFor(
  db: Queryable,
  storeId: number,
  rules: SegmentRules,
  onlyCustomers?: readonly string[],
  storeAverage?: string | null,
) {
  const timeZone = await storeTimeZone(db, storeId);
  return compileSegment(
    rules,
    { storeId, timeZone, today: calendarOf(timeZone, null).today, ...(storeAverage === undefined ? {} : { storeAverage }) },
    onlyCustomers,
  );
}

/** The mean of the customers' average order values now (numeric text; null without customers). */
async function storeAverage(db: Queryable, storeId: number): Promise<string | null> {
  const [row] = await db.query<{ average: string | null }>(
    `select (${STORE_AVERAGE})::text as average from customer_stats a where a.store_id = $1`,
    [storeId],
  );
  return row!.average;
}

/**
 * The customers whose average order value lies between two store averages: the only ones a move of the
 * store average from one to the other can take across it (customer_stats_average_idx finds them).
 */
async function crossing(db: Queryable, storeId: number, from: string, to: string | null): Promise<string[]> {
  if (to === null) return [];
  const rows = await db.query<{ customer: string }>(
    `select customer_external_id::text as customer from customer_stats
      where store_id = $1 and total_spent / orders_count > least($2::numeric, $3::numeric)
        and total_spent / orders_count <= greatest($2::numeric, $3::numeric)`,
    [storeId, from, to],
  );
  return rows.map((row) => row.customer);
}

/** How many of the store's customers `rules` match now (the forms' live count). */
export async function countMatching(db: Queryable, storeId: number, rules: SegmentRules): Promise<number> {
  const query = await compiledFor(db, storeId, rules);
  const [row] = await db.query<{ count: number }>(`select count(*)::integer as count from (${query.text}) as matched`, query.params);
  return row!.count;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

function membershipEvents(kind: Extract<StoreEventKind, 'segment_entered' | 'segment_left'>, segmentId: string, customers: string[]) {
  return chunks(customers, EVENT_CHUNK).map<StoreEvent>((part) => ({ kind, customers: part, detail: { segmentId } }));
}

/**
 * Makes the segment's members, among `onlyCustomers` (all of the store's customers when left out),
 * those its rules match now, comparing with `average` as the store average when given; records who
 * entered and who left, and refreshes each member's orders and income as the figures count them.
 * Returns how many entered and left, and the figures of those customers' members before and after.
 */
async function applyMembership(
  tx: Queryable,
  events: StoreEvents,
  storeId: number,
  segment: SegmentBuildRow,
  onlyCustomers?: readonly string[],
  average?: string | null,
): Promise<{ entered: number; left: number; before: SegmentFigures; after: SegmentFigures }> {
  const query = await compiledFor(tx, storeId, segment.rules, onlyCustomers, average);
  const scope = onlyCustomers ? `and customer_external_id = any($${query.params.length + 2}::bigint[])` : '';
  const params = [...query.params, segment.id, ...(onlyCustomers ? [onlyCustomers] : [])];
  const segmentParam = `$${query.params.length + 1}::bigint`;
  // One evaluation of the rules feeds both sides of the difference. The data-modifying parts touch
  // disjoint rows (new members, leaving members, staying members) and all read the statement's snapshot,
  // so `current` holds the members' figures as they were counted before.
  const [diff] = await tx.query<{
    entered: string[];
    left: string[];
    before_customers: number;
    before_orders: number;
    before_income: string;
    after_customers: number;
    after_orders: number;
    after_income: string;
  }>(
    `with matched as (${query.text}),
     current as (select customer_external_id::text as customer, orders, income from segment_members where segment_id = ${segmentParam} ${scope}),
     entered as (
       insert into segment_members (segment_id, store_id, customer_external_id, orders, income)
       select ${segmentParam}, $1::integer, m.customer::bigint, m.orders, m.income
         from matched m where m.customer not in (select customer from current)
       returning customer_external_id::text as customer),
     left_ as (
       delete from segment_members
        where segment_id = ${segmentParam} ${scope}
          and customer_external_id::text not in (select customer from matched)
       returning customer_external_id::text as customer),
     stayed as (
       update segment_members k set orders = m.orders, income = m.income
         from matched m
        where k.segment_id = ${segmentParam} and k.customer_external_id = m.customer::bigint
          and (k.orders, k.income) is distinct from (m.orders, m.income))
     select coalesce((select array_agg(customer order by customer) from entered), '{}') as entered,
            coalesce((select array_agg(customer order by customer) from left_), '{}') as left,
            b.customers as before_customers, b.orders as before_orders, b.income as before_income,
            a.customers as after_customers, a.orders as after_orders, a.income as after_income
       from (select count(*)::integer as customers, coalesce(sum(orders), 0)::integer as orders, coalesce(sum(income), 0)::text as income
               from current) b,
            (select count(*)::integer as customers, coalesce(sum(orders), 0)::integer as orders, coalesce(sum(income), 0)::text as income
               from matched) a`,
    params,
  );
  const entered = diff!.entered;
  const left = diff!.left;
  await events.record(tx, storeId, [
    ...membershipEvents('segment_entered', segment.id, entered),
    ...membershipEvents('segment_left', segment.id, left),
  ]);
  return {
    entered: entered.length,
    left: left.length,
    before: { customers: diff!.before_customers, orders: diff!.before_orders, income: diff!.before_income },
    after: { customers: diff!.after_customers, orders: diff!.after_orders, income: diff!.after_income },
  };
}

/** Computes the segment's members from scratch (the build job). */
export async function buildSegment(
  db: Database,
  events: StoreEvents,
  storeId: number,
  segmentId: string,
  log = console.log,
): Promise<void> {
  const started = await startSegmentBuild(db, storeId, segmentId);
  if (!started) return; // deleted meanwhile
  await segmentMoved(db, storeId, segmentId);
  await db.transaction(async (tx) => {
    // The rules as they are now: an edit since the start wins, and queued another build anyway.
    // Locked: the subscriber, which changes members too, waits for the build (and the build for it).
    const segment = await lockedSegmentForBuild(tx, segmentId);
    if (!segment) return;
    // The store average is taken once and recorded beside the members, so the subscriber knows which
    // customers a later move of it can take across (see segmentsSubscriber).
    const average = readsStoreAverage(segment.rules) ? await storeAverage(tx, storeId) : null;
    const kept = await keptSegmentFigures(tx, segmentId);
    const { entered, left, after } = await applyMembership(tx, events, storeId, segment, undefined, average);
    // A rebuild of unchanged rules should find what the subscriber kept: anything else is drift (or the calendar moving on).
    if (segment.built_version === segment.rules_version) {
      const same = await sameFigures(tx, kept, after);
      if (entered + left > 0 || !same)
        log(
          `Segmento ${segmentId} de la tienda ${storeId}: la reconstrucción encontró ${entered} entradas y ${left} salidas` +
            (same
              ? '.'
              : `; cifras guardadas ${kept.customers} clientes, ${kept.orders} pedidos, ${kept.income} de ingresos, recalculadas ${after.customers}, ${after.orders}, ${after.income}.`),
        );
    }
    const status = (await storeImportFinished(tx, storeId)) ? 'ready' : 'processingData';
    await finishSegmentBuild(tx, segmentId, { status, version: segment.rules_version, figures: after, average });
    await segmentMoved(tx, storeId, segmentId);
  });
}

/** The segment's open views ask for it again (its state, figures or members changed). */
function segmentMoved(db: Queryable, storeId: number, segmentId: string): Promise<void> {
  return publishLive(db, storeId, { topic: 'segment', segmentId: Number(segmentId) });
}

function failureOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const { badValue, other } = segmentMessages.buildFailures;
  return typeof code === 'string' && code.startsWith('22') ? badValue : other;
}

/**
 * The build used up its attempts: the segment is failed, with the reason. Unless its rules were edited
 * meanwhile (queued again): then the job's rerun, lost with the failure, is asked for again.
 */
async function buildFailed(db: Database, storeId: number, segmentId: string, error: unknown): Promise<void> {
  const status = await markSegmentBuildFailed(db, segmentId, failureOf(error));
  if (status === 'queued') await queueSegmentBuild(db, storeId, segmentId);
  else await segmentMoved(db, storeId, segmentId);
}

export function registerSegmentBuildJob(jobs: JobWorker, db: Database, events: StoreEvents, log = console.log): void {
  jobs.register<{ storeId: number; segmentId: string }>(SEGMENT_BUILD_QUEUE, {
    handler: (job) => buildSegment(db, events, job.payload.storeId, job.payload.segmentId),
    onFinalFailure: async (job, error) => {
      log(`El segmento ${job.payload.segmentId} de la tienda ${job.payload.storeId} no se pudo construir: ${String(error)}`);
      await buildFailed(db, job.payload.storeId, job.payload.segmentId, error);
    },
  });
}

async function queueAllBuilds(tx: Queryable, storeId: number, only?: (rules: SegmentRules) => boolean): Promise<void> {
  const segments = await segmentRulesOfStore(tx, storeId);
  for (const segment of segments) if (!only || only(segment.rules)) await queueSegmentBuild(tx, storeId, segment.id);
}

const KINDS: StoreEventKind[] = ['customer_stats_refreshed', 'customers_touched', 'customer_erased', 'products_touched', 'store_erased'];

/**
 * Re-evaluates `customers` against one segment and moves its figures by the difference (see
 * segmentsSubscriber), comparing with the store's `average` now; `crossed` keeps, per average a segment
 * was built against, the customers its move takes across.
 */
async function followChanges(
  tx: Queryable,
  events: StoreEvents,
  storeId: number,
  segment: SegmentBuildRow,
  customers: string[],
  average: string | null,
  crossed: Map<string, string[]>,
): Promise<boolean> {
  let scope = customers;
  const comparesAverage = readsStoreAverage(segment.rules);
  if (comparesAverage && segment.store_average === null) {
    // Built before the average was recorded beside the members, or never built: one build puts it
    // there. A build running now waits for this segment's lock, so it records the average anyway.
    await queueSegmentBuild(tx, storeId, segment.id, false);
  } else if (comparesAverage) {
    // Only the customers between the average the members were evaluated against and the average now
    // can have changed sides, besides those whose own figures changed.
    const from = segment.store_average!;
    if (!crossed.has(from)) crossed.set(from, await crossing(tx, storeId, from, average));
    scope = [...new Set([...customers, ...crossed.get(from)!])];
  }
  const { entered, left, before, after } = await applyMembership(
    tx,
    events,
    storeId,
    segment,
    scope,
    comparesAverage ? average : undefined,
  );
  await moveSegmentFigures(tx, segment.id, before, after, comparesAverage && segment.store_average !== null ? { now: average } : null);
  return (
    entered + left > 0 ||
    after.customers !== before.customers ||
    after.orders !== before.orders ||
    Number(after.income) !== Number(before.income)
  );
}

/**
 * The segments' store-events subscriber. The dashboard's rollups say which customers' aggregates they
 * refreshed (`customer_stats_refreshed`), so segments read aggregates that are already current: those
 * customers, and those whose own record changed (tags, consent), are evaluated again against every
 * segment of the store. A segment that compares with the store average also takes again the customers
 * between the average its members were evaluated against and the average now: those alone can have
 * crossed it, found through the index on the average rather than by a rebuild of the whole store. The
 * segment's figures move by the difference between those customers' members before and after. A whole
 * refresh (import, nightly) and a product change rebuild the segments it concerns through their jobs
 * (one pending build per segment: see queueSegmentBuild); the nightly build reports any drift. Each
 * segment is evaluated in its own savepoint: one that fails is left to its build, and the others go on.
 */
export function segmentsSubscriber(events: StoreEvents, log = console.log): StoreEventSubscriber {
  return {
    name: 'segments',
    kinds: KINDS,
    batchSize: 1000,
    async handle({ tx, storeId, events: batch }) {
      await ensureDefaultSegments(tx, storeId);
      if (
        batch.some((event) => event.kind === 'store_erased' || (event.kind === 'customer_stats_refreshed' && event.detail.all === true))
      ) {
        await queueAllBuilds(tx, storeId);
        return;
      }
      if (batch.some((event) => event.kind === 'products_touched')) await queueAllBuilds(tx, storeId, readsProducts);
      const customers = [...new Set(batch.filter((event) => event.kind !== 'products_touched').flatMap((event) => event.customers))];
      if (customers.length === 0) return;
      // A failed segment failed its build's every attempt: evaluating it again would fail again.
      const segments = await lockedEvaluableSegments(tx, storeId);
      const average = segments.some((segment) => readsStoreAverage(segment.rules)) ? await storeAverage(tx, storeId) : null;
      const crossed = new Map<string, string[]>();
      const moved: LiveEvent[] = [];
      for (const segment of segments) {
        try {
          if (await inSavepoint(tx, () => followChanges(tx, events, storeId, segment, customers, average, crossed)))
            moved.push({ topic: 'segment', segmentId: Number(segment.id) });
        } catch (error) {
          // Its members are left as they were, and the others go on: a build evaluates it whole again,
          // retried with backoff, and marks it failed if it cannot (registerSegmentBuildJob).
          log(`El segmento ${segment.id} de la tienda ${storeId} no se pudo actualizar y se reconstruirá: ${String(error)}`);
          await queueSegmentBuild(tx, storeId, segment.id, false);
        }
      }
      // Last, so the store's live cursor stays locked only until the commit that follows.
      await publishLive(tx, storeId, ...moved);
    },
  };
}
