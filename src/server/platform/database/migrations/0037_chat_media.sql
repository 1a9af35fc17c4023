-- The files customers send in the chat (features/chat): Meta's address for a file lasts minutes, so each image, video,
-- audio, document or sticker a customer sends is downloaded by a job and kept here, one row per message.

create table chat_media (
  message_id bigint primary key references chat_messages (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  -- Meta's media id, from the message's webhook.
  media_id text not null,
  -- As the webhook described the file, then as Meta's Media API did once it was downloaded.
  mime_type text not null,
  -- A document's name as the customer sent it; null for the other kinds.
  file_name text,
  -- The size in bytes and the bytes themselves, once kept.
  size bigint,
  content bytea,
  state text not null default 'pending' check (state in ('pending', 'kept', 'failed')),
  -- Why a failed file could not be kept: Meta no longer had it, it never matched its hash, Meta kept failing, or the
  -- store's WhatsApp could not be reached (not connected, or its Meta connection needs renewing).
  failure text check (failure in ('gone', 'damaged', 'unavailable', 'disconnected')),
  created_at timestamptz not null default now(),
  kept_at timestamptz,
  check ((state = 'failed') = (failure is not null)),
  check ((state = 'kept') = (content is not null))
);
create index chat_media_store_idx on chat_media (store_id);
