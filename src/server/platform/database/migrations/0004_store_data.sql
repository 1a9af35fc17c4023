-- The store's Shopify connection, its import state, and the data imported from it.
create table shopify_connections (
  store_id integer primary key references stores (id) on delete cascade,
  -- The normalised {host}.myshopify.com address. Several Recompra stores may read the same shop
  -- (whoever holds its access token sees its data anyway): the demo sandbox shop, for one.
  shop_domain text not null,
  -- AES-256-GCM with ENCRYPTION_KEY (platform/security/secrets.ts).
  access_token_encrypted text not null,
  currency text not null default 'CLP',
  timezone text,
  connected_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shopify_connections_shop_idx on shopify_connections (shop_domain);

create table store_syncs (
  store_id integer primary key references stores (id) on delete cascade,
  status text not null default 'NEEDS_SCRAPE'
    check (status in ('NEEDS_SCRAPE', 'IN_PROGRESS', 'FINISHED', 'FINISHED_ONE_YEAR', 'HISTORIC_IN_PROGRESS', 'FAILED')),
  -- Which part is being imported, kept through FAILED so a retry goes on from there.
  phase text not null default 'lastYear' check (phase in ('lastYear', 'history', 'done')),
  -- Orders from this instant on are "the last year"; fixed when the first import starts.
  last_year_from timestamptz,
  catalogue_done boolean not null default false,
  last_year_total integer not null default 0,
  last_year_imported integer not null default 0,
  history_total integer not null default 0,
  history_imported integer not null default 0,
  -- Newest order creation time committed in the current phase: a resumed import starts there.
  resume_after timestamptz,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  refreshed_at timestamptz,
  updated_at timestamptz not null default now()
);

-- external ids are the platform's numeric ids (the tail of Shopify's gid://shopify/Type/123).
create table products (
  store_id integer not null references stores (id) on delete cascade,
  external_id bigint not null,
  title text not null,
  product_type text not null default '',
  tags jsonb not null default '[]',
  created_at timestamptz,
  updated_at timestamptz,
  primary key (store_id, external_id)
);

create table customers (
  store_id integer not null references stores (id) on delete cascade,
  external_id bigint not null,
  first_name text,
  last_name text,
  email text,
  phone text,
  tags jsonb not null default '[]',
  -- Consent as given at checkout: campaigns only reach customers who gave it.
  email_consent boolean not null default false,
  sms_consent boolean not null default false,
  region text,
  city text,
  created_at timestamptz,
  updated_at timestamptz,
  primary key (store_id, external_id)
);

alter table orders
  add column name text,
  add column customer_external_id bigint,
  add column discount_total numeric(14, 2) not null default 0,
  add column discount_codes jsonb not null default '[]',
  add column payment_gateways jsonb not null default '[]',
  add column shipping_method text,
  add column region text,
  add column city text,
  add column fulfillment_status text,
  add column financial_status text,
  add column cancelled_at timestamptz,
  add column updated_at timestamptz;
create index orders_store_customer_idx on orders (store_id, customer_external_id);

create table order_line_items (
  store_id integer not null references stores (id) on delete cascade,
  external_id bigint not null,
  order_external_id bigint not null,
  product_external_id bigint,
  title text not null,
  quantity integer not null,
  original_total numeric(14, 2) not null,
  discounted_total numeric(14, 2) not null,
  primary key (store_id, external_id)
);
create index order_line_items_order_idx on order_line_items (store_id, order_external_id);

create table abandoned_checkouts (
  store_id integer not null references stores (id) on delete cascade,
  external_id bigint not null,
  customer_external_id bigint,
  created_at timestamptz not null,
  completed_at timestamptz,
  total_amount numeric(14, 2) not null,
  recovery_url text,
  primary key (store_id, external_id)
);

-- Every webhook applied, by the platform's delivery id: a replay changes nothing.
create table webhook_deliveries (
  webhook_id text not null,
  store_id integer not null references stores (id) on delete cascade,
  topic text not null,
  received_at timestamptz not null default now(),
  primary key (webhook_id, store_id)
);
