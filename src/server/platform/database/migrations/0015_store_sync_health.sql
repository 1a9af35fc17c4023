-- Why a store's data stopped coming in, as a code the Integrations card puts in the merchant's words
-- (the import's own `store_syncs.error` keeps only the last reason, and refreshes had none).
create table store_sync_failures (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  code text not null check (code in ('tokenRejected', 'unreachable', 'unknown')),
  occurred_at timestamptz not null default now()
);
create index store_sync_failures_store_idx on store_sync_failures (store_id, occurred_at desc);
-- The last applied webhook is part of "last synced": read per store, newest first.
create index webhook_deliveries_store_received_idx on webhook_deliveries (store_id, received_at desc);
