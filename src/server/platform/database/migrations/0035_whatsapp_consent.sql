-- Who may be messaged on WhatsApp (platform/store-data/audiences.ts): the customer's WhatsApp consent from
-- Shopify, when each consent last changed, the phone as WhatsApp takes it, and the customers' own opt-outs.

-- `toE164` of src/shared/whatsapp-campaigns.ts in SQL (Chile, +56, by default), so the phone column below is
-- kept by the database on every write and a 100k-customer audience reads an indexed column; the tests hold
-- both to the same answers. The digits as given after a + or 00; otherwise leading zeros dropped and +56
-- added unless already there (56 and 8 digits or more); then 8 to 15 digits not starting with 0, or null.
-- One expression without subqueries, so PostgreSQL inlines it: written with subqueries it made a
-- 100k-customer import ten times slower.
create function whatsapp_phone(phone text) returns text
language sql immutable parallel safe
return substring('+' || case when phone ~ '^\s*\+' then regexp_replace(phone, '[^0-9]', '', 'g')
                             when phone ~ '^\s*00' then substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3)
                             else '56' || regexp_replace(ltrim(regexp_replace(phone, '[^0-9]', '', 'g'), '0'), '^56([0-9]{8,})$', '\1')
                        end
                 from '^\+[1-9][0-9]{7,14}$');

alter table customers
  -- Shopify's whatsAppMarketingConsent of the default phone: null while the customer never had a WhatsApp
  -- choice recorded (NEVER_SUBSCRIBED, as in every store that does not collect it); then SMS consent decides.
  add column whatsapp_consent boolean,
  -- When each consent last changed (Shopify's updatedAt / consentUpdatedAt): a consent given after an
  -- opt-out lifts it.
  add column whatsapp_consent_at timestamptz,
  add column sms_consent_at timestamptz,
  add column phone_e164 text generated always as (whatsapp_phone(phone)) stored;
create index customers_phone_e164_idx on customers (store_id, phone_e164) where phone_e164 is not null;

-- A customer's own word on WhatsApp marketing from the store, by phone: a reply such as BAJA, Meta's "stop
-- promotions" or "resume", a send Meta refused with 131050. Only a later word replaces it.
create table whatsapp_opt_outs (
  store_id integer not null references stores (id) on delete cascade,
  -- E.164.
  phone text not null,
  opted_out boolean not null,
  source text not null check (source in ('reply', 'meta', 'sendError')),
  at timestamptz not null,
  primary key (store_id, phone)
);
