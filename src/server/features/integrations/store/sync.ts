import { ShopifyAuthError, type ShopifyClient, ShopifyError } from '../../../integrations/shopify/client.ts';
import { type Customer, type LineItem, numericId, type Order, SUBSCRIBED_TOPICS } from '../../../integrations/shopify/types.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import type { JobContext, JobWorker } from '../../../platform/jobs/jobs.ts';
import { bumpDataVersion } from '../../../platform/store-data/data-version.ts';
import type { StoreEvents } from '../../../platform/store-data/store-events.ts';
import { type ShopifyAccess, storeClient } from './connection.ts';
import { receivesWebhooks } from './repository.ts';
import { upsertAbandonedCheckouts, upsertCustomers, upsertLineItems, upsertOrders, upsertProducts } from './store-data.ts';
import {
  failSync,
  finishImport,
  finishLastYear,
  markCatalogueDone,
  markRefreshed,
  planImport,
  REFRESH_QUEUE,
  recordSyncFailure,
  type StoreSync,
  SYNC_QUEUE,
  type SyncFailureCode,
  startPhase,
  syncMoved,
} from './store-sync.ts';

/*
 * The import engine: its progress and resume point are written with each batch it commits, so that SQL
 * stays here; the status's moves are store-sync.ts' and the records' writes store-data.ts'.
 */

const BATCH_SIZE = 2000;

/** The parts of an import in the order they run; `onStep` hears each begin (the import benchmark times them). */
export type SyncStep = 'catalogue' | 'lastYearOrders' | 'checkouts' | 'lastYearMetrics' | 'historyOrders' | 'historyMetrics' | 'done';
type SyncContext = Pick<JobContext, 'heartbeat' | 'signal'> & { onStep?: (step: SyncStep) => void };
/** Where an import writes: the store's tables, and the store events that tell other features what changed. */
export interface StoreWriter {
  db: Database;
  events: StoreEvents;
}

interface SyncRow {
  status: StoreSync['status'];
  phase: 'lastYear' | 'history' | 'done';
  last_year_from: Date | null;
  catalogue_done: boolean;
  resume_after: Date | null;
}

/**
 * The import, as a job that can stop anywhere and go on: NEEDS_SCRAPE → IN_PROGRESS (catalogue,
 * customers, then the last year of orders) → FINISHED_ONE_YEAR → HISTORIC_IN_PROGRESS (older orders)
 * → FINISHED. Every batch commits its rows with the newest order time it holds, so a restart asks
 * Shopify only for orders from there on; upserts make the overlap harmless.
 */
