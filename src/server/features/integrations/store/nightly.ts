import type { Database } from '../../../platform/database/db.ts';
import type { JobWorker } from '../../../platform/jobs/jobs.ts';
import { bookNextNight, bookNightly, nextTimeInChile } from '../../../platform/jobs/nightly.ts';
import { type ShopifyAccess, storeClient } from './connection.ts';
import { importedStores, recordSyncFailure } from './store-sync.ts';
import { refreshStore, type StoreWriter, syncFailureCode } from './sync.ts';

const NIGHTLY_QUEUE = 'nightly-refresh';
const NIGHTLY_HOUR = 3;

/** The next 03:00 in Chile, when stores are quiet. */
export function nextNightlyRun(now: Date): Date {
  return nextTimeInChile(now, NIGHTLY_HOUR);
}

export function scheduleNightly(db: Database, now = new Date()): Promise<void> {
  return bookNightly(db, NIGHTLY_QUEUE, NIGHTLY_HOUR, now);
}

/** Every night: each fully imported store fetches what changed since its last refresh; then the next night is booked. */
export function registerNightlyJob(
  worker: JobWorker,
  writer: StoreWriter,
  access: ShopifyAccess,
  log: (line: string) => void = console.log,
): void {
  worker.register(NIGHTLY_QUEUE, {
    leaseSeconds: 300,
    handler: async (_job, context) => {
      const { db } = writer;
      await bookNextNight(db, NIGHTLY_QUEUE, NIGHTLY_HOUR);
      for (const storeId of await importedStores(db)) {
        const client = await storeClient(db, access, storeId);
        if (!client) continue;
        await refreshStore(writer, client, storeId, context).catch(async (error: unknown) => {
          log(`No se pudo actualizar la tienda ${storeId}: ${String(error)}`);
          await recordSyncFailure(db, storeId, syncFailureCode(error));
        });
        await context.heartbeat();
      }
    },
  });
}

export { NIGHTLY_QUEUE };
