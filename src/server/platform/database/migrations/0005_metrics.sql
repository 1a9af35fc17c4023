-- Metric rollups, rebuilt by the import and the nightly refresh and kept current by webhooks
-- (features/dashboard/rollups.ts), so every dashboard query reads a few hundred rows, never raw orders.
-- Days are the store's own calendar days (its Shopify time zone).

-- One row per customer with at least one counted order.
create table customer_stats (
  store_id integer not null references stores (id) on delete cascade,
  customer_external_id bigint not null,
  orders_count integer not null,
  total_spent numeric(16, 2) not null,
  discounted_orders integer not null,
  first_order_at timestamptz not null,
  second_order_at timestamptz,
  last_order_at timestamptz not null,
  first_order_day date not null,
  last_order_day date not null,
  -- The third most recent order's day: with last_order_day it tells a "star" customer.
  third_last_order_day date,
  -- The newest counted order or abandoned cart, for "active".
  last_activity_day date not null,
  primary key (store_id, customer_external_id)
);
-- A webhook refreshes the days its customers weigh on; these find the customers of a day.
create index customer_stats_first_day_idx on customer_stats (store_id, first_order_day);
create index customer_stats_last_day_idx on customer_stats (store_id, last_order_day);
create index customer_stats_activity_day_idx on customer_stats (store_id, last_activity_day);
create index customer_stats_star_idx on customer_stats (store_id, last_order_day) include (third_last_order_day) where orders_count >= 3;

-- Customers with an abandoned cart but no counted order are active too.
create table cart_only_customers (
  store_id integer not null references stores (id) on delete cascade,
  customer_external_id bigint not null,
  last_activity_day date not null,
  primary key (store_id, customer_external_id)
);
create index cart_only_customers_activity_day_idx on cart_only_customers (store_id, last_activity_day);
create index abandoned_checkouts_customer_idx on abandoned_checkouts (store_id, customer_external_id);

-- Counted orders by the day they were placed.
create table store_daily_stats (
  store_id integer not null references stores (id) on delete cascade,
  day date not null,
  orders integer not null,
  income numeric(16, 2) not null,
  customer_orders integer not null,
  -- Customers whose first counted order was that day.
  new_customers integer not null,
  primary key (store_id, day)
);

-- Customers by day of their newest order and newest activity: "bought in the last N days" sums a few rows.
create table store_customer_days (
  store_id integer not null references stores (id) on delete cascade,
  day date not null,
  last_order integer not null default 0,
  last_order_repeat integer not null default 0,
  last_activity integer not null default 0,
  primary key (store_id, day)
);

-- What does not depend on today: counts and sums over the customer rollup.
create table store_customer_totals (
  store_id integer primary key references stores (id) on delete cascade,
  customers integer not null,
  repeat_customers integer not null,
  frequency_days_sum double precision not null,
  second_order_days_sum double precision not null,
  high_value integer not null,
  offer integer not null,
  refreshed_at timestamptz not null default now()
);

-- The overview table (customers, orders and income by product, location, dispatch, payment and
-- discount), rebuilt whole every night.
create table store_stats_table (
  store_id integer not null references stores (id) on delete cascade,
  dimension text not null check (dimension in ('products', 'locations', 'dispatchMethods', 'paymentMethods', 'discounts')),
  key text not null,
  customers integer not null,
  orders integer not null,
  income numeric(16, 2) not null,
  primary key (store_id, dimension, key)
);
create index store_stats_table_page_idx on store_stats_table (store_id, dimension, income desc, key);
create table store_stats_table_builds (
  store_id integer primary key references stores (id) on delete cascade,
  built_at timestamptz not null
);

-- The yearly marketing investment, spread evenly over the year's days for acquisition costs.
create table marketing_investments (
  store_id integer not null references stores (id) on delete cascade,
  year integer not null check (year between 2000 and 2100),
  amount numeric(16, 2) not null check (amount >= 0),
  updated_at timestamptz not null default now(),
  primary key (store_id, year)
);
