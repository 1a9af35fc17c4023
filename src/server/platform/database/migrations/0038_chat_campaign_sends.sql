-- Campaign messages in the chat (features/chat, from the WhatsApp feature's whatsapp_message_sent events): which
-- phones each campaign reached (the inbox's "by campaign" filter), and each message as one of the chat's, in its
-- phone's conversation, or without one until the customer's reply opens it (a campaign opens no conversation).

create table chat_campaign_sends (
  store_id integer not null references stores (id) on delete cascade,
  wamid text not null,
  campaign_id bigint not null,
  -- E.164.
  phone text not null,
  sent_at timestamptz not null,
  primary key (store_id, wamid)
);
create index chat_campaign_sends_phone_idx on chat_campaign_sends (store_id, phone);
create index chat_campaign_sends_campaign_idx on chat_campaign_sends (store_id, campaign_id, phone);

-- A campaign message to a phone without a conversation waits here for one.
alter table chat_messages alter column conversation_id drop not null;

-- What campaigns sent before: the filter keeps them. Their messages are not shown (the text they went with was not kept).
insert into chat_campaign_sends (store_id, wamid, campaign_id, phone, sent_at)
select store_id, wamid, campaign_id, phone, coalesce(sent_at, updated_at) from whatsapp_outbox where wamid is not null
on conflict do nothing;