export async function runSync(
  { db, events }: StoreWriter,
  client: ShopifyClient,
  storeId: number,
  context: SyncContext,
  webhookUrl: string | null,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<void> {
  const [row] = await db.query<SyncRow>(
    'select status, phase, last_year_from, catalogue_done, resume_after from store_syncs where store_id = $1',
    [storeId],
  );
  if (!row || row.phase === 'done') return;
  let lastYearFrom = row.last_year_from;
  if (!lastYearFrom) {
    lastYearFrom = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
    const [lastYearTotal, historyTotal] = await Promise.all([
      client.ordersCount(`created_at:>='${lastYearFrom.toISOString()}'`),
      client.ordersCount(`created_at:<'${lastYearFrom.toISOString()}'`),
    ]);
    await planImport(db, storeId, { lastYearFrom, lastYearTotal, historyTotal, startedAt: now });
  }

  if (row.phase === 'lastYear') {
    await startPhase(db, storeId, 'lastYear');
    if (!row.catalogue_done) {
      context.onStep?.('catalogue');
      await importInBatches(client.bulkExport('products', { signal: context.signal }), versionedBatches(db, storeId, upsertProducts));
      await importInBatches(client.bulkExport('customers', { signal: context.signal }), customerBatches({ db, events }, storeId));
      await markCatalogueDone(db, storeId);
    }
    context.onStep?.('lastYearOrders');
    await importOrders(
      db,
      client,
      storeId,
      context,
      `created_at:>='${(row.resume_after ?? lastYearFrom).toISOString()}'`,
      'last_year_imported',
      batchSize,
    );
    context.onStep?.('checkouts');
    await importInBatches(
      client.bulkExport('abandonedCheckouts', { query: `created_at:>='${lastYearFrom.toISOString()}'`, signal: context.signal }),
      versionedBatches(db, storeId, upsertAbandonedCheckouts),
    );
    // From here on webhooks keep the data current between nightly refreshes.
    if (webhookUrl) await subscribeWebhooks(client, webhookUrl);
    // The dashboard opens on FINISHED_ONE_YEAR, so its figures are ready first.
    context.onStep?.('lastYearMetrics');
    await finishPhase({ db, events }, storeId, 'lastYear');
    await finishLastYear(db, storeId);
    row.resume_after = null;
  }

  await startPhase(db, storeId, 'history');
  const since = row.phase === 'history' && row.resume_after ? `created_at:>='${row.resume_after.toISOString()}' ` : '';
  context.onStep?.('historyOrders');
  await importOrders(db, client, storeId, context, `${since}created_at:<'${lastYearFrom.toISOString()}'`, 'history_imported', batchSize);
  context.onStep?.('historyMetrics');
  await finishPhase({ db, events }, storeId, 'history');
  await finishImport(db, storeId, new Date());
  context.onStep?.('done');
}

/** Subscribes to every topic we apply (twice is harmless: Shopify answers that the address is taken). */
async function subscribeWebhooks(client: ShopifyClient, webhookUrl: string): Promise<void> {
  for (const topic of SUBSCRIBED_TOPICS) await client.subscribeWebhook(topic, webhookUrl);
}

/** What changed since the last refresh (the nightly job): catalogue, customers, orders and carts. */
export async function refreshStore(
  { db, events }: StoreWriter,
  client: ShopifyClient,
  storeId: number,
  context: Pick<JobContext, 'heartbeat' | 'signal'>,
  now = new Date(),
): Promise<void> {
  const [row] = await db.query<{ refreshed_at: Date | null }>('select refreshed_at from store_syncs where store_id = $1', [storeId]);
  const since = `updated_at:>='${(row?.refreshed_at ?? new Date(0)).toISOString()}'`;
  await importInBatches(
    client.bulkExport('products', { query: since, signal: context.signal }),
    versionedBatches(db, storeId, upsertProducts),
  );
  await importInBatches(client.bulkExport('customers', { query: since, signal: context.signal }), customerBatches({ db, events }, storeId));
  await importOrders(db, client, storeId, context, since, null);
  await importInBatches(
    client.bulkExport('abandonedCheckouts', { query: since, signal: context.signal }),
    versionedBatches(db, storeId, upsertAbandonedCheckouts),
  );
  await finishPhase({ db, events }, storeId, 'refresh');
  await markRefreshed(db, storeId, now);
}

/**
 * Tells every subscriber that a phase's data is in (anything may have changed), and lets them catch
 * up before the phase is marked done: the dashboard opens on FINISHED_ONE_YEAR with its figures ready.
 */
async function finishPhase({ db, events }: StoreWriter, storeId: number, phase: 'lastYear' | 'history' | 'refresh'): Promise<void> {
  await db.transaction((tx) => events.record(tx, storeId, [{ kind: 'import_phase_finished', detail: { phase } }]));
  await events.settle(storeId);
}

/** Customer batches, each recorded as customers touched for the features that follow customer records. */
function customerBatches({ db, events }: StoreWriter, storeId: number) {
  return versionedBatches(db, storeId, async (tx, id, batch: Customer[]) => {
    await upsertCustomers(tx, id, batch);
    await events.record(tx, id, [{ kind: 'customers_touched', customers: batch.map((customer) => numericId(customer.id)!) }]);
  });
}

/** Streams the orders of `query`, committing each batch with its line items and the resume point. */
async function importOrders(
  db: Database,
  client: ShopifyClient,
  storeId: number,
  context: SyncContext,
  query: string,
  /** The progress counter the new orders add to; none for a refresh after the import. */
  counter: 'last_year_imported' | 'history_imported' | null,
  batchSize = BATCH_SIZE,
): Promise<void> {
  let orders: Order[] = [];
  let items: LineItem[] = [];
  // Grouped output commits each order with its line items, so the resume point may follow every
  // batch. Ungrouped output can still hold older orders and the lines of committed ones further
  // on: the resume point moves only once the whole file is in (a crash re-reads it; upserts make
  // that harmless).
  const grouped = client.groupsBulkObjects;
  let newestOfFile = '';
  const write = async (batchOrders: Order[], batchItems: LineItem[]) => {
    const newest = batchOrders.reduce((max, order) => (order.createdAt > max ? order.createdAt : max), '');
    if (newest > newestOfFile) newestOfFile = newest;
    await db.transaction(async (tx) => {
      const inserted = await upsertOrders(tx, storeId, batchOrders);
      await upsertLineItems(tx, storeId, batchItems);
      // `greatest` ignores the null an ungrouped file passes: the resume point stays.
      if (counter)
        await tx.query(
          `update store_syncs set ${counter} = ${counter} + $2, resume_after = greatest(resume_after, $3::timestamptz), updated_at = now() where store_id = $1`,
          [storeId, inserted, (grouped && newest) || null],
        );
      await bumpDataVersion(tx, storeId);
      if (counter) await syncMoved(tx, storeId);
    });
    await context.heartbeat();
  };
  // A batch is written while the next one is read, so the database works while the stream is parsed;
  // batches still commit one after another, and the resume point only moves forward.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (orders.length === 0 && items.length === 0) return;
    const next = write.bind(null, orders, items);
    orders = [];
    items = [];
    await writing;
    writing = next();
    // Handled here so a failure waits for the next flush (or the end) to be thrown, not reported as unhandled.
    writing.catch(() => undefined);
  };
  try {
    for await (const record of client.bulkExport('orders', { query, signal: context.signal })) {
      if (record.kind === 'order') {
        // A batch ends between orders, so in grouped output an order and its line items commit together.
        if (orders.length >= batchSize) await flush();
        orders.push(record);
      } else {
        items.push(record);
      }
    }
    await flush();
  } finally {
    // A failure never leaves a write running behind it: the next attempt starts from what committed.
    await writing.catch(() => undefined);
  }
  await writing;
  if (counter && !grouped && newestOfFile)
    await db.query(
      `update store_syncs set resume_after = greatest(resume_after, $2::timestamptz), updated_at = now() where store_id = $1`,
      [storeId, newestOfFile],
    );
}

