-- How a store reached its shop: the access token of the merchant's own app (the store form), or the
-- install of our app by OAuth ("Conectar con Shopify"). Our app's webhooks are signed with our client
-- secret; the merchant's app signs its own with its secret, kept (encrypted) when the form gave it.
alter table shopify_connections add column install text not null default 'token' check (install in ('token', 'oauth'));
alter table shopify_connections add column webhook_secret_encrypted text;

-- An install under way and how it ended. The state is the nonce @shopify/shopify-api puts in Shopify's
-- address and in its signed cookie; here it is tied to the session that began it (as a hash, like the
-- session itself), so the way back is only taken from that session, once. An install goes with its
-- session (the nightly housekeeping deletes expired sessions).
create table shopify_installs (
  id integer generated always as identity primary key,
  state_hash bytea not null unique,
  session_token_hash bytea not null references sessions (token_hash) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  shop_domain text not null,
  -- The store it reconnects; null when it creates one.
  store_id integer references stores (id) on delete cascade,
  -- The app's page to come back to.
  return_to text not null,
  status text not null default 'pending' check (status in ('pending', 'connected', 'refused')),
  -- The refusal, in the contract's `Error` shape, for the form to show.
  error jsonb,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index shopify_installs_session_idx on shopify_installs (session_token_hash, created_at);
