-- A counter per store that every write to the store's data bumps in its own transaction (an import
-- batch, a webhook, a metrics rebuild, the marketing investment). Caches of derived answers (the
-- dashboard's figures) are keyed by it, so any server process sees a change on its next read.
create table store_data_versions (
  store_id integer primary key references stores (id) on delete cascade,
  version bigint not null default 0
);
