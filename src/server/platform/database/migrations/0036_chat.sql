-- The chat (features/chat): one conversation per WhatsApp user of a store, its messages both ways, the
-- reactions on them, and Meta's statuses that came before the send that they are about had saved its wamid.

create table chat_conversations (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  -- Meta's user: the phone's digits (wa_id), or the business-scoped user id of a person who hides the number.
  wa_user_id text not null,
  -- E.164 when Meta gave the number.
  phone text,
  profile_name text,
  -- The store's customer with that phone (the platform's id), when one matches.
  customer_external_id bigint,
  last_message_id bigint,
  last_message_at timestamptz not null,
  last_message_preview text not null default '',
  last_message_direction text not null default 'inbound' check (last_message_direction in ('inbound', 'outbound')),
  -- Meta's time of the customer's last message: free text may be sent for 24 hours after it.
  last_inbound_at timestamptz,
  -- The newest inbound wamid, whose read receipt marks the rest read in Meta.
  last_inbound_wamid text,
  unread_count integer not null default 0,
  created_at timestamptz not null default now(),
  unique (store_id, wa_user_id)
);
create index chat_conversations_recent_idx on chat_conversations (store_id, last_message_at desc, id desc);
create index chat_conversations_phone_idx on chat_conversations (store_id, phone) where phone is not null;

create table chat_messages (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  conversation_id bigint not null references chat_conversations (id) on delete cascade,
  direction text not null check (direction in ('inbound', 'outbound')),
  kind text not null,
  body text,
  payload jsonb,
  -- Meta's id; null while an outgoing send has no answer yet.
  wamid text,
  -- The browser's id of an outgoing send: the same id sends once.
  client_id uuid,
  status text check (status in ('pending', 'sent', 'delivered', 'read', 'failed')),
  error_code integer,
  error_title text,
  error_details text,
  template_name text,
  sent_by_user_id integer,
  at timestamptz not null,
  unique (store_id, wamid),
  unique (conversation_id, client_id)
);
create index chat_messages_conversation_idx on chat_messages (conversation_id, id desc);

-- One reaction per side on a message, by the target's wamid (a reaction may come before its message); an
-- empty emoji removes it.
create table chat_reactions (
  store_id integer not null references stores (id) on delete cascade,
  target_wamid text not null,
  direction text not null check (direction in ('inbound', 'outbound')),
  emoji text not null,
  at timestamptz not null,
  primary key (store_id, target_wamid, direction)
);

-- Meta's statuses of a wamid no chat message carries yet (the send's answer not saved yet, or a message that
-- is not the chat's): applied when the wamid lands, forgotten after a day.
create table chat_pending_statuses (
  store_id integer not null references stores (id) on delete cascade,
  wamid text not null,
  status text not null check (status in ('sent', 'delivered', 'read', 'failed')),
  error_code integer,
  error_title text,
  error_details text,
  at timestamptz not null,
  recorded_at timestamptz not null default now(),
  primary key (store_id, wamid, status)
);
