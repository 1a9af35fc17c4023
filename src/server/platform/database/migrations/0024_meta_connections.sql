-- A store's Meta connection (features/integrations, the social ads form): the long-lived user token from
-- Facebook Login, sealed like every third-party secret, and the assets the store's campaigns use, with
-- their names as Meta had them when the form saved them.
create table meta_connections (
  store_id integer primary key references stores (id) on delete cascade,
  access_token_encrypted text not null,
  -- The Facebook person the token acts as.
  user_id text not null,
  user_name text not null,
  token_expires_at timestamptz,
  -- Why Meta stopped taking the token ('expired', 'revoked'); null while it works. Nothing is sent to
  -- Meta for the store until the merchant renews it with Facebook Login.
  renewal_reason text check (renewal_reason in ('expired', 'revoked')),
  business_id text,
  business_name text,
  ad_account_id text,
  ad_account_name text,
  page_id text,
  page_name text,
  instagram_account_id text,
  instagram_account_name text,
  pixel_id text,
  pixel_name text,
  -- The ad account's currency and minimum daily budget in whole units of it (metaAdAccountProps).
  currency text,
  min_daily_budget numeric,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The assets are saved together or not at all.
  check ((business_id is null) = (ad_account_id is null) and (ad_account_id is null) = (pixel_id is null))
);
