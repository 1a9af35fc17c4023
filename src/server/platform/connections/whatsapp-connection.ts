import { WHATSAPP_NOT_CONNECTED } from '../../../shared/whatsapp-connection.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import type { Queryable } from '../database/db.ts';
import { HttpError } from '../http/errors.ts';
import { type MetaAccess, metaClientOf } from './meta-connection.ts';

/*
 * A store's WhatsApp connection, below the features that use it (the messaging form in integrations,
 * templates, campaigns, chat): the WhatsApp Business Account and phone number the store chose, reached
 * through the store's Meta connection (the same Facebook Login as social ads). Every call to WhatsApp for
 * a store goes through `whatsappClientOf`, so a dead Meta token stops them all as it stops the ads.
 */

export const whatsappConnectionMessages = {
  notConnected: 'Conecta WhatsApp en Integraciones para continuar.',
};

export interface WhatsappConnection {
  /** The WhatsApp Business Account (SPEC's whatsappId). */
  wabaId: string;
  /** The number the store sends from (SPEC's whatsappPhoneNumberId). */
  phoneNumberId: string;
}

export const whatsappNotConnected = () => new HttpError(409, WHATSAPP_NOT_CONNECTED, whatsappConnectionMessages.notConnected);

/** The store's chosen account and number, or null before the messaging form is saved. */
export async function whatsappConnectionOf(db: Queryable, storeId: number): Promise<WhatsappConnection | null> {
  const [row] = await db.query<WhatsappConnection>(
    `select whatsapp_id as "wabaId", phone_number_id as "phoneNumberId" from whatsapp_connections where store_id = $1`,
    [storeId],
  );
  return row ?? null;
}

/** The stores connected to a WhatsApp Business Account (Meta's webhooks name the account, not the store). */
export async function storesOfWhatsappAccount(db: Queryable, wabaId: string): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(`select store_id from whatsapp_connections where whatsapp_id = $1`, [wabaId]);
  return rows.map((row) => row.store_id);
}

/** The stores that send from this number of that account (a message's webhook names both). */
export async function storesOfWhatsappNumber(db: Queryable, wabaId: string, phoneNumberId: string): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(
    `select store_id from whatsapp_connections where whatsapp_id = $1 and phone_number_id = $2`,
    [wabaId, phoneNumberId],
  );
  return rows.map((row) => row.store_id);
}

/** Every store with a WhatsApp connection (what a periodic read of Meta goes through). */
export async function whatsappConnectedStores(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(`select store_id from whatsapp_connections order by store_id`);
  return rows.map((row) => row.store_id);
}

/**
 * The connection and a client of a store whose WhatsApp is connected and whose Meta token still works, or
 * the refusal: 409 `whatsapp_not_connected` before the messaging form is saved, and the Meta connection's
 * own 409s (not connected, renewal required).
 */
export async function whatsappClientOf(
  db: Queryable,
  access: MetaAccess,
  storeId: number,
): Promise<WhatsappConnection & { client: MetaUserClient }> {
  const connection = await whatsappConnectionOf(db, storeId);
  if (!connection) throw whatsappNotConnected();
  const { client } = await metaClientOf(db, access, storeId);
  return { ...connection, client };
}
