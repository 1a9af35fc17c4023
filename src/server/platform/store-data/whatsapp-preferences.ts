import { toE164 } from '../../../shared/whatsapp-campaigns.ts';
import type { Queryable } from '../database/db.ts';
import { customersWithPhone } from './audiences.ts';
import type { StoreEvents, WhatsappPreferenceSource } from './store-events.ts';

/*
 * A customer's own word on the store's WhatsApp marketing, by phone: a reply such as BAJA, Meta's "stop
 * promotions" or "resume" (`user_preferences`), a send Meta refused with 131050. The audience rule
 * (audiences.ts) leaves an opted-out phone out until the customer consents again.
 */

export interface WhatsappPreference {
  /** The phone it came from; read as `toE164` reads it (E.164 is expected). */
  phone: string;
  /** True to stop marketing, false to take it again (Meta's "resume"). */
  optedOut: boolean;
  source: WhatsappPreferenceSource;
  /** When the customer said it (ISO instant, or a Date). */
  at: string | Date;
}

/**
 * Records the preference in the writer's transaction `tx`, unless a later one for the phone is already
 * known (webhooks come late and twice; of two at the same moment, the one told last stands), and then the `whatsapp_marketing_preference` store event with
 * the customers that have the phone. Returns whether it was recorded.
 */
export async function recordWhatsappPreference(
  tx: Queryable,
  events: Pick<StoreEvents, 'record'>,
  storeId: number,
  preference: WhatsappPreference,
): Promise<boolean> {
  const phone = toE164(preference.phone);
  if (!phone) return false;
  const at = new Date(preference.at).toISOString();
  const written = await tx.query(
    `insert into whatsapp_opt_outs (store_id, phone, opted_out, source, at) values ($1, $2, $3, $4, $5)
     on conflict (store_id, phone) do update set opted_out = excluded.opted_out, source = excluded.source, at = excluded.at
     where whatsapp_opt_outs.at < excluded.at
        or (whatsapp_opt_outs.at = excluded.at and whatsapp_opt_outs.opted_out <> excluded.opted_out)
     returning 1`,
    [storeId, phone, preference.optedOut, preference.source, at],
  );
  if (written.length === 0) return false;
  await events.record(tx, storeId, [
    {
      kind: 'whatsapp_marketing_preference',
      customers: await customersWithPhone(tx, storeId, phone),
      detail: { phone, optedOut: preference.optedOut, source: preference.source, at },
    },
  ]);
  return true;
}
