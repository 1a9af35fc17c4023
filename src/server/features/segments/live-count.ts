import type { SegmentRules } from '../../../shared/segments.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { calendarOf, storeTimeZone } from '../../platform/store-data/store-calendar.ts';
import type { StoreEventKind } from '../../platform/store-data/store-events.ts';
import { type LoadedOrder, type LoadedProduct, type OrderColumns, SegmentCountIndex } from './count-index.ts';
import { countMatching } from './membership.ts';

/*
 * The forms' live count: one in-memory count index per store (count-index.ts), loaded the first time a
 * form counts and dropped after a while unused. Until it is loaded, and while it is reloaded after
 * a change to everything (an import phase, the nightly refresh), counts come from the compiled SQL.
 *
 * The index follows the store through its store events. It remembers the database snapshot it was
 * filled (or last brought up to date) under, and before each count reads the events committed since,
 * by their transaction (migration 0021): a writer whose event got a lower id but committed later is
 * still seen. The customers those events name are read again; a change of products rereads the
 * products. Reading the same customer twice is harmless, so a change is never missed nor doubled.
 * Its SQL is the index's own loading and following, so it stays here rather than in repository.ts.
 */

/** Unused this long, an index is dropped. */
const IDLE_MS = 15 * 60_000;
/** Orders read per query while loading, so other queries can run between (PGlite has one connection). */
const LOAD_CHUNK = 200_000;
/** Customers read per query while following the events. */
const PATCH_CHUNK = 500;
/** Once this share of the customers has been read again one by one, the index is loaded afresh. */
const RELOAD_SHARE = 0.25;

/** Events after which everything may have changed: the index is loaded again. */
const RELOAD_KINDS: StoreEventKind[] = ['store_erased', 'import_phase_finished'];
/** Events naming customers whose tags, presence or counted orders may have changed. */
const CUSTOMER_KINDS: StoreEventKind[] = [
  'customers_touched',
  'order_created',
  'order_updated',
  'order_cancelled',
  'order_refunded',
  'customer_erased',
  'customer_stats_refreshed',
];
const KINDS = [...RELOAD_KINDS, ...CUSTOMER_KINDS, 'products_touched'];

/** A store's day number (days since 1970-01-01) of an order, in SQL with the time zone as `tz`. */
const orderDay = (alias: string, tz: string) => `((${alias}placed_at at time zone ${tz})::date - date '1970-01-01')`;
/** A json array of normalised tags (as the compiler compares them) of a jsonb array column. */
const normalisedTags = (column: string) =>
  `coalesce((select json_agg(lower(btrim(t.tag))) from jsonb_array_elements_text(${column}) as t(tag)), '[]')`;

interface Entry {
  index: SegmentCountIndex | null;
  /** The snapshot the index holds the store as of (pg_current_snapshot text). */
  snapshot: string;
  /** The load running, if any. */
  loading: Promise<void> | null;
  /** Refreshes run one after another. */
  refreshed: Promise<unknown>;
  usedAt: number;
}

interface StoreState {
  snapshot: string;
  mean: string | null;
}

export class LiveCounts {
  private readonly entries = new Map<number, Entry>();
  private closed = false;
  /** Drops the indexes nobody counted with for a while, even when no form counts again. */
  private readonly sweeper = setInterval(() => this.dropIdle(), IDLE_MS / 3).unref();

