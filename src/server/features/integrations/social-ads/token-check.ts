import { type MetaAccess, markForRenewal } from '../../../platform/connections/meta-connection.ts';
import type { Database } from '../../../platform/database/db.ts';
import type { JobWorker } from '../../../platform/jobs/jobs.ts';
import { bookNextNight, bookNightly } from '../../../platform/jobs/nightly.ts';
import { tokensToCheck } from './repository.ts';

export const META_TOKEN_CHECK_QUEUE = 'meta-token-check';
// After the stores' nightly refresh (03:00) and before the subscriptions' check (05:00).
const META_TOKEN_CHECK_HOUR = 4;

export function scheduleMetaTokenCheck(db: Database, now = new Date()): Promise<void> {
  return bookNightly(db, META_TOKEN_CHECK_QUEUE, META_TOKEN_CHECK_HOUR, now);
}

/**
 * Every night: Meta's own view of each working token (debug_token, with the app's credentials). A token
 * revoked in Facebook, expired, or cut off by a password change is marked before a campaign trips on it,
 * so the banner asks the merchant to renew it the next morning.
 */
export function registerMetaTokenCheckJob(
  jobs: JobWorker,
  db: Database,
  access: MetaAccess,
  log: (line: string) => void = console.log,
): void {
  jobs.register(META_TOKEN_CHECK_QUEUE, {
    leaseSeconds: 300,
    handler: async (_job, context) => {
      await bookNextNight(db, META_TOKEN_CHECK_QUEUE, META_TOKEN_CHECK_HOUR);
      await checkMetaTokens(db, access, log, () => context.heartbeat());
    },
  });
}

export async function checkMetaTokens(
  db: Database,
  access: MetaAccess,
  log: (line: string) => void = console.log,
  heartbeat: () => Promise<void> = async () => {},
): Promise<void> {
  for (const row of await tokensToCheck(db)) {
    try {
      const info = await access.app.debugToken(access.secrets.open(row.access_token_encrypted));
      const expired = info.expiresAt > 0 && info.expiresAt * 1000 <= Date.now();
      if (!info.isValid || expired) await markForRenewal(db, row.store_id, expired ? 'expired' : 'revoked');
    } catch (error) {
      // Meta's trouble tonight is no verdict on the token: tomorrow's check tries again.
      log(`No se pudo revisar el token de Meta de la tienda ${row.store_id}: ${String(error)}`);
    }
    await heartbeat();
  }
}
