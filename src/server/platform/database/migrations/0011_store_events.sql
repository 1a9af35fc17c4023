-- Store events (platform/store-data/store-events.ts): what changed in a store's data, recorded by the writer
-- (import, nightly refresh, webhook) in the transaction that changed it. Customer and order ids are
-- the platform's numeric ids, as in the store data tables.
create table store_events (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  kind text not null,
  customers bigint[] not null default '{}',
  orders bigint[] not null default '{}',
  detail jsonb not null default '{}',
  recorded_at timestamptz not null default now()
);
create index store_events_recorded_idx on store_events (recorded_at);

-- One row per (subscriber, event) still to handle. The subscriber deletes its rows in the same
-- transaction as its own writes, so an event is handled once: a crash rolls both back together.
create table store_event_deliveries (
  subscriber text not null,
  event_id bigint not null references store_events (id) on delete cascade,
  store_id integer not null,
  primary key (subscriber, store_id, event_id)
);
create index store_event_deliveries_event_idx on store_event_deliveries (event_id);

-- A job asked for again while it runs goes back to pending when it ends instead of done, so work
-- that arrived after it looked is never left waiting (the store events' subscriber jobs).
alter table jobs add column rerun boolean not null default false;

-- The store-wide totals follow a webhook by difference instead of a scan of every customer: the sum of
-- the customers' average order values gives the mean that "high value" compares against, and the
-- index counts the customers above it.
alter table store_customer_totals add column average_sum numeric not null default 0;
update store_customer_totals t
   set average_sum = coalesce((select sum(s.total_spent / s.orders_count) from customer_stats s where s.store_id = t.store_id), 0);
create index customer_stats_average_idx on customer_stats (store_id, (total_spent / orders_count));
