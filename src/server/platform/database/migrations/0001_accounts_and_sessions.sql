-- Accounts, stores, memberships and sessions.
create table stores (
  id integer generated always as identity primary key,
  name text not null,
  created_at timestamptz not null default now()
);

create table users (
  id integer generated always as identity primary key,
  email text not null,
  name text not null,
  -- argon2id hash; null for an invited user who has not set a password yet.
  password_hash text,
  -- The provider's own administrators (role recompraAdmin) see every store.
  is_provider_admin boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table store_members (
  store_id integer not null references stores (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  role text not null check (role in ('admin', 'user', 'colaborator')),
  created_at timestamptz not null default now(),
  primary key (store_id, user_id)
);
create index store_members_user_idx on store_members (user_id);

create table sessions (
  -- SHA-256 of the cookie's token; the token itself is never stored.
  token_hash bytea primary key,
  user_id integer not null references users (id) on delete cascade,
  current_store_id integer references stores (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

create table server_settings (
  key text primary key,
  value text not null
);

create table orders (
  store_id integer not null references stores (id) on delete cascade,
  -- The order's id on the store platform; one row per platform order.
  external_id bigint not null,
  placed_at timestamptz not null,
  total_amount numeric(14, 2) not null,
  currency text not null default 'CLP',
  primary key (store_id, external_id)
);
create index orders_store_placed_idx on orders (store_id, placed_at);
