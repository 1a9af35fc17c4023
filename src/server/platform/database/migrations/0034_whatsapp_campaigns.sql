-- WhatsApp campaigns (features/whatsapp) and their outbox: one row per message a campaign owes, sent once.

create table whatsapp_campaigns (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('unique', 'automated')),
  -- The template: its row while it exists, and what the campaign sends kept here (an edit or a deletion of the
  -- template does not change a campaign that was written with it).
  template_id bigint references whatsapp_templates (id) on delete set null,
  template_name text not null,
  template_category text not null check (template_category in ('MARKETING', 'UTILITY')),
  content jsonb not null,
  header_media_id bigint references whatsapp_template_media (id) on delete set null,
  segment_id bigint references segments (id) on delete set null,
  segment_name text,
  -- unique: when it sends.
  send_at timestamptz,
  -- automated: the event, the delay after it (minutes, and as written), the hours of the day it may send.
  event text check (event in ('segmentEntry', 'orderFulfilled', 'cartAbandoned')),
  delay jsonb,
  delay_minutes integer not null default 0,
  window_start text,
  window_end text,
  -- The texts of its free-text variables and of those its event cannot fill: [{name, text}].
  variables jsonb not null default '[]',
  status text not null check (status in ('created', 'scheduled', 'sending', 'sent', 'active', 'paused')),
  pause_reason text check (pause_reason in ('templatePaused', 'templateDisabled', 'templateDeleted', 'whatsappDisconnected')),
  paused_until timestamptz,
  -- The status it goes back to when its pause ends (sending for a unique campaign caught mid-send).
  resume_status text,
  -- The header's file as uploaded to the number for sending (Meta's media id lasts 30 days).
  sending_media_id text,
  sending_media_at timestamptz,
  -- When the messaging limit holds messages back, when the next of them may go.
  deferred_until timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index whatsapp_campaigns_store on whatsapp_campaigns (store_id, created_at desc);

-- One row per (campaign, customer) for a unique campaign, per (campaign, customer, triggering event) for an
-- automated one. A row is claimed (`sending`, with its claim) before its call to Meta and holds Meta's message id
-- (`wamid`) once Meta took it; a claimed row without a wamid is in doubt until Meta's status webhook (which echoes
-- `callback`) says it was sent, or its reconciliation time passes with nothing from Meta (it is sent again then).
create table whatsapp_outbox (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  campaign_id bigint not null references whatsapp_campaigns (id) on delete cascade,
  customer_external_id bigint not null,
  -- '' for a unique campaign; the triggering event's key (an order, a cart, a segment entry) for an automated one.
  trigger_key text not null default '',
  phone text not null,
  -- The message's own values: {variables: {name: value}, buttonSuffixes: {index: suffix}}.
  params jsonb not null,
  due_at timestamptz not null,
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled')),
  -- The claim: who sent it and when; the callback Meta echoes in its statuses (`biz_opaque_callback_data`).
  claimed_at timestamptz,
  callback text,
  attempts integer not null default 0,
  wamid text,
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  error jsonb,
  cancel_reason text,
  replied_at timestamptz,
  -- Taps on its buttons: {"<index>": count}.
  clicks jsonb not null default '{}',
  -- When the row last moved (the chat list shows the latest first).
  updated_at timestamptz not null default now(),
  unique (campaign_id, customer_external_id, trigger_key)
);
create unique index whatsapp_outbox_wamid on whatsapp_outbox (wamid) where wamid is not null;
create unique index whatsapp_outbox_callback on whatsapp_outbox (callback) where callback is not null;
create index whatsapp_outbox_due on whatsapp_outbox (campaign_id, due_at) where status = 'pending';
create index whatsapp_outbox_in_doubt on whatsapp_outbox (campaign_id, claimed_at) where status = 'sending';
create index whatsapp_outbox_customer on whatsapp_outbox (store_id, customer_external_id);
create index whatsapp_outbox_phone on whatsapp_outbox (store_id, phone);
-- How far Meta's statuses have come, by claim time (the sweep's rows in doubt).
create index whatsapp_outbox_heard on whatsapp_outbox (store_id, claimed_at) where delivered_at is not null or read_at is not null;
create index whatsapp_outbox_recent on whatsapp_outbox (store_id, sent_at) where sent_at is not null;

-- The number's send rate, shared by every server process: each batch reserves its slots here.
create table whatsapp_send_slots (
  phone_number_id text primary key,
  next_at timestamptz not null
);

-- Customers' messages, taps and clicks a campaign already counted (Meta may deliver one twice).
create table whatsapp_campaign_interactions (
  store_id integer not null references stores (id) on delete cascade,
  key text not null,
  -- Kept while Meta may still deliver the webhook again (it retries for up to 7 days), then pruned.
  seen_at timestamptz not null default now(),
  primary key (store_id, key)
);
create index whatsapp_campaign_interactions_seen on whatsapp_campaign_interactions (seen_at);
