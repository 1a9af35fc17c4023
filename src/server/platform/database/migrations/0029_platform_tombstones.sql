-- What Shopify deleted or redacted, and when. Its deliveries come late and out of order, and an import
-- can hold a copy read before the deletion: a write of such an object dated at or before its erasure is
-- older news and changes nothing (features/integrations/store/store-data.ts). Kept 30 days (housekeeping).
create table platform_tombstones (
  store_id integer not null references stores (id) on delete cascade,
  kind text not null check (kind in ('customer', 'product')),
  external_id bigint not null,
  erased_at timestamptz not null,
  -- A redacted customer's orders stay in the totals with nothing that points back to them.
  redacted boolean not null default false,
  primary key (store_id, kind, external_id)
);
create index platform_tombstones_erased_at on platform_tombstones (erased_at);
