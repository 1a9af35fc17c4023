import type { Queryable } from '../database/db.ts';

/*
 * Who in a segment may be reached on each channel (ARCHITECTURE.md "How data flows", 5). The consent
 * rules live here and nowhere else; the features that send (Klaviyo's list sync, Meta's custom
 * audiences, WhatsApp campaigns) read their audiences through this module.
 *
 * - Email: the customer accepted email marketing and has an address (something before an "@").
 * - Phone: the customer accepted SMS marketing at checkout and has a number (8 digits or more, leading
 *   zeros aside).
 * - WhatsApp: see `WHATSAPP_REACHABLE_SQL` below (its own consent, the phone in E.164, the customer's opt-outs).
 * Each channel reaches a member by the contacts it may use: Klaviyo by email only; Meta by email, phone
 * or both (a member with neither is not sent); WhatsApp by phone.
 */

/** SQL over `customers` aliased `c`: the address email marketing may use (trimmed, lower case), or null. */
export const MARKETING_EMAIL_SQL = `case when c.email_consent and strpos(trim(c.email), '@') > 1 then lower(trim(c.email)) end`;

/** SQL over `customers` aliased `c`: the number marketing may use (as the customer gave it), or null. */
export const MARKETING_PHONE_SQL = `case when c.sms_consent and length(ltrim(regexp_replace(c.phone, '[^0-9]', '', 'g'), '0')) >= 8 then c.phone end`;

export type AudienceChannel = 'email' | 'ads';

export interface ReachableMember {
  /** The platform's customer id. */
  externalId: string;
  email: string | null;
  phone: string | null;
}

/** The segment's members `channel` may reach, with the contacts it may use; by customer id. */
export async function reachableMembers(
  db: Queryable,
  storeId: number,
  segmentId: number | string,
  channel: AudienceChannel,
): Promise<ReachableMember[]> {
  const phone = channel === 'ads' ? MARKETING_PHONE_SQL : 'null::text';
  return db.query<ReachableMember>(
    `select * from (
       select c.external_id::text as "externalId", ${MARKETING_EMAIL_SQL} as email, ${phone} as phone
         from segment_members m
         join customers c on c.store_id = m.store_id and c.external_id = m.customer_external_id
        where m.store_id = $1 and m.segment_id = $2) as reachable
      where email is not null or phone is not null
      order by "externalId"::bigint`,
    [storeId, segmentId],
  );
}

/*
 * WhatsApp: a member may be messaged when their phone reads as E.164 (`toE164`, Chile by default; the
 * database keeps it in `phone_e164`, see 0035_whatsapp_consent.sql) and they consented: to WhatsApp
 * marketing where Shopify has their WhatsApp choice (`whatsapp_consent` not null), to SMS marketing at
 * checkout otherwise. A phone opted out since (a reply such as BAJA, Meta's "stop promotions", a send
 * refused for consent) is left out until the customer consents again after it: a consent dated later in
 * Shopify, or a later "resume" (which clears the opt-out itself).
 */

/** SQL over `customers` aliased `c`: the phone WhatsApp takes (E.164), or null. */
export const WHATSAPP_PHONE_SQL = 'c.phone_e164';

/** SQL over `customers` aliased `c`: whether the customer's consent lets WhatsApp marketing reach them, ignoring opt-outs. */
const WHATSAPP_CONSENT_SQL = 'coalesce(c.whatsapp_consent, c.sms_consent)';
/** When the consent that decides (above) was last given or changed in Shopify. */
const WHATSAPP_CONSENT_AT_SQL = 'case when c.whatsapp_consent is not null then c.whatsapp_consent_at else c.sms_consent_at end';

/** SQL over `customers` aliased `c`: true when WhatsApp marketing may reach the customer now. */
export const WHATSAPP_REACHABLE_SQL = `(c.phone_e164 is not null and ${WHATSAPP_CONSENT_SQL}
  and not exists (select 1 from whatsapp_opt_outs o
                   where o.store_id = c.store_id and o.phone = c.phone_e164 and o.opted_out
                     and (${WHATSAPP_CONSENT_AT_SQL} is null or ${WHATSAPP_CONSENT_AT_SQL} <= o.at)))`;

const SEGMENT_CUSTOMERS = `segment_members m
  join customers c on c.store_id = m.store_id and c.external_id = m.customer_external_id
 where m.store_id = $1 and m.segment_id = $2`;

/** How many members the segment has, and how many of them WhatsApp marketing may reach. */
export async function whatsappAudienceCounts(
  db: Queryable,
  storeId: number,
  segmentId: number | string,
): Promise<{ members: number; consented: number }> {
  const [row] = await db.query<{ members: number; consented: number }>(
    `select count(*)::integer as members, count(*) filter (where ${WHATSAPP_REACHABLE_SQL})::integer as consented
       from ${SEGMENT_CUSTOMERS}`,
    [storeId, segmentId],
  );
  return row ?? { members: 0, consented: 0 };
}

export interface WhatsappRecipient {
  /** The platform's customer id. */
  externalId: string;
  /** E.164. */
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The segment's members WhatsApp marketing may reach, by customer id. */
export function whatsappRecipients(db: Queryable, storeId: number, segmentId: number | string): Promise<WhatsappRecipient[]> {
  return db.query<WhatsappRecipient>(
    `select c.external_id::text as "externalId", ${WHATSAPP_PHONE_SQL} as phone, c.first_name as "firstName",
            c.last_name as "lastName", c.email
       from ${SEGMENT_CUSTOMERS} and ${WHATSAPP_REACHABLE_SQL}
      order by c.external_id`,
    [storeId, segmentId],
  );
}

/** Which of `customerIds` (the platform's ids) WhatsApp marketing may reach now. */
export async function whatsappReachable(db: Queryable, storeId: number, customerIds: readonly string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `select c.external_id::text as id from customers c
      where c.store_id = $1 and c.external_id = any($2::bigint[]) and ${WHATSAPP_REACHABLE_SQL}`,
    [storeId, customerIds],
  );
  return new Set(rows.map((row) => row.id));
}

/** The customers (platform ids) whose phone reads as `e164`, however each was written. */
export async function customersWithPhone(db: Queryable, storeId: number, e164: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select c.external_id::text as id from customers c where c.store_id = $1 and c.phone_e164 = whatsapp_phone($2) order by c.external_id`,
    [storeId, e164],
  );
  return rows.map((row) => row.id);
}
