-- WhatsApp message templates (features/whatsapp): what the merchant wrote, what Meta says of it, and
-- every status it went through. Meta is the truth of a template's status: its webhook and the periodic
-- sync write it; a change older than the last one applied never moves a template back.

-- A header's image, video or document, kept here until (and after) the template goes to Meta: the form's
-- preview reads it back, and a campaign sends it. Each server process reads it from the database.
create table whatsapp_template_media (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  kind text not null check (kind in ('image', 'video', 'document')),
  name text not null,
  mime_type text not null,
  bytes bigint not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index whatsapp_template_media_store on whatsapp_template_media (store_id);

create table whatsapp_templates (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  name text not null,
  description text,
  category text not null check (category in ('MARKETING', 'UTILITY')),
  language text not null default 'es',
  status text not null check (status in ('PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED')),
  rejection_reason text,
  rejection_detail text,
  paused_until timestamptz,
  quality text not null default 'UNKNOWN' check (quality in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN')),
  header_format text not null check (header_format in ('NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT')),
  header_text text,
  header_media_id bigint references whatsapp_template_media (id) on delete set null,
  body text not null,
  footer text,
  variables jsonb not null,
  buttons jsonb not null,
  -- The WhatsApp Business Account it was sent to, and Meta's id there.
  waba_id text not null,
  meta_template_id text not null,
  -- When Meta's last applied change happened: an older delivery changes nothing.
  meta_changed_at timestamptz not null,
  -- When the merchant's edits were sent to Meta (the last 30 days): Meta's once-a-day and 10-in-30-days limits.
  edited_at timestamptz[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (store_id, name),
  unique (waba_id, meta_template_id)
);

-- Each status a template went through, in the order it was applied (one delivery may bring several at one time).
create table whatsapp_template_history (
  id bigint generated always as identity primary key,
  template_id bigint not null references whatsapp_templates (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  status text not null,
  at timestamptz not null,
  rejection_reason text,
  paused_until timestamptz
);
create index whatsapp_template_history_template on whatsapp_template_history (template_id, id);
