-- Segments (features/segments): rule trees stored as data, their members materialised by a job and
-- kept current by the segments' store-events subscriber.
create table segments (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  -- A default segment's key (SPEC §2); null for a custom one. Its name and description are the app's texts.
  key text check (key in ('highValueCustomers', 'frequentCustomers', 'asleepCustomers', 'newCustomers', 'offerCustomers', 'riskyCustomers')),
  name text,
  description text,
  form text check (form in ('simple', 'advanced')),
  rules jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'inProgress', 'processingData', 'ready')),
  -- Each edit of the rules bumps it; a build records the version it evaluated, so a build an edit
  -- overtook leaves its work to the next one.
  rules_version integer not null default 1,
  built_version integer,
  customers integer,
  built_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((key is null) = (name is not null)),
  unique (store_id, key)
);
create index segments_store_idx on segments (store_id, id);

create table segment_members (
  segment_id bigint not null references segments (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  customer_external_id bigint not null,
  entered_at timestamptz not null default now(),
  primary key (segment_id, customer_external_id)
);
-- A customer's segments, when their data changes or is erased.
create index segment_members_customer_idx on segment_members (store_id, customer_external_id);