/** Writes each batch in a transaction with the store's data version bump, so caches keyed by the version see it. */
function versionedBatches<T>(db: Database, storeId: number, upsert: (tx: Queryable, storeId: number, batch: T[]) => Promise<unknown>) {
  return async (batch: T[]) => {
    if (batch.length === 0) return;
    await db.transaction(async (tx) => {
      await upsert(tx, storeId, batch);
      await bumpDataVersion(tx, storeId);
    });
  };
}

async function importInBatches<T>(records: AsyncIterable<T>, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  let batch: T[] = [];
  for await (const record of records) {
    batch.push(record);
    if (batch.length >= BATCH_SIZE) {
      await write(batch);
      batch = [];
    }
  }
  await write(batch);
}

export function syncFailureMessage(error: unknown): string {
  if (error instanceof ShopifyAuthError)
    return 'Shopify rechazó el token de acceso. Actualiza las credenciales de la tienda en Integraciones.';
  return `No pudimos descargar los datos de Shopify (${error instanceof Error ? error.message : String(error)}). Reintenta en unos minutos.`;
}

/** The stored code of a failure; the screens put it in the merchant's words. */
export function syncFailureCode(error: unknown): SyncFailureCode {
  if (error instanceof ShopifyAuthError) return 'tokenRejected';
  if (error instanceof ShopifyError) return 'unreachable';
  return 'unknown';
}

/**
 * Registers the import job (a refused token fails at once, anything else is retried with backoff)
 * and the on-demand refresh, which runs once: its failure is recorded and the merchant may ask again.
 */
export function registerSyncJob(worker: JobWorker, writer: StoreWriter, access: ShopifyAccess): void {
  const { db } = writer;
  worker.register<{ storeId: number }>(SYNC_QUEUE, {
    leaseSeconds: 120,
    handler: async (job, context) => {
      const { storeId } = job.payload;
      const client = await storeClient(db, access, storeId);
      if (!client) return;
      // Webhooks nobody can check are not asked for (a store connected by token without its app's secret).
      const webhookUrl = (await receivesWebhooks(db, storeId)) ? access.webhookUrl : null;
      const [sync] = await db.query<{ phase: SyncRow['phase'] }>('select phase from store_syncs where store_id = $1', [storeId]);
      try {
        await runSync(writer, client, storeId, context, webhookUrl);
        // The import subscribes in its first phase; a store past it (reinstalled, or its secret given later) does here.
        if (webhookUrl && sync && sync.phase !== 'lastYear') await subscribeWebhooks(client, webhookUrl);
        // A store imported before and connected again (the app installed anew after an uninstall, a new
        // token): what changed while nothing came in is fetched now, not at night.
        if (sync?.phase === 'done') await refreshStore(writer, client, storeId, context);
      } catch (error) {
        if (error instanceof ShopifyAuthError) {
          await failSync(db, job.payload.storeId, syncFailureMessage(error));
          await recordSyncFailure(db, job.payload.storeId, syncFailureCode(error));
          return;
        }
        throw error;
      }
    },
    onFinalFailure: async (job, error) => {
      await failSync(db, job.payload.storeId, syncFailureMessage(error));
      await recordSyncFailure(db, job.payload.storeId, syncFailureCode(error));
    },
    // "Syncing" is read from the queue: it ends when the job's row does.
    onFinished: (job) => syncMoved(db, job.payload.storeId),
  });
  worker.register<{ storeId: number }>(REFRESH_QUEUE, {
    leaseSeconds: 120,
    handler: async (job, context) => {
      const { storeId } = job.payload;
      const client = await storeClient(db, access, storeId);
      if (!client) return;
      try {
        await refreshStore(writer, client, storeId, context);
      } catch (error) {
        await recordSyncFailure(db, storeId, syncFailureCode(error));
      }
    },
    onFinished: (job) => syncMoved(db, job.payload.storeId),
  });
}
