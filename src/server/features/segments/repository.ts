import type { components } from '../../../shared/api/app.gen.ts';
import type { SegmentRules } from '../../../shared/segments.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { errors } from '../../platform/http/errors.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';

/*
 * The store's segments in SQL. Handlers, builds and figures decide; this module reads and writes the
 * `segments` rows (their fields, build state and kept figures) and reads the figures the screens show,
 * so every such query has one home. The SQL that is the feature's engine stays beside it: the rules
 * compiled to one query (compiler.ts), the members computed from it (membership.ts), the live count's
 * in-memory index loaded and kept current (live-count.ts), and the member table's search and order
 * composed into its query (customers-table.ts).
 */

type Segment = components['schemas']['Segment'];
type SegmentInput = components['schemas']['SegmentInput'];

export interface SegmentRecord {
  id: string;
  key: Segment['key'];
  name: string | null;
  description: string | null;
  form: Segment['form'];
  rules: SegmentRules;
  status: Segment['status'];
  build_failure: string | null;
  customers: number | null;
  built_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SEGMENT_COLUMNS = 'id::text, key, name, description, form, rules, status, build_failure, customers, built_at, created_at, updated_at';

/** The six default segments' order in the list: as SPEC §3 names them. */
const DEFAULT_ORDER = ['highValueCustomers', 'frequentCustomers', 'asleepCustomers', 'newCustomers', 'offerCustomers', 'riskyCustomers'];

export const toSegment = (row: SegmentRecord): Segment => ({
  id: Number(row.id),
  key: row.key,
  name: row.name,
  description: row.description,
  form: row.form,
  rules: row.rules,
  status: row.status,
  buildFailure: row.build_failure,
  customers: row.customers,
  builtAt: row.built_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** One segment of the store; a 404 for any other. */
export async function segmentOf(db: Queryable, storeId: number, segmentId: number | string): Promise<SegmentRecord> {
  const [row] = await db.query<SegmentRecord>(`select ${SEGMENT_COLUMNS} from segments where store_id = $1 and id = $2`, [
    storeId,
    segmentId,
  ]);
  if (!row) throw errors.notFound();
  return row;
}

/** The store's segments, the defaults first in their order, then the newest. */
export function segmentsOf(db: Queryable, storeId: number): Promise<SegmentRecord[]> {
  return db.query<SegmentRecord>(
    `select ${SEGMENT_COLUMNS} from segments where store_id = $1
      order by key is null, array_position($2::text[], key), id desc`,
    [storeId, DEFAULT_ORDER],
  );
}

/** How many segments of its own the store has, its creations serialised (under a lock on the store until commit). */
export async function lockedCustomSegmentCount(tx: Queryable, storeId: number): Promise<number> {
  await tx.query('select 1 from stores where id = $1 for update', [storeId]);
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    'select count(*)::integer as count from segments where store_id = $1 and key is null',
    [storeId],
  );
  return count;
}

export async function insertSegment(tx: Queryable, storeId: number, input: SegmentInput): Promise<SegmentRecord> {
  const [created] = await tx.query<SegmentRecord>(
    `insert into segments (store_id, name, description, form, rules) values ($1, $2, $3, $4, $5)
     returning ${SEGMENT_COLUMNS}`,
    [storeId, input.name.trim(), input.description?.trim() ?? '', input.form, JSON.stringify(input.rules)],
  );
  return created!;
}

/** Saves a segment's fields; new rules start a new version of it, queued to be built again. */
export async function updateSegmentRow(
  tx: Queryable,
  storeId: number,
  segmentId: string,
  input: SegmentInput,
  rulesChanged: boolean,
): Promise<SegmentRecord> {
  const [updated] = await tx.query<SegmentRecord>(
    `update segments set name = $3, description = $4, form = $5, rules = $6, updated_at = now(),
            rules_version = rules_version + $7::integer, status = case when $7::integer = 1 then 'queued' else status end,
            build_failure = case when $7::integer = 1 then null else build_failure end
      where store_id = $1 and id = $2
     returning ${SEGMENT_COLUMNS}`,
    [storeId, segmentId, input.name.trim(), input.description?.trim() ?? '', input.form, JSON.stringify(input.rules), rulesChanged ? 1 : 0],
  );
  return updated!;
}

/** Its members go with it (on delete cascade). */
export async function deleteSegmentRow(tx: Queryable, segmentId: string): Promise<void> {
  await tx.query('delete from segments where id = $1', [segmentId]);
}

/* Builds: the state, version and figures a segment's members were last computed with (membership.ts). */

/** What a build and the subscriber read of a segment. */
export interface SegmentBuildRow {
  id: string;
  rules: SegmentRules;
  rules_version: number;
  built_version: number | null;
  /** The store average its members were last evaluated against (numeric text), when its rules read it. */
  store_average: string | null;
}

const BUILD_COLUMNS = 'id::text, rules, rules_version, built_version, store_average::text';

/** A segment's customers, their counted orders and income all time (numeric text: exact). */
export interface SegmentFigures {
  customers: number;
  orders: number;
  income: string;
}

/** The default segments the store lacks, created; their ids. */
export async function insertMissingDefaultSegments(
  db: Queryable,
  storeId: number,
  rulesByKey: Readonly<Record<string, SegmentRules>>,
): Promise<string[]> {
  const created = await db.query<{ id: string }>(
    `insert into segments (store_id, key, rules)
     select $1, key, rules from jsonb_each($2::jsonb) as d(key, rules)
     on conflict (store_id, key) do nothing
     returning id::text`,
    [storeId, JSON.stringify(rulesByKey)],
  );
  return created.map((row) => row.id);
}

/** Whether the store's import has brought in everything. */
export async function storeImportFinished(db: Queryable, storeId: number): Promise<boolean> {
  const [row] = await db.query<{ status: string }>('select status from store_syncs where store_id = $1', [storeId]);
  return row?.status === 'FINISHED';
}

/** The build has begun (`inProgress`); null when the segment was deleted meanwhile. */
export async function startSegmentBuild(db: Queryable, storeId: number, segmentId: string): Promise<SegmentBuildRow | null> {
  const [started] = await db.query<SegmentBuildRow>(
    `update segments set status = 'inProgress' where id = $1 and store_id = $2
     returning id::text, rules, rules_version, built_version`,
    [segmentId, storeId],
  );
  return started ?? null;
}

/** The segment, locked until the transaction ends, so builds and the subscriber change its members in turn. */
export async function lockedSegmentForBuild(tx: Queryable, segmentId: string): Promise<SegmentBuildRow | null> {
  const [segment] = await tx.query<SegmentBuildRow>(`select ${BUILD_COLUMNS} from segments where id = $1 for update`, [segmentId]);
  return segment ?? null;
}

/** The store's segments that can be evaluated (a failed one failed every attempt of its build), locked in order. */
export function lockedEvaluableSegments(tx: Queryable, storeId: number): Promise<SegmentBuildRow[]> {
  return tx.query<SegmentBuildRow>(
    `select ${BUILD_COLUMNS} from segments where store_id = $1 and status <> 'failed' order by id for update`,
    [storeId],
  );
}

export function segmentRulesOfStore(tx: Queryable, storeId: number): Promise<{ id: string; rules: SegmentRules }[]> {
  return tx.query<{ id: string; rules: SegmentRules }>('select id::text, rules from segments where store_id = $1', [storeId]);
}

/** The figures kept on the segment (by the last build and the subscriber since). */
export async function keptSegmentFigures(tx: Queryable, segmentId: string): Promise<SegmentFigures> {
  const [kept] = await tx.query<SegmentFigures>('select customers, orders, income::text from segments where id = $1', [segmentId]);
  return kept!;
}

/** Whether two figures are the same, incomes compared as exact numerics. */
export async function sameFigures(db: Queryable, a: SegmentFigures, b: SegmentFigures): Promise<boolean> {
  const [same] = await db.query<{ same: boolean }>(
    'select $1::integer is not distinct from $2::integer and $3::integer = $4::integer and $5::numeric = $6::numeric as same',
    [a.customers, b.customers, a.orders, b.orders, a.income, b.income],
  );
  return same!.same;
}

/** A build's end: the state, the rules version built, the figures and the store average they were computed with. */
export async function finishSegmentBuild(
  tx: Queryable,
  segmentId: string,
  build: { status: 'ready' | 'processingData'; version: number; figures: SegmentFigures; average: string | null },
): Promise<void> {
  const { status, version, figures, average } = build;
  await tx.query(
    `update segments set status = $2, built_version = $3, built_at = now(), build_failure = null,
            customers = $4, orders = $5, income = $6::numeric, store_average = $7::numeric
      where id = $1`,
    [segmentId, status, version, figures.customers, figures.orders, figures.income, average],
  );
}

/** The build failed for good: failed with `failure`, unless its rules were edited meanwhile (queued again). Its state after. */
export async function markSegmentBuildFailed(db: Queryable, segmentId: string, failure: string): Promise<string | null> {
  const [segment] = await db.query<{ status: string }>(
    `update segments set status = case when status = 'queued' then status else 'failed' end,
            build_failure = case when status = 'queued' then null else $2 end
      where id = $1 returning status`,
    [segmentId, failure],
  );
  return segment?.status ?? null;
}

/**
 * Moves the segment's figures by the difference between some customers' members before and after; the
 * store average it compares with now, when `average` is given.
 */
export async function moveSegmentFigures(
  tx: Queryable,
  segmentId: string,
  before: SegmentFigures,
  after: SegmentFigures,
  average: { now: string | null } | null,
): Promise<void> {
  await tx.query(
    `update segments set customers = customers + $2, orders = orders + $3, income = income + ($4::numeric - $5::numeric),
            store_average = case when $6::boolean then $7::numeric else store_average end
      where id = $1`,
    [
      segmentId,
      after.customers - before.customers,
      after.orders - before.orders,
      after.income,
      before.income,
      average !== null,
      average?.now ?? null,
    ],
  );
}

/* Figures (stats.ts). */

/** The store's customers and their income all time, to compare the segments against. */
export async function storeCustomerTotals(db: Queryable, storeId: number): Promise<{ customers: number; income: string }> {
  const [store] = await db.query<{ customers: number; income: string }>(
    `select (select count(*)::integer from customers where store_id = $1) as customers,
            (select coalesce(sum(total_spent), 0)::text from customer_stats where store_id = $1) as income`,
    [storeId],
  );
  return store!;
}

/** Each segment's figures, as its build and the segments' subscriber keep them (membership.ts). */
export function segmentFiguresOfStore(db: Queryable, storeId: number): Promise<({ id: string } & SegmentFigures)[]> {
  return db.query<{ id: string } & SegmentFigures>(
    `select id::text, coalesce(customers, 0) as customers, orders, income::text from segments where store_id = $1 order by id`,
    [storeId],
  );
}

/**
 * A segment's members' figures: all time from their aggregates (customers, income, counted orders and
 * their units), and the counted orders of the store's days `from` to `to` with their income.
 */
export async function memberFiguresOf(
  db: Queryable,
  storeId: number,
  segmentId: string,
  days: { from: string; to: string; timeZone: string },
): Promise<{ customers: number; total_income: string; recent_orders: number; recent_income: string; orders: number; units: string }> {
  const [figures] = await db.query<{
    customers: number;
    total_income: string;
    recent_orders: number;
    recent_income: string;
    orders: number;
    units: string;
  }>(
    // All time from the members' aggregates; the days from those days' orders (placed-at index).
    `with totals as (
       select count(*)::integer as customers, coalesce(sum(s.total_spent), 0)::text as total_income,
              coalesce(sum(s.orders_count), 0)::integer as orders, coalesce(sum(s.units), 0)::text as units
         from segment_members m
         left join customer_stats s on s.store_id = m.store_id and s.customer_external_id = m.customer_external_id
        where m.segment_id = $1),
     recent as (
       select count(*)::integer as recent_orders, coalesce(sum(o.total_amount), 0)::text as recent_income
         from orders o
        where o.store_id = $2 and ${countedOrder('o.')}
          and o.customer_external_id in (select customer_external_id from segment_members where segment_id = $1)
          and o.placed_at >= ($3::date::timestamp at time zone $5::text) and o.placed_at < (($4::date + 1)::timestamp at time zone $5::text))
     select * from totals, recent`,
    [segmentId, storeId, days.from, days.to, days.timeZone],
  );
  return figures!;
}