  constructor(
    private readonly db: Database,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /** How many of the store's customers `rules` match now. */
  async count(storeId: number, rules: SegmentRules): Promise<number> {
    const entry = this.entryFor(storeId);
    const state = entry.index ? await this.refreshed(storeId, entry) : null;
    if (state && entry.index) {
      const today = calendarOf(entry.index.timeZone, null).today;
      return entry.index.count(rules, today, state.mean === null ? null : Number(state.mean));
    }
    return countMatching(this.db, storeId, rules);
  }

  /**
   * Starts loading the store's index if it is not, so it is ready when a form first counts (the
   * segments list is the way into the forms).
   */
  warm(storeId: number): void {
    this.entryFor(storeId);
  }

  /** The store's index once loaded and current (tests; counting loads it in the background). */
  async loaded(storeId: number): Promise<SegmentCountIndex> {
    const entry = this.entryFor(storeId);
    while (entry.loading) await entry.loading;
    if (!entry.index || !(await this.refreshed(storeId, entry))) throw new Error(`El índice de la tienda ${storeId} no se cargó.`);
    return entry.index;
  }

  private entryFor(storeId: number): Entry {
    let entry = this.entries.get(storeId);
    if (!entry) {
      entry = { index: null, snapshot: '', loading: null, refreshed: Promise.resolve(), usedAt: 0 };
      this.entries.set(storeId, entry);
      this.startLoad(storeId, entry);
    }
    entry.usedAt = Date.now();
    return entry;
  }

  /** Refreshes the entry's index after the refreshes already asked for. */
  private refreshed(storeId: number, entry: Entry): Promise<StoreState | null> {
    const next = entry.refreshed.then(() => this.refresh(storeId, entry));
    entry.refreshed = next.catch(() => undefined);
    return next;
  }

  /** Waits for loads under way, so the database is not closed under them. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.entries.values()].map((entry) => entry.loading));
    this.entries.clear();
  }

  private dropIdle(): void {
    const now = Date.now();
    for (const [storeId, entry] of this.entries) if (now - entry.usedAt > IDLE_MS && !entry.loading) this.entries.delete(storeId);
  }

  /**
   * Loads the store's index in the background. Meanwhile the current index, if any, keeps answering
   * (the counts fall back to the compiled SQL without one); a failed load leaves it as it was.
   */
  private startLoad(storeId: number, entry: Entry): void {
    if (entry.loading || this.closed) return;
    entry.loading = loadIndex(this.db, storeId)
      .then(({ index, snapshot }) => {
        entry.index = index;
        entry.snapshot = snapshot;
      })
      .catch((error: Error) => {
        if (this.closed) return;
        this.log(`No se pudo cargar el conteo de segmentos de la tienda ${storeId}: ${error.message}`);
        // Nothing to answer with: the next count tries again.
        if (!entry.index) this.entries.delete(storeId);
      })
      .finally(() => {
        entry.loading = null;
      });
  }

  /**
   * Brings the index up to the store's state now and returns that state, or null when the index must
   * be loaded again (it is then, in the background).
   */
  private async refresh(storeId: number, entry: Entry): Promise<StoreState | null> {
    const index = entry.index;
    if (!index) return null;
    const [state] = await this.db.query<StoreState & { events: { kind: StoreEventKind; customers: string[]; all: unknown }[] }>(
      `select pg_current_snapshot()::text as snapshot,
              (select (average_sum / nullif(customers, 0))::text from store_customer_totals where store_id = $1) as mean,
              coalesce((select json_agg(json_build_object('kind', e.kind, 'customers', e.customers::text[], 'all', e.detail -> 'all') order by e.id)
                          from store_events e
                         where e.store_id = $1 and e.kind = any($3::text[])
                           and e.xid >= pg_snapshot_xmin($2::pg_snapshot) and not pg_visible_in_snapshot(e.xid, $2::pg_snapshot)), '[]') as events`,
      [storeId, entry.snapshot, KINDS],
    );
    const { events, ...now } = state!;
    const everything = events.some(
      (event) => RELOAD_KINDS.includes(event.kind) || (event.kind === 'customer_stats_refreshed' && event.all === true),
    );
    if (everything || (await storeTimeZone(this.db, storeId)) !== index.timeZone) {
      entry.index = null;
      this.startLoad(storeId, entry);
      return null;
    }
    if (events.some((event) => event.kind === 'products_touched')) index.setProducts(await readProducts(this.db, storeId));
    const customers = [...new Set(events.flatMap((event) => event.customers))];
    for (let start = 0; start < customers.length; start += PATCH_CHUNK)
      await patchCustomers(this.db, storeId, index, customers.slice(start, start + PATCH_CHUNK));
    // A load that finished meanwhile brought its own index and snapshot.
    if (entry.index !== index) return null;
    entry.snapshot = now.snapshot;
    // Customers read again one by one cost memory and time beside the loaded columns: fold them in.
    if (index.patchedCustomers > Math.max(1000, index.customers * RELOAD_SHARE)) this.startLoad(storeId, entry);
    return now;
  }
}

async function readProducts(db: Queryable, storeId: number): Promise<LoadedProduct[]> {
  const rows = await db.query<{ id: string; type: string | null; tags: string[] }>(
    `select external_id::text as id, lower(btrim(product_type)) as type, ${normalisedTags('tags')} as tags from products where store_id = $1`,
    [storeId],
  );
  return rows.map((row) => ({ id: Number(row.id), type: row.type, tags: row.tags }));
}

/** Reads `customers` again: present or not, their tags and their counted orders. */
async function patchCustomers(db: Queryable, storeId: number, index: SegmentCountIndex, customers: string[]): Promise<void> {
  const rows = await db.query<{ id: string; present: boolean; tags: string[]; orders: [number, number, boolean, string[]][] }>(
    `select u.id::text, c.external_id is not null as present, ${normalisedTags('c.tags')} as tags,
            coalesce((select json_agg(json_build_array(${orderDay('o.', '$3')}, o.total_amount, o.discount_total > 0,
                                (select coalesce(json_agg(l.product_external_id::text), '[]') from order_line_items l
                                  where l.store_id = o.store_id and l.order_external_id = o.external_id and l.product_external_id is not null)))
                        from orders o where o.store_id = $1 and o.customer_external_id = u.id and ${countedOrder('o.')}), '[]') as orders
       from unnest($2::bigint[]) as u(id)
       left join customers c on c.store_id = $1 and c.external_id = u.id`,
    [storeId, customers, index.timeZone],
  );
  for (const row of rows) {
    const id = Number(row.id);
    if (!row.present) {
      const known = index.rowOf(id);
      if (known !== undefined) index.setPresent(known, false);
      continue;
    }
    const customer = index.row(id);
    index.setPresent(customer, true);
    index.setTags(customer, index.tagList(row.tags));
    index.setOrders(
      customer,
      row.orders.map<LoadedOrder>(([day, total, discounted, products]) => ({
        day,
        total: Number(total),
        discounted,
        products: products.map((product) => index.productRow(Number(product))),
      })),
    );
  }
}

/**
 * The numbers of `text` (fields separated by "," and records by ";", as the loader's string_agg writes
 * them): at a million orders, one long string read this way costs a fraction of as many rows.
 */
function readNumbers(text: string | null): Float64Array {
  let out = new Float64Array(1024);
  let count = 0;
  let value = 0;
  let scale = 0;
  let sign = 1;
  let digits = false;
  const length = text?.length ?? 0;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text!.charCodeAt(i) : 44;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      scale *= 10;
      digits = true;
    } else if (code === 46) scale = 1;
    else if (code === 45) sign = -1;
    else if (digits) {
      if (count === out.length) {
        const grown = new Float64Array(count * 2);
        grown.set(out);
        out = grown;
      }
      // A whole number of cents divided once: the same double as parsing the decimal text.
      out[count++] = scale > 1 ? (sign * value) / scale : sign * value;
      value = 0;
      scale = 0;
      sign = 1;
      digits = false;
    }
  }
  return out.subarray(0, count);
}

