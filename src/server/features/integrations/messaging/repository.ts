import type { components } from '../../../../shared/api/app.gen.ts';
import type { Queryable } from '../../../platform/database/db.ts';

/*
 * The messaging integration in SQL: the store's WhatsApp account and number as the form saved them, and
 * what Meta last said of them. Handlers (handlers.ts) decide; this module reads and writes.
 */

type QualityRating = components['schemas']['WhatsappQualityRating'];
type MessagingLimit = components['schemas']['WhatsappMessagingLimit'];

export interface WhatsappConnectionRow {
  business_id: string;
  business_name: string;
  whatsapp_id: string;
  whatsapp_name: string;
  phone_number_id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: QualityRating;
  messaging_limit: MessagingLimit;
  business_verified: boolean;
  checked_at: Date;
}

export async function whatsappConnectionOf(db: Queryable, storeId: number): Promise<WhatsappConnectionRow | null> {
  const [row] = await db.query<WhatsappConnectionRow>(
    `select business_id, business_name, whatsapp_id, whatsapp_name, phone_number_id, display_phone_number, verified_name,
       quality_rating, messaging_limit, business_verified, checked_at
     from whatsapp_connections where store_id = $1`,
    [storeId],
  );
  return row ?? null;
}

type Named = { id: string; name: string };

/** The account and number chosen, with what Meta said of them now. */
export interface WhatsappChoice {
  business: Named;
  whatsappAccount: Named & { businessVerified: boolean };
  phoneNumber: { id: string; displayPhoneNumber: string; verifiedName: string; qualityRating: QualityRating };
  messagingLimit: MessagingLimit;
}

export async function saveWhatsappConnection(db: Queryable, storeId: number, chosen: WhatsappChoice): Promise<void> {
  const { business, whatsappAccount, phoneNumber } = chosen;
  await db.query(
    `insert into whatsapp_connections (store_id, business_id, business_name, whatsapp_id, whatsapp_name, phone_number_id,
       display_phone_number, verified_name, quality_rating, messaging_limit, business_verified, checked_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     on conflict (store_id) do update set business_id = excluded.business_id, business_name = excluded.business_name,
       whatsapp_id = excluded.whatsapp_id, whatsapp_name = excluded.whatsapp_name, phone_number_id = excluded.phone_number_id,
       display_phone_number = excluded.display_phone_number, verified_name = excluded.verified_name,
       quality_rating = excluded.quality_rating, messaging_limit = excluded.messaging_limit,
       business_verified = excluded.business_verified, checked_at = excluded.checked_at, updated_at = now()`,
    [
      storeId,
      business.id,
      business.name,
      whatsappAccount.id,
      whatsappAccount.name,
      phoneNumber.id,
      phoneNumber.displayPhoneNumber,
      phoneNumber.verifiedName,
      phoneNumber.qualityRating,
      chosen.messagingLimit,
      whatsappAccount.businessVerified,
    ],
  );
}

/** What Meta says of the saved number and business now; a number changed meanwhile by the form is left alone. */
export async function saveWhatsappCheck(
  db: Queryable,
  storeId: number,
  check: {
    phoneNumberId: string;
    displayPhoneNumber: string;
    verifiedName: string;
    qualityRating: QualityRating;
    messagingLimit: MessagingLimit;
  },
): Promise<void> {
  await db.query(
    `update whatsapp_connections set display_phone_number = $3, verified_name = $4, quality_rating = $5, messaging_limit = $6,
       checked_at = now(), updated_at = now()
     where store_id = $1 and phone_number_id = $2`,
    [storeId, check.phoneNumberId, check.displayPhoneNumber, check.verifiedName, check.qualityRating, check.messagingLimit],
  );
}

export async function deleteWhatsappConnection(db: Queryable, storeId: number): Promise<void> {
  await db.query('delete from whatsapp_connections where store_id = $1', [storeId]);
}

/**
 * The store and social ads integrations as the messaging one waits for them (SPEC §5): the store once
 * connected, social ads once its assets are saved. Read here rather than from their folders, which this
 * one does not import.
 */
export async function integrationStatesOf(
  db: Queryable,
  storeId: number,
): Promise<{ store: 'connected' | 'notConnected'; socialAds: 'connected' | 'notConnected' }> {
  const [row] = await db.query<{ store: boolean; social_ads: boolean }>(
    `select exists (select 1 from shopify_connections where store_id = $1) as store,
       exists (select 1 from meta_connections where store_id = $1 and business_id is not null) as social_ads`,
    [storeId],
  );
  return { store: row?.store ? 'connected' : 'notConnected', socialAds: row?.social_ads ? 'connected' : 'notConnected' };
}

/**
 * Meta's `phone_number_quality_update` for the stores on that account whose number it names: FLAGGED is a RED
 * rating, and the portfolio's limit is the one Meta now gives. The card reads the number again on its next
 * visit (UNFLAGGED names no new rating). The stores it changed.
 */
export async function applyPhoneQualityUpdate(
  db: Queryable,
  wabaId: string,
  update: { displayPhoneNumber: string; flagged: boolean; limit: MessagingLimit },
): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(
    `update whatsapp_connections
        set quality_rating = case when $3 then 'RED' else quality_rating end,
            messaging_limit = coalesce($4, messaging_limit), checked_at = 'epoch', updated_at = now()
      where whatsapp_id = $1 and regexp_replace(display_phone_number, '[^0-9]', '', 'g') = regexp_replace($2, '[^0-9]', '', 'g')
      returning store_id`,
    [wabaId, update.displayPhoneNumber, update.flagged, update.limit],
  );
  return rows.map((row) => row.store_id);
}
