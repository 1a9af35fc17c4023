-- A store's WhatsApp connection (features/integrations, the messaging form): the WhatsApp Business Account
-- and phone number its campaigns and chat use, read through the store's Meta connection (the same
-- Facebook Login as social ads, in its business manager). What Meta said of the number and the business
-- is kept as it was last read (`checked_at`), so the card shows it without asking Meta on every visit.
create table whatsapp_connections (
  store_id integer primary key references stores (id) on delete cascade,
  business_id text not null,
  business_name text not null,
  whatsapp_id text not null,
  whatsapp_name text not null,
  phone_number_id text not null,
  display_phone_number text not null,
  verified_name text not null,
  quality_rating text not null check (quality_rating in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN')),
  -- The business portfolio's messaging limit (Meta's tier); null when Meta did not say.
  messaging_limit text check (messaging_limit in ('TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED')),
  business_verified boolean not null,
  checked_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
