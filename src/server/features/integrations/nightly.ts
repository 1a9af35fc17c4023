import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Database } from '../../platform/db.ts';
import { enqueue, type JobWorker } from '../../platform/jobs.ts';
import { storeClient, type ShopifyAccess } from './connection.ts';
import { refreshStore } from './sync.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const NIGHTLY_QUEUE = 'nightly-refresh';
const STORE_TIME_ZONE = 'America/Santiago';

/** The next 03:00 in Chile, when stores are quiet. */
export function nextNightlyRun(now: Date): Date {
  const local = dayjs(now).tz(STORE_TIME_ZONE);
  const today = local.hour(3).minute(0).second(0).millisecond(0);
  return (today.isAfter(local) ? today : today.add(1, 'day')).toDate();
}

export async function scheduleNightly(db: Database, now = new Date()): Promise<void> {
  await enqueue(db, NIGHTLY_QUEUE, {}, { runAt: nextNightlyRun(now), singletonKey: 'nightly' });
}

/** Every night: each fully imported store fetches what changed since its last refresh; then the next night is booked. */
export function registerNightlyJob(worker: JobWorker, db: Database, access: ShopifyAccess, log: (line: string) => void = console.log): void {
  worker.register(NIGHTLY_QUEUE, {
    leaseSeconds: 300,
    handler: async (_job, context) => {
      const stores = await db.query<{ store_id: number }>(`select store_id from store_syncs where phase = 'done' order by store_id`);
      for (const { store_id: storeId } of stores) {
        const client = await storeClient(db, access, storeId);
        if (!client) continue;
        await refreshStore(db, client, storeId, context).catch((error: unknown) => log(`No se pudo actualizar la tienda ${storeId}: ${String(error)}`));
        await context.heartbeat();
      }
    },
  });
}

export { NIGHTLY_QUEUE };
