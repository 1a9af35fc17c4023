-- A store's plan (features/account): what the card processor holds, mirrored so every request can tell
-- whether the store's data is open (the tenancy guard reads `status`) and the account page reads one row.
-- The processor is the truth: each of its webhooks makes us read the subscription again and overwrite this.
create table store_subscriptions (
  store_id integer primary key references stores (id) on delete cascade,
  -- The processor's customer and subscription; null only for the demo store's trial until the server
  -- that seeded it starts and opens it at the local sandbox.
  customer_id text,
  subscription_id text unique,
  plan_id text not null,
  billing text not null check (billing in ('monthly', 'yearly')),
  price_cents integer not null,
  -- The processor's own states; `canceled` only once the subscription has ended.
  status text not null check (status in ('trialing', 'active', 'past_due', 'canceled')),
  trial_ends_at timestamptz,
  member_since timestamptz not null default now(),
  current_period_end timestamptz,
  -- Set once the merchant cancels: the subscription ends then, and the store with it.
  cancel_at timestamptz,
  cancel_reason text,
  cancel_details text,
  next_payment_cents integer,
  -- While past due: when the open invoice is tried again and how many tries it has had.
  next_invoice_attempt_at timestamptz,
  invoice_attempts integer not null default 0,
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  card_country text,
  -- The email saying the store is about to be deleted went out.
  deletion_warned_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index store_subscriptions_cancel_idx on store_subscriptions (cancel_at) where cancel_at is not null;
