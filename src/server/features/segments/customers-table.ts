import type { components } from '../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { folded } from '../../platform/database/text-search.ts';
import type { JsonRows } from '../../platform/files/xlsx.ts';

type SegmentCustomersPage = components['schemas']['SegmentCustomersPage'];
type SegmentCustomerRow = components['schemas']['SegmentCustomerRow'];
export type SegmentCustomersSort = components['parameters']['SegmentCustomersSort'];

/** Which members, in what order: the table's query parameters, defaults applied. */
export interface SegmentCustomersQuery {
  sort: SegmentCustomersSort;
  order: 'asc' | 'desc';
  /** Trimmed; empty keeps every member. */
  q: string;
}

/** The contract's defaults: by amount purchased, figures and dates from the largest, names from A. */
export function customersQueryOf(query: { sort?: SegmentCustomersSort; order?: 'asc' | 'desc'; q?: string }): SegmentCustomersQuery {
  const sort = query.sort ?? 'totalSpent';
  return { sort, order: query.order ?? (sort === 'name' || sort === 'email' ? 'asc' : 'desc'), q: query.q?.trim() ?? '' };
}

/*
 * A segment's members with what the table shows of each: their record (name, email, phone, consent)
 * and their aggregates (customer_stats, kept by the dashboard's rollups), which a member without
 * counted orders lacks (0 orders, nothing spent, no last order). `$1` is the segment, `$2` the store.
 * The table's search and order are composed into these queries, so they live here, not in repository.ts.
 */
const NAME = `btrim(concat_ws(' ', nullif(btrim(c.first_name), ''), nullif(btrim(c.last_name), '')))`;
const MEMBERS = `segment_members m
  join customers c on c.store_id = m.store_id and c.external_id = m.customer_external_id`;
const WITH_STATS = `${MEMBERS}
  left join customer_stats s on s.store_id = m.store_id and s.customer_external_id = m.customer_external_id`;

/**
 * Names in reading order (folded as platform/database/text-search.ts folds, stored by migration 0017, then byte
 * order so both databases agree), then the id: every order ends on these.
 */
const BY_NAME = `c.sort_name collate "C" $dir, ${NAME} collate "C" $dir, c.external_id $dir`;
const TIES = BY_NAME.replaceAll('$dir', 'asc');
const ORDER_BY: Record<SegmentCustomersSort, string> = {
  name: BY_NAME,
  // An empty value sorts last either way: it is nothing to compare.
  email: `${folded('c.email')} collate "C" $dir nulls last, ${TIES}`,
  orders: `coalesce(s.orders_count, 0) $dir, ${TIES}`,
  totalSpent: `coalesce(s.total_spent, 0) $dir, ${TIES}`,
  lastOrderAt: `s.last_order_at $dir nulls last, ${TIES}`,
};

function selection(query: SegmentCustomersQuery): { where: string; orderBy: string; params: unknown[] } {
  // Name, email and phone folded once per write (migration 0017), one line each.
  const search = query.q ? ` and strpos(c.search_text, ${folded('$3::text')}) > 0` : '';
  return {
    where: `m.segment_id = $1 and m.store_id = $2${search}`,
    orderBy: ORDER_BY[query.sort].replaceAll('$dir', query.order),
    params: query.q ? [query.q] : [],
  };
}

const ROW_COLUMNS = `c.external_id::text as id, ${NAME} as name, c.email, c.phone, c.email_consent,
  coalesce(s.orders_count, 0) as orders, coalesce(s.total_spent, 0)::text as total_spent, s.last_order_at`;

interface MemberRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  email_consent: boolean;
  orders: number;
  total_spent: string;
  last_order_at: Date | null;
}

const toRow = (row: MemberRecord): SegmentCustomerRow => ({
  customerId: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  emailConsent: row.email_consent,
  orders: row.orders,
  totalSpent: Number(row.total_spent),
  lastOrderAt: row.last_order_at?.toISOString() ?? null,
});

export async function segmentCustomersPage(
  db: Queryable,
  storeId: number,
  segmentId: string,
  query: SegmentCustomersQuery,
  page: number,
  pageSize: number,
): Promise<SegmentCustomersPage> {
  const { where, orderBy, params } = selection(query);
  const next = 3 + params.length;
  const [total] = await db.query<{ count: number }>(
    // The count needs the customers' records only when the search reads them.
    `select count(*)::integer as count from ${query.q ? MEMBERS : 'segment_members m'} where ${where}`,
    [segmentId, storeId, ...params],
  );
  const rows = await db.query<MemberRecord>(
    `select ${ROW_COLUMNS} from ${WITH_STATS} where ${where} order by ${orderBy} limit $${next} offset $${next + 1}`,
    [segmentId, storeId, ...params, pageSize, (page - 1) * pageSize],
  );
  const totalRows = total?.count ?? 0;
  return { page, pageSize, totalRows, totalPages: Math.ceil(totalRows / pageSize), rows: rows.map(toRow) };
}

/**
 * A member as the XLSX export writes it: name, email, phone, email consent, counted orders, amount
 * purchased, and the store's calendar day of the last order as days since 1899-12-30 (how a spreadsheet
 * counts dates).
 */
export type ExportedMemberRow = [string, string | null, string | null, boolean, number, number, number | null];

/**
 * Members fetched per query while exporting: a part of the file, never the whole segment in memory as
 * records. Parts this large are read with one pass over the store's customers (a hash join) rather
 * than one lookup per member: at 100,000 members, 1 s in all instead of 5.
 */
export const EXPORT_CHUNK = 50_000;

/**
 * Every member the query keeps, in its order, `EXPORT_CHUNK` at a time. The order is settled once, as
 * a list of ids (a few bytes each), and each chunk then reads its records by key, so a long export
 * holds no transaction open and sees the members as they were when it started. Both come as one JSON
 * value each, which costs far less to take in than as many rows.
 */
export async function* segmentCustomersInChunks(
  db: Queryable,
  storeId: number,
  segmentId: string,
  query: SegmentCustomersQuery,
  timeZone: string,
): AsyncGenerator<JsonRows<ExportedMemberRow>> {
  const { where, orderBy, params } = selection(query);
  const [ordered] = await db.query<{ ids: string[] | null }>(
    `select json_agg(c.external_id::text order by ${orderBy}) as ids from ${WITH_STATS} where ${where}`,
    [segmentId, storeId, ...params],
  );
  const ids = ordered?.ids ?? [];
  for (let start = 0; start < ids.length; start += EXPORT_CHUNK) {
    // As text: it goes to the workbook's writer without being parsed here.
    const [chunk] = await db.query<{ rows: JsonRows<ExportedMemberRow> | null }>(
      `select json_agg(json_build_array(${NAME}, c.email, c.phone, c.email_consent, coalesce(s.orders_count, 0),
                                        coalesce(s.total_spent, 0), ((s.last_order_at at time zone $3::text)::date - date '1899-12-30'))
                       order by wanted.position)::text as rows
         from unnest($2::bigint[]) with ordinality as wanted(id, position)
         join customers c on c.store_id = $1 and c.external_id = wanted.id
         left join customer_stats s on s.store_id = $1 and s.customer_external_id = wanted.id`,
      [storeId, ids.slice(start, start + EXPORT_CHUNK), timeZone],
    );
    if (chunk?.rows) yield chunk.rows;
  }
}
