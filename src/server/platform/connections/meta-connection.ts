import type { components } from '../../../shared/api/app.gen.ts';
import { createMetaClient, type MetaAppClient, type MetaUserClient } from '../../integrations/meta/client.ts';
import {
  MetaError,
  MetaNotFoundError,
  MetaPermissionError,
  MetaTermsNotAcceptedError,
  MetaThrottledError,
  MetaTokenError,
} from '../../integrations/meta/errors.ts';
import { REQUIRED_PERMISSIONS } from '../../integrations/meta/types.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../database/db.ts';
import { errors, HttpError } from '../http/errors.ts';
import type { SecretBox } from '../security/secrets.ts';

/*
 * A store's Meta connection, below the features that use it (the social ads form in integrations, ad
 * campaigns, WhatsApp): the sealed token and chosen assets, and the one gate every call to Meta for a
 * store goes through. A token Meta no longer takes marks the connection for renewal, and from then on
 * nothing is sent to Meta for the store until Facebook Login runs again.
 */

type MetaLoginSettings = components['schemas']['MetaSettings']['login'];

/** SPEC §9's defaults while no ad account is saved. */
export const DEFAULT_AD_ACCOUNT_PROPS = { currency: 'CLP', minDailyBudget: 5000 } as const;

/** The page Facebook Login sends the person back to, with the token in the address's fragment. */
export const META_LOGIN_RETURN_PATH = '/integrations';

export const metaConnectionMessages = {
  notConnected: 'Conecta tu cuenta de Meta en Integraciones para continuar.',
  renewalRequired: 'Tu conexión con Meta venció o fue revocada. Vuelve a conectar tu cuenta en Integraciones.',
  unavailable: 'Meta no respondió. Inténtalo de nuevo en unos minutos.',
  throttled: 'Meta está limitando las consultas de tu cuenta. Inténtalo de nuevo en unos minutos.',
};

/** Meta as this server reaches it: the app's client, where Facebook Login starts and where terms are accepted. */
export interface MetaAccess {
  app: MetaAppClient;
  /** The app's id: uploads for WhatsApp templates' headers are made to it. */
  appId: string;
  secrets: SecretBox;
  login: MetaLoginSettings;
  businessUrl: string;
}

export function metaAccess(config: Config, secrets: SecretBox): MetaAccess {
  const { meta } = config;
  return {
    app: createMetaClient({ appId: meta.appId, appSecret: meta.appSecret, graphUrl: meta.graphUrl, version: meta.version }),
    appId: meta.appId,
    secrets,
    login: {
      dialogUrl: `${meta.loginUrl}/${meta.version}/dialog/oauth`,
      clientId: meta.appId,
      scope: [...REQUIRED_PERMISSIONS],
      redirectUri: `${config.publicUrl}${META_LOGIN_RETURN_PATH}`,
    },
    businessUrl: meta.businessUrl,
  };
}

export interface MetaConnectionRow {
  access_token_encrypted: string;
  user_id: string;
  user_name: string;
  token_expires_at: Date | null;
  renewal_reason: string | null;
  business_id: string | null;
  business_name: string | null;
  ad_account_id: string | null;
  ad_account_name: string | null;
  page_id: string | null;
  page_name: string | null;
  instagram_account_id: string | null;
  instagram_account_name: string | null;
  pixel_id: string | null;
  pixel_name: string | null;
  currency: string | null;
  min_daily_budget: string | null;
}

export async function metaConnectionOf(db: Queryable, storeId: number, lock = false): Promise<MetaConnectionRow | null> {
  const [row] = await db.query<MetaConnectionRow>(`select * from meta_connections where store_id = $1${lock ? ' for update' : ''}`, [
    storeId,
  ]);
  return row ?? null;
}

/** Whether Meta still takes the token: neither marked for renewal nor past the expiry Meta gave. */
export const tokenUsable = (row: MetaConnectionRow, now = new Date()) =>
  !row.renewal_reason && (!row.token_expires_at || row.token_expires_at > now);

