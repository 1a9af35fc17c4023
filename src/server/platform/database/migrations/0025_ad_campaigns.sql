-- Ad campaigns in Meta (features/ad-campaigns). What the wizard saved lives here; what Meta holds is
-- named by its ids, recorded one by one as Meta creates them, so a save that fails halfway is cleaned
-- up (or saved again) without creating anything twice.

-- A file uploaded for ads: already in the ad account's library in Meta (an image hash or a video id).
create table ad_media (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  kind text not null check (kind in ('image', 'video')),
  name text not null,
  content_type text not null,
  bytes bigint not null,
  width integer not null,
  height integer not null,
  duration_seconds numeric,
  -- The ad account it went to: a file of another account cannot be used.
  ad_account_id text not null,
  meta_image_hash text,
  meta_video_id text,
  created_at timestamptz not null default now(),
  check ((kind = 'image') = (meta_image_hash is not null) and (kind = 'video') = (meta_video_id is not null))
);
create index ad_media_store_idx on ad_media (store_id);

create table ad_campaigns (
  id bigint generated always as identity primary key,
  store_id integer not null references stores (id) on delete cascade,
  type text not null check (type in ('conversion', 'retargeting', 'remarketing', 'cyberdays')),
  name text not null,
  start_at timestamptz not null,
  end_at timestamptz,
  daily_budget bigint not null,
  currency text not null,
  -- Null once the segment is deleted; its name stays as the campaign was last saved.
  segment_id bigint references segments (id) on delete set null,
  segment_name text not null,
  audience_size integer not null default 0,
  locations jsonb not null default '[]',
  age_min integer not null,
  age_max integer not null,
  gender text not null check (gender in ('all', 'male', 'female')),
  interests jsonb not null default '[]',
  format text not null check (format in ('MULTIPLE_ADS', 'CAROUSEL')),
  -- [{ mediaId, thumbnailMediaId }] in the wizard's order.
  media jsonb not null default '[]',
  main_text text not null,
  title text not null,
  description text not null,
  call_to_action text not null check (call_to_action in ('LEARN_MORE', 'WATCH_MORE', 'SHOP_NOW')),
  url text not null,
  product_catalog_id text,
  product_set_id text,
  -- Deactivated by the merchant (PAUSED in Meta); the other statuses follow from the dates.
  paused boolean not null default false,
  -- 'publishing' while a first save runs, 'published' once everything exists in Meta, 'discarding'
  -- while what a failed first save created is deleted in Meta (a job retries it); only published
  -- campaigns are shown.
  publication text not null default 'publishing' check (publication in ('publishing', 'published', 'discarding')),
  ad_account_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ad_campaigns_store_idx on ad_campaigns (store_id, created_at desc);

-- Every object created in Meta for a campaign, recorded the moment Meta answers with its id.
create table ad_campaign_meta_objects (
  campaign_id bigint not null references ad_campaigns (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  kind text not null check (kind in ('audience', 'campaign', 'adSet', 'creative', 'ad')),
  meta_id text not null,
  -- A creative or ad's place in the campaign's files (0 for a carousel's one), else 0.
  position integer not null default 0,
  -- A creative's: what it shows (files, texts, link), since Meta never changes a creative; an ad's: that
  -- of the creative it runs. A save compares them with what the campaign now says, and replaces only what differs.
  fingerprint text,
  created_at timestamptz not null default now(),
  primary key (campaign_id, kind, position)
);

-- The customers uploaded to the campaign's custom audience at its last save: its orders are attributed from them.
create table ad_campaign_audience (
  campaign_id bigint not null references ad_campaigns (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  customer_external_id bigint not null,
  primary key (campaign_id, customer_external_id)
);

-- Meta's figures by day, as the insights job last read them.
create table ad_campaign_insight_days (
  campaign_id bigint not null references ad_campaigns (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  day date not null,
  reach integer not null,
  impressions integer not null,
  clicks integer not null,
  results integer not null,
  spend numeric(14, 2) not null,
  primary key (campaign_id, day)
);
-- The dashboard's monthly ad spend of a store.
create index ad_campaign_insight_days_store_idx on ad_campaign_insight_days (store_id, day);

-- Each ad's figures over the campaign's life, as last read.
create table ad_insights (
  campaign_id bigint not null references ad_campaigns (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  meta_ad_id text not null,
  impressions integer not null,
  reach integer not null,
  clicks integer not null,
  spend numeric(14, 2) not null,
  primary key (campaign_id, meta_ad_id)
);

-- When the insights job last read a campaign; a campaign never read has no row (no data yet).
create table ad_campaign_insight_reads (
  campaign_id bigint primary key references ad_campaigns (id) on delete cascade,
  store_id integer not null references stores (id) on delete cascade,
  read_at timestamptz not null,
  -- People reached over the campaign's life, as Meta counts them (once each, unlike the days' sum).
  reach integer not null default 0
);
