-- Invitations to a store, password resets, the local mail outbox and rate-limited attempts.
create table store_invitations (
  id integer generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  email text not null,
  invited_by integer references users (id) on delete set null,
  -- SHA-256 of the emailed token.
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  canceled_at timestamptz
);
create index store_invitations_store_idx on store_invitations (store_id);
-- One open invitation per email and store.
create unique index store_invitations_open_key on store_invitations (store_id, lower(email)) where accepted_at is null and canceled_at is null;

create table password_resets (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table mail_outbox (
  id integer generated always as identity primary key,
  recipient text not null,
  subject text not null,
  body_text text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create table rate_limit_events (
  -- What is limited and for whom, e.g. "sign-in:email:ana@tienda.cl" or "sign-up:ip:127.0.0.1".
  subject text not null,
  happened_at timestamptz not null default now()
);
create index rate_limit_events_subject_idx on rate_limit_events (subject, happened_at);
