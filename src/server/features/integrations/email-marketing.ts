import type { components, operations } from '../../../shared/api/app.gen.ts';
import { KlaviyoAuthError, KlaviyoThrottledError, KlaviyoUnavailableError } from '../../integrations/klaviyo/errors.ts';
import type { RequiredPermission } from '../../integrations/klaviyo/types.ts';
import { type Handlers, inStore } from '../../platform/api.ts';
import type { Queryable } from '../../platform/db.ts';
import { errors, HttpError } from '../../platform/errors.ts';
import { type KlaviyoAccess, markAllPending, queueSegmentSync, type SegmentSyncRow, segmentSyncOf } from './klaviyo-sync.ts';

/*
 * The email-marketing integration (SPEC §2, §5, §8): the merchant's Klaviyo private key, checked with
 * Klaviyo for the Profiles and Lists write scopes before it is saved, sealed at rest like the Shopify
 * token; and each segment's sync toggle (klaviyo-sync.ts does the syncing).
 */

type SimpleIntegration = components['schemas']['SimpleIntegration'];
type EmailMarketingOperations = Pick<
  operations,
  'connectEmailMarketing' | 'disconnectEmailMarketing' | 'listSegmentSyncs' | 'setSegmentSync'
>;

const PERMISSION_NAMES: Record<RequiredPermission, string> = { 'Profiles:write': 'Profiles:write', 'List:write': 'List:write' };

export const emailMarketingMessages = {
  invalidKey: 'Klaviyo no reconoce esta clave. Revisa que sea una clave privada (empieza con pk_) y que siga activa.',
  missingPermissions: (missing: readonly RequiredPermission[]) =>
    `A esta clave le ${missing.length === 1 ? 'falta el permiso' : 'faltan los permisos'} ${missing.map((name) => PERMISSION_NAMES[name]).join(' y ')}. ` +
    'Crea en Klaviyo una clave privada con acceso completo a Profiles y Lists, y vuelve a intentarlo.',
  unavailable: 'Klaviyo no respondió. Inténtalo de nuevo más tarde.',
  notConnected: 'Conecta Klaviyo en Integraciones para sincronizar tus segmentos.',
};

/** The store's Klaviyo connection as the Integrations card shows it. */
export async function emailMarketingState(db: Queryable, storeId: number): Promise<SimpleIntegration> {
  const [row] = await db.query<{ failure: string | null }>('select failure from email_marketing_connections where store_id = $1', [
    storeId,
  ]);
  return { state: !row ? 'notConnected' : row.failure ? 'needsAttention' : 'connected' };
}

/** Checks a key with Klaviyo; refusals are Spanish field errors on `apiKey`, Klaviyo's own failures a 502. */
async function checkedKey(access: KlaviyoAccess, apiKey: string): Promise<void> {
  const onKey = (code: string, message: string) => new HttpError(422, code, message, [{ field: 'apiKey', message }]);
  let missing: RequiredPermission[];
  try {
    missing = await access.clientFor(apiKey).missingPermissions();
  } catch (error) {
    if (error instanceof KlaviyoAuthError) throw onKey('invalid_api_key', emailMarketingMessages.invalidKey);
    if (error instanceof KlaviyoUnavailableError || error instanceof KlaviyoThrottledError)
      throw new HttpError(502, 'email_marketing_unavailable', emailMarketingMessages.unavailable);
    throw error;
  }
  if (missing.length > 0) throw onKey('missing_permissions', emailMarketingMessages.missingPermissions(missing));
}

async function segmentExists(db: Queryable, storeId: number, segmentId: number): Promise<boolean> {
  // Locked until the toggle commits, so a deletion cannot slip between the check and the sync's row
  // (it waits, and its `segment_deleted` event then stops the sync).
  const [row] = await db.query('select 1 from segments where store_id = $1 and id = $2 for share', [storeId, segmentId]);
  return Boolean(row);
}

const SYNC_COLUMNS = 'segment_id::text, enabled, state, list_id, members, synced_at, failure';

