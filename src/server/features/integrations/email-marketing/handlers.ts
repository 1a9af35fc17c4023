import type { components, operations } from '../../../../shared/api/app.gen.ts';
import { KlaviyoAuthError, KlaviyoThrottledError, KlaviyoUnavailableError } from '../../../integrations/klaviyo/errors.ts';
import type { RequiredPermission } from '../../../integrations/klaviyo/types.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { type Handlers, inStore } from '../../../platform/http/api.ts';
import { errors, HttpError } from '../../../platform/http/errors.ts';
import { type KlaviyoAccess, markAllPending, queueSegmentSync } from './klaviyo-sync.ts';
import {
  deleteEmailMarketingConnection,
  emailMarketingConnectionOf,
  isEmailMarketingConnected,
  lockSegment,
  resumeSegmentSyncs,
  type SegmentSyncRow,
  saveEmailMarketingKey,
  segmentSyncRows,
  startSegmentSync,
  stopSegmentSync,
} from './repository.ts';

/*
 * The email-marketing integration (SPEC §2, §5, §8): the merchant's Klaviyo private key, checked with
 * Klaviyo for the Profiles and Lists write scopes before it is saved, sealed at rest like the Shopify
 * token; and each segment's sync toggle (klaviyo-sync.ts does the syncing).
 */

type SimpleIntegration = components['schemas']['SimpleIntegration'];
type SegmentSync = components['schemas']['SegmentSync'];
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
  const row = await emailMarketingConnectionOf(db, storeId);
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

const segmentSyncOf = (row: SegmentSyncRow): SegmentSync => ({
  segmentId: Number(row.segment_id),
  enabled: row.enabled,
  state: row.state,
  listId: row.list_id,
  members: row.members,
  syncedAt: row.synced_at?.toISOString() ?? null,
  failure: row.failure,
});

export const emailMarketingHandlers = (access: KlaviyoAccess): Handlers<EmailMarketingOperations> => ({
  async connectEmailMarketing(context) {
    const { storeId } = inStore(context);
    const apiKey = context.body.apiKey.trim();
    if (apiKey === '') throw errors.required('apiKey');
    await checkedKey(access, apiKey);
    await context.db.transaction(async (tx) => {
      await saveEmailMarketingKey(tx, storeId, access.secrets.seal(apiKey));
      // A new key gives the syncs Klaviyo stopped another go; the others go on with it.
      for (const segmentId of await resumeSegmentSyncs(tx, storeId)) await queueSegmentSync(tx, storeId, segmentId);
    });
    return { status: 200, body: { state: 'connected' } };
  },

  async disconnectEmailMarketing(context) {
    const { storeId } = inStore(context);
    // The lists stay in Klaviyo as they are; the toggles go off.
    await context.db.transaction((tx) => deleteEmailMarketingConnection(tx, storeId));
    return { status: 204 };
  },

  async listSegmentSyncs(context) {
    const { storeId } = inStore(context);
    const connected = await isEmailMarketingConnected(context.db, storeId);
    const rows = await segmentSyncRows(context.db, storeId);
    return { status: 200, body: { connected, syncs: rows.map(segmentSyncOf) } };
  },

  async setSegmentSync(context) {
    const { storeId } = inStore(context);
    const { segmentId } = context.params;
    const { enabled } = context.body;
    const row = await context.db.transaction(async (tx) => {
      if (!(await lockSegment(tx, storeId, segmentId))) throw errors.notFound();
      if (!enabled) return stopSegmentSync(tx, storeId, segmentId);
      if (!(await isEmailMarketingConnected(tx, storeId)))
        throw new HttpError(409, 'email_marketing_not_connected', emailMarketingMessages.notConnected);
      const started = await startSegmentSync(tx, storeId, segmentId);
      // Everyone the segment holds now, and everyone the list holds from before (who may have left meanwhile).
      await markAllPending(tx, storeId, String(segmentId));
      await queueSegmentSync(tx, storeId, String(segmentId));
      return started;
    });
    const sync = row
      ? segmentSyncOf(row)
      : // Never synced: nothing to stop.
        { segmentId, enabled: false, state: 'synced' as const, listId: null, members: 0, syncedAt: null, failure: null };
    return { status: 200, body: sync };
  },
});
