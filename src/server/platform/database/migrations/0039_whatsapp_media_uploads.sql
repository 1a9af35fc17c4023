-- A template header's file as uploaded to a WhatsApp number (platform/connections/whatsapp-header-media.ts): Meta
-- keeps an upload 30 days, and every message sent with that header meanwhile names the same one, whether the chat or
-- a campaign sends it. The campaigns' own copies are dropped: a campaign still sending uploads its file once more.

create table whatsapp_media_uploads (
  media_id bigint not null references whatsapp_template_media (id) on delete cascade,
  phone_number_id text not null,
  -- Meta's id of the upload.
  meta_media_id text not null,
  uploaded_at timestamptz not null,
  primary key (media_id, phone_number_id)
);

alter table whatsapp_campaigns drop column sending_media_id, drop column sending_media_at;