/** The saved ad account's currency and minimum daily budget (SPEC §9's defaults before one is saved). */
export function adAccountPropsOf(row: MetaConnectionRow | null): { currency: string; minDailyBudget: number } {
  if (!row?.currency || row.min_daily_budget === null) return { ...DEFAULT_AD_ACCOUNT_PROPS };
  return { currency: row.currency, minDailyBudget: Number(row.min_daily_budget) };
}

/** Marks the store's connection for renewal; the caller then refuses with `social_ads_renewal_required`. */
export async function markForRenewal(db: Queryable, storeId: number, reason: 'expired' | 'revoked'): Promise<void> {
  await db.query(`update meta_connections set renewal_reason = $2, updated_at = now() where store_id = $1 and renewal_reason is null`, [
    storeId,
    reason,
  ]);
}

export const notConnected = () => new HttpError(409, 'social_ads_not_connected', metaConnectionMessages.notConnected);
const renewalRequired = () => new HttpError(409, 'social_ads_renewal_required', metaConnectionMessages.renewalRequired);

/** Meta's refusal codes 463 (expired) and 467 (session invalidated on expiry) mean expired; the rest, revoked. */
const renewalReasonOf = (error: MetaTokenError) => (error.subcode === 463 || error.subcode === 467 ? 'expired' : 'revoked');

/**
 * A token Meta no longer takes, or one that lost a permission Recompra needs (taken back in Facebook's
 * settings), marks the connection and answers 409, since Facebook Login again is the way out (unaccepted
 * terms are not: they are accepted in Business Suite). Anything else is left to the caller.
 */
export async function refuseDeadToken(db: Queryable, storeId: number, error: unknown): Promise<void> {
  if (error instanceof MetaTokenError || (error instanceof MetaPermissionError && !(error instanceof MetaTermsNotAcceptedError))) {
    await markForRenewal(db, storeId, error instanceof MetaTokenError ? renewalReasonOf(error) : 'revoked');
    throw renewalRequired();
  }
}

/** Meta's failures as the merchant reads them: a dead token as above, Meta's own trouble a 502. */
export async function metaFailure(db: Queryable, storeId: number, error: unknown): Promise<never> {
  await refuseDeadToken(db, storeId, error);
  if (error instanceof MetaThrottledError)
    throw new HttpError(502, 'social_ads_unavailable', metaConnectionMessages.throttled, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))),
    });
  if (error instanceof MetaError) throw new HttpError(502, 'social_ads_unavailable', metaConnectionMessages.unavailable);
  throw error;
}

/**
 * The client of a store whose token still works, or the refusal: 409 before Facebook Login, 409 while it
 * must be renewed. Every call to Meta for a store goes through here, so a dead token stops them all.
 */
export async function metaClientOf(
  db: Queryable,
  access: MetaAccess,
  storeId: number,
): Promise<{ row: MetaConnectionRow; client: MetaUserClient }> {
  const row = await metaConnectionOf(db, storeId);
  if (!row) throw notConnected();
  if (!tokenUsable(row)) {
    if (!row.renewal_reason) await markForRenewal(db, storeId, 'expired');
    throw renewalRequired();
  }
  return { row, client: access.app.forUser(access.secrets.open(row.access_token_encrypted)) };
}

/** The client of a store whose assets are saved (campaigns need the ad account), through the same gate. */
export async function adAccountClientOf(
  db: Queryable,
  access: MetaAccess,
  storeId: number,
): Promise<{ row: MetaConnectionRow & { ad_account_id: string }; client: MetaUserClient }> {
  const { row, client } = await metaClientOf(db, access, storeId);
  if (!row.ad_account_id) throw notConnected();
  return { row: row as MetaConnectionRow & { ad_account_id: string }, client };
}

/** A read of Meta for the store's campaigns, through the one gate: Meta's refusals as Spanish errors. */
export async function readForStore<T>(
  db: Queryable,
  access: MetaAccess,
  storeId: number,
  read: (client: MetaUserClient) => Promise<T>,
): Promise<T> {
  const { client } = await adAccountClientOf(db, access, storeId);
  try {
    return await read(client);
  } catch (error) {
    if (error instanceof MetaNotFoundError) throw errors.notFound();
    return metaFailure(db, storeId, error);
  }
}