export const emailMarketingHandlers = (access: KlaviyoAccess): Handlers<EmailMarketingOperations> => ({
  async connectEmailMarketing(context) {
    const { storeId } = inStore(context);
    const apiKey = context.body.apiKey.trim();
    if (apiKey === '') throw errors.required('apiKey');
    await checkedKey(access, apiKey);
    await context.db.transaction(async (tx) => {
      await tx.query(
        `insert into email_marketing_connections (store_id, api_key_encrypted) values ($1, $2)
         on conflict (store_id) do update set api_key_encrypted = excluded.api_key_encrypted, failure = null, updated_at = now()`,
        [storeId, access.secrets.seal(apiKey)],
      );
      // A new key gives the syncs Klaviyo stopped another go; the others go on with it.
      const resumed = await tx.query<{ segment_id: string }>(
        `update segment_syncs set state = 'syncing', failure = null, updated_at = now()
          where store_id = $1 and enabled returning segment_id::text`,
        [storeId],
      );
      for (const { segment_id } of resumed) await queueSegmentSync(tx, storeId, segment_id);
    });
    return { status: 200, body: { state: 'connected' } };
  },

  async disconnectEmailMarketing(context) {
    const { storeId } = inStore(context);
    await context.db.transaction(async (tx) => {
      await tx.query('delete from email_marketing_connections where store_id = $1', [storeId]);
      // The lists stay in Klaviyo as they are; the toggles go off.
      await tx.query('delete from segment_sync_pending where store_id = $1', [storeId]);
      await tx.query(`update segment_syncs set enabled = false, updated_at = now() where store_id = $1 and enabled`, [storeId]);
    });
    return { status: 204 };
  },

  async listSegmentSyncs(context) {
    const { storeId } = inStore(context);
    const [connected] = await context.db.query('select 1 from email_marketing_connections where store_id = $1', [storeId]);
    const rows = await context.db.query<SegmentSyncRow>(
      `select ${SYNC_COLUMNS} from segment_syncs where store_id = $1 order by segment_id`,
      [storeId],
    );
    return { status: 200, body: { connected: Boolean(connected), syncs: rows.map(segmentSyncOf) } };
  },

  async setSegmentSync(context) {
    const { storeId } = inStore(context);
    const { segmentId } = context.params;
    const { enabled } = context.body;
    const row = await context.db.transaction(async (tx) => {
      if (!(await segmentExists(tx, storeId, segmentId))) throw errors.notFound();
      if (!enabled) {
        await tx.query('delete from segment_sync_pending where store_id = $1 and segment_id = $2', [storeId, segmentId]);
        const [stopped] = await tx.query<SegmentSyncRow>(
          `update segment_syncs set enabled = false, updated_at = now() where store_id = $1 and segment_id = $2 returning ${SYNC_COLUMNS}`,
          [storeId, segmentId],
        );
        return stopped ?? null;
      }
      const [connection] = await tx.query('select 1 from email_marketing_connections where store_id = $1', [storeId]);
      if (!connection) throw new HttpError(409, 'email_marketing_not_connected', emailMarketingMessages.notConnected);
      const [started] = await tx.query<SegmentSyncRow>(
        `insert into segment_syncs (store_id, segment_id) values ($1, $2)
         on conflict (store_id, segment_id) do update set enabled = true, state = 'syncing', failure = null, updated_at = now()
         returning ${SYNC_COLUMNS}`,
        [storeId, segmentId],
      );
      // Everyone the segment holds now, and everyone the list holds from before (who may have left meanwhile).
      await markAllPending(tx, storeId, String(segmentId));
      await queueSegmentSync(tx, storeId, String(segmentId));
      return started!;
    });
    const sync = row
      ? segmentSyncOf(row)
      : // Never synced: nothing to stop.
        { segmentId, enabled: false, state: 'synced' as const, listId: null, members: 0, syncedAt: null, failure: null };
    return { status: 200, body: sync };
  },
});
