-- What changed in each store, for the live streams of its open tabs (platform/store-data/live.ts). Events are numbered
-- per store: a writer takes the store's next number under its cursor row's lock, held until it commits, so
-- numbers become visible in order and without gaps, and a reader that has seen n has seen all before it.
-- Kept one day (housekeeping): a tab away longer than that asks for everything again.
create table live_cursors (
  store_id integer primary key references stores (id) on delete cascade,
  seq bigint not null
);

create table live_events (
  store_id integer not null references stores (id) on delete cascade,
  seq bigint not null,
  event jsonb not null,
  published_at timestamptz not null default now(),
  primary key (store_id, seq)
);
create index live_events_published_at on live_events (published_at);