/** `array` with room for `length` items at least (its items kept), grown by doubling. */
function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** The store as of one snapshot and after: customers, their tags, the products, every counted order. */
async function loadIndex(db: Database, storeId: number): Promise<{ index: SegmentCountIndex; snapshot: string }> {
  // Taken first: whatever commits after is in an event the next refresh reads.
  const [state] = await db.query<{ snapshot: string }>('select pg_current_snapshot()::text as snapshot');
  const [{ ids }] = (await db.query<{ ids: string | null }>(
    `select string_agg(external_id::text, ',' order by external_id) as ids from customers where store_id = $1`,
    [storeId],
  )) as [{ ids: string | null }];
  const index = new SegmentCountIndex(await storeTimeZone(db, storeId), readNumbers(ids));
  // Customers share few distinct tag lists: each list is normalised once, with the ids that carry it.
  const tagged = await db.query<{ tags: string[]; ids: string }>(
    `select ${normalisedTags('tags')} as tags, string_agg(external_id::text, ',') as ids
       from customers where store_id = $1 and tags <> '[]'::jsonb group by tags`,
    [storeId],
  );
  for (const group of tagged) {
    const tags = index.tagList(group.tags);
    for (const id of readNumbers(group.ids)) {
      const row = index.rowOf(id);
      if (row !== undefined) index.setTags(row, tags);
    }
  }
  index.setProducts(await readProducts(db, storeId));

  // Counted orders and their products, a chunk of orders at a time in the order of their ids: both
  // lists come sorted by order, so each order's products are found by walking them side by side.
  let orderRow = new Int32Array(0);
  let columns: OrderColumns = {
    day: new Int32Array(0),
    total: new Float64Array(0),
    discounted: new Uint8Array(0),
    productStart: new Int32Array(1),
    products: new Int32Array(0),
  };
  let count = 0;
  let bought = 0;
  let after = '0';
  for (;;) {
    const [chunk] = await db.query<{ last: string | null; orders: string | null }>(
      `select max(p.external_id)::text as last,
              string_agg(p.external_id::text || ',' || p.customer_external_id::text || ',' || ${orderDay('p.', '$2')}
                         || ',' || p.total_amount::text || ',' || (p.discount_total > 0)::integer, ';' order by p.external_id)
                filter (where p.customer_external_id is not null and ${countedOrder('p.')}) as orders
         from (select external_id, customer_external_id, placed_at, total_amount, discount_total, test, cancelled_at, financial_status
                 from orders where store_id = $1 and external_id > $3::bigint order by external_id limit ${LOAD_CHUNK}) as p`,
      [storeId, index.timeZone, after],
    );
    if (!chunk!.last) break;
    const [{ lines: lineText }] = (await db.query<{ lines: string | null }>(
      `select string_agg(order_external_id::text || ',' || product_external_id::text, ';' order by order_external_id) as lines
         from order_line_items
        where store_id = $1 and order_external_id > $2::bigint and order_external_id <= $3::bigint and product_external_id is not null`,
      [storeId, after, chunk!.last],
    )) as [{ lines: string | null }];
    after = chunk!.last;
    const orders = readNumbers(chunk!.orders);
    const lines = readNumbers(lineText);
    // Room for this chunk's orders and lines at most.
    orderRow = grown(orderRow, count + orders.length / 5);
    columns = {
      day: grown(columns.day, count + orders.length / 5),
      total: grown(columns.total, count + orders.length / 5),
      discounted: grown(columns.discounted, count + orders.length / 5),
      productStart: grown(columns.productStart, count + orders.length / 5 + 1),
      products: grown(columns.products, bought + lines.length / 2),
    };
    let line = 0;
    for (let at = 0; at < orders.length; at += 5) {
      const order = orders[at]!;
      while (line < lines.length && lines[line]! < order) line += 2;
      const customer = index.rowOf(orders[at + 1]!);
      if (customer === undefined) continue; // an order of a customer the store no longer has
      orderRow[count] = customer;
      columns.day[count] = orders[at + 2]!;
      columns.total[count] = orders[at + 3]!;
      columns.discounted[count] = orders[at + 4]!;
      columns.productStart[count] = bought;
      for (; line < lines.length && lines[line] === order; line += 2) columns.products[bought++] = index.productRow(lines[line + 1]!);
      count++;
    }
  }
  columns.productStart[count] = bought;
  index.setBaseOrders(orderRow.subarray(0, count), {
    day: columns.day.subarray(0, count),
    total: columns.total.subarray(0, count),
    discounted: columns.discounted.subarray(0, count),
    productStart: columns.productStart.subarray(0, count + 1),
    products: columns.products.subarray(0, bought),
  });
  return { index, snapshot: state!.snapshot };
}
