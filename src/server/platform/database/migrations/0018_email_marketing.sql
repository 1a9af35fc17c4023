-- Klaviyo (features/integrations): the store's private API key, sealed like the Shopify token, and why
-- Klaviyo refuses it when it has since stopped taking it (the Integrations card then needs attention).
create table email_marketing_connections (
  store_id integer primary key references stores (id) on delete cascade,
  api_key_encrypted text not null,
  failure text check (failure in ('invalidKey', 'missingPermissions')),
  connected_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One Klaviyo list per synced segment. No foreign key to segments: the segments feature owns them and
-- says when one is deleted (the `segment_deleted` store event); the list itself stays in Klaviyo.
create table segment_syncs (
  store_id integer not null references stores (id) on delete cascade,
  segment_id bigint not null,
  enabled boolean not null default true,
  state text not null default 'syncing' check (state in ('syncing', 'synced', 'failed')),
  list_id text,
  -- Consented members the list holds from us.
  members integer not null default 0,
  synced_at timestamptz,
  failure text check (failure in ('invalidKey', 'missingPermissions', 'platformError')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (store_id, segment_id)
);

-- What each list holds from us, one row per customer: in an import under way (`import_job_id`), a member
-- (its Klaviyo profile id, to remove it later), or refused by Klaviyo (an email it does not take). The
-- email is the one sent, so a changed email is sent again.
create table segment_sync_members (
  store_id integer not null,
  segment_id bigint not null,
  customer_external_id bigint not null,
  email text not null,
  state text not null check (state in ('importing', 'member', 'refused')),
  profile_id text,
  import_job_id text,
  primary key (store_id, segment_id, customer_external_id),
  foreign key (store_id, segment_id) references segment_syncs (store_id, segment_id) on delete cascade
);
create index segment_sync_members_import_idx on segment_sync_members (store_id, segment_id, import_job_id)
  where import_job_id is not null;

-- Customers whose place in a list is to be looked at again: they entered or left the segment, their
-- consent or email changed, or the sync was turned on. The sync job empties it in batches.
create table segment_sync_pending (
  store_id integer not null,
  segment_id bigint not null,
  customer_external_id bigint not null,
  primary key (store_id, segment_id, customer_external_id),
  foreign key (store_id, segment_id) references segment_syncs (store_id, segment_id) on delete cascade
);
