import type { Queryable } from '../database/db.ts';

/*
 * Who in a segment may be reached on each channel (ARCHITECTURE.md "How data flows", 5). The consent
 * rules live here and nowhere else; the features that send (Klaviyo's list sync, Meta's custom
 * audiences, WhatsApp next) read their audiences through this module.
 *
 * - Email: the customer accepted email marketing and has an address (something before an "@").
 * - Phone: the customer accepted SMS marketing at checkout and has a number (8 digits or more, leading
 *   zeros aside).
 * Each channel reaches a member by the contacts it may use: Klaviyo by email only; Meta by email, phone
 * or both (a member with neither is not sent).
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
