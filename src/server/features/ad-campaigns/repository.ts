import type { components } from '../../../shared/api/app.gen.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { bumpDataVersion } from '../../platform/store-data/data-version.ts';

/*
 * The ad campaigns in SQL: every statement of the feature on its tables (the campaigns, their files, what
 * each made in Meta, the audience sent, the figures read) has its home here; handlers, rules, publication
 * and insights decide and call these. The campaigns as the screens read them are made here too: the status
 * and whether the campaign can still be edited are worked out from the dates and the pause when read,
 * never stored.
 */

type AdCampaign = components['schemas']['AdCampaign'];
type AdCampaignSummary = components['schemas']['AdCampaignSummary'];
type AdCampaignStatus = components['schemas']['AdCampaignStatus'];
type AdCampaignInput = components['schemas']['AdCampaignInput'];
type AdMedia = components['schemas']['AdMedia'];
type SegmentKey = components['schemas']['SegmentKey'];
export type MediaChoice = components['schemas']['AdCampaignMediaChoice'];

export interface CampaignRow {
  id: number;
  store_id: number;
  type: AdCampaignInput['type'];
  name: string;
  start_at: Date;
  end_at: Date | null;
  daily_budget: number;
  currency: string;
  segment_id: number | null;
  segment_name: string;
  audience_size: number;
  locations: AdCampaignInput['locations'];
  age_min: number;
  age_max: number;
  gender: AdCampaignInput['gender'];
  interests: AdCampaignInput['interests'];
  format: AdCampaignInput['format'];
  media: MediaChoice[];
  main_text: string;
  title: string;
  description: string;
  call_to_action: AdCampaignInput['callToAction'];
  url: string;
  product_catalog_id: string | null;
  product_set_id: string | null;
  paused: boolean;
  publication: 'publishing' | 'published' | 'discarding';
  ad_account_id: string;
  created_at: Date;
  updated_at: Date;
}

export interface MediaRow {
  id: number;
  store_id: number;
  kind: 'image' | 'video';
  name: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  duration_seconds: number | null;
  ad_account_id: string;
  meta_image_hash: string | null;
  meta_video_id: string | null;
}

// Identity and money columns are bigint and numeric, which the drivers hand back as text.
const CAMPAIGN_COLUMNS = `id::float8 as id, store_id, type, name, start_at, end_at, daily_budget::float8 as daily_budget, currency,
  segment_id::float8 as segment_id, segment_name, audience_size, locations, age_min, age_max, gender, interests, format, media,
  main_text, title, description, call_to_action, url, product_catalog_id, product_set_id, paused, publication, ad_account_id,
  created_at, updated_at`;
const MEDIA_COLUMNS = `id::float8 as id, store_id, kind, name, content_type, bytes::float8 as bytes, width, height,
  duration_seconds::float8 as duration_seconds, ad_account_id, meta_image_hash, meta_video_id`;

export async function campaignRow(
  db: Queryable,
  storeId: number,
  campaignId: number,
  publication: CampaignRow['publication'] | null = 'published',
): Promise<CampaignRow | null> {
  const [row] = await db.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from ad_campaigns where store_id = $1 and id = $2 and ($3::text is null or publication = $3)`,
    [storeId, campaignId, publication],
  );
  return row ?? null;
}

export function publishedCampaigns(db: Queryable, storeId: number): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from ad_campaigns where store_id = $1 and publication = 'published' order by created_at desc, id desc`,
    [storeId],
  );
}

export function mediaRows(db: Queryable, storeId: number, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<MediaRow>(`select ${MEDIA_COLUMNS} from ad_media where store_id = $1 and id = any($2::bigint[])`, [
    storeId,
    [...new Set(ids)],
  ]);
}

export async function insertedMedia(db: Queryable, media: Omit<MediaRow, 'id'>): Promise<MediaRow> {
  const [row] = await db.query<MediaRow>(
    `insert into ad_media (store_id, kind, name, content_type, bytes, width, height, duration_seconds, ad_account_id, meta_image_hash, meta_video_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${MEDIA_COLUMNS}`,
    [
      media.store_id,
      media.kind,
      media.name,
      media.content_type,
      media.bytes,
      media.width,
      media.height,
      media.duration_seconds,
      media.ad_account_id,
      media.meta_image_hash,
      media.meta_video_id,
    ],
  );
  return row!;
}

export const adMediaOf = (row: MediaRow): AdMedia => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  durationSeconds: row.duration_seconds,
});

/**
 * Finished after the end; else deactivated while paused (also before its start: the merchant switched
 * it off, and it will not start on its own); scheduled before the start; active otherwise.
 */
export function statusOf(row: Pick<CampaignRow, 'start_at' | 'end_at' | 'paused'>, now = new Date()): AdCampaignStatus {
  if (row.end_at && now >= row.end_at) return 'finished';
  if (row.paused) return 'deactivated';
  return now < row.start_at ? 'scheduled' : 'active';
}

/** Why the campaign can no longer be edited, or null while it can. */
export function notEditableReason(row: Pick<CampaignRow, 'end_at' | 'segment_id'>, now = new Date()): 'finished' | 'segmentDeleted' | null {
  if (row.end_at && now >= row.end_at) return 'finished';
  if (row.segment_id === null) return 'segmentDeleted';
  return null;
}

/** Spend and results of each campaign, as the insights job last read them (none before the first read). */
export async function spendOf(db: Queryable, storeId: number): Promise<Map<number, { spend: number; results: number }>> {
  const rows = await db.query<{ campaign_id: number; spend: number; results: number }>(
    `select campaign_id::float8 as campaign_id, coalesce(sum(spend), 0)::float8 as spend, coalesce(sum(results), 0)::float8 as results
       from ad_campaign_insight_days where store_id = $1 group by campaign_id`,
    [storeId],
  );
  return new Map(rows.map((row) => [row.campaign_id, { spend: row.spend, results: row.results }]));
}

export function summaryOf(row: CampaignRow, figures: { spend: number; results: number } | undefined, now = new Date()): AdCampaignSummary {
  const reason = notEditableReason(row, now);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: statusOf(row, now),
    editable: reason === null,
    notEditableReason: reason,
    dailyBudget: row.daily_budget,
    currency: row.currency,
    startAt: row.start_at.toISOString(),
    endAt: row.end_at?.toISOString() ?? null,
    segmentId: row.segment_id,
    segmentName: row.segment_name,
    spend: Math.max(0, figures?.spend ?? 0),
    results: Math.max(0, Math.round(figures?.results ?? 0)),
  };
}

export async function campaignOf(db: Queryable, row: CampaignRow, now = new Date()): Promise<AdCampaign> {
  const ids = row.media.flatMap((choice) => (choice.thumbnailMediaId ? [choice.mediaId, choice.thumbnailMediaId] : [choice.mediaId]));
  const media = new Map((await mediaRows(db, row.store_id, ids)).map((found) => [found.id, found]));
  const reason = notEditableReason(row, now);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: statusOf(row, now),
    editable: reason === null,
    notEditableReason: reason,
    currency: row.currency,
    startAt: row.start_at.toISOString(),
    endAt: row.end_at?.toISOString() ?? null,
    dailyBudget: row.daily_budget,
    segmentId: row.segment_id,
    segmentName: row.segment_name,
    audienceSize: row.audience_size,
    locations: row.locations,
    ageMin: row.age_min,
    ageMax: row.age_max,
    gender: row.gender,
    interests: row.interests,
    format: row.format,
    media: row.media.flatMap((choice) => {
      const file = media.get(choice.mediaId);
      if (!file) return [];
      const thumbnail = choice.thumbnailMediaId ? media.get(choice.thumbnailMediaId) : undefined;
      return [{ media: adMediaOf(file), thumbnail: thumbnail ? adMediaOf(thumbnail) : null }];
    }),
    mainText: row.main_text,
    title: row.title,
    description: row.description,
    callToAction: row.call_to_action,
    url: row.url,
    productCatalogId: row.product_catalog_id,
    productSetId: row.product_set_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/* Saving a campaign. */

/** What a save writes, once every rule holds (the rules' plan). */
export interface CampaignFields {
  input: AdCampaignInput;
  startAt: Date;
  endAt: Date | null;
  currency: string;
  segmentName: string;
  /** The media as saved: a thumbnail only for a video. */
  media: MediaChoice[];
}

/** The store's segment a campaign names: its own name, or its key for a default one; null when there is none. */
export async function segmentOfStore(
  db: Queryable,
  storeId: number,
  segmentId: number,
): Promise<{ key: SegmentKey | null; name: string | null } | null> {
  const [row] = await db.query<{ key: SegmentKey | null; name: string | null }>(
    'select key, name from segments where store_id = $1 and id = $2',
    [storeId, segmentId],
  );
  return row ?? null;
}

const fieldColumns = (fields: CampaignFields) => [
  fields.input.type,
  fields.input.name,
  fields.startAt,
  fields.endAt,
  fields.input.dailyBudget,
  fields.currency,
  fields.input.segmentId,
  fields.segmentName,
  JSON.stringify(fields.input.locations),
  fields.input.ageMin,
  fields.input.ageMax,
  fields.input.gender,
  JSON.stringify(fields.input.interests),
  fields.input.format,
  JSON.stringify(fields.media),
  fields.input.mainText,
  fields.input.title,
  fields.input.description,
  fields.input.callToAction,
  fields.input.url,
  fields.input.productCatalogId,
  fields.input.productSetId,
];

/** A first save, 'publishing' until Meta holds all of it. */
export async function insertCampaign(db: Queryable, storeId: number, adAccountId: string, fields: CampaignFields): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into ad_campaigns (type, name, start_at, end_at, daily_budget, currency, segment_id, segment_name, locations, age_min, age_max,
       gender, interests, format, media, main_text, title, description, call_to_action, url, product_catalog_id, product_set_id,
       store_id, ad_account_id, publication)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13::jsonb, $14, $15::jsonb, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, 'publishing')
     returning id::float8 as id`,
    [...fieldColumns(fields), storeId, adAccountId],
  );
  return row!.id;
}

export async function updateCampaign(db: Queryable, row: CampaignRow, fields: CampaignFields): Promise<void> {
  await db.query(
    `update ad_campaigns set type = $1, name = $2, start_at = $3, end_at = $4, daily_budget = $5, currency = $6, segment_id = $7,
       segment_name = $8, locations = $9::jsonb, age_min = $10, age_max = $11, gender = $12, interests = $13::jsonb, format = $14,
       media = $15::jsonb, main_text = $16, title = $17, description = $18, call_to_action = $19, url = $20, product_catalog_id = $21,
       product_set_id = $22, updated_at = now()
     where store_id = $23 and id = $24`,
    [...fieldColumns(fields), row.store_id, row.id],
  );
}

export async function markCampaignPublished(db: Queryable, campaignId: number): Promise<void> {
  await db.query(`update ad_campaigns set publication = 'published', updated_at = now() where id = $1`, [campaignId]);
}

/** Hidden from the list while what it made in Meta waits to be deleted. */
export async function markCampaignDiscarding(db: Queryable, storeId: number, campaignId: number): Promise<void> {
  await db.query(`update ad_campaigns set publication = 'discarding', updated_at = now() where store_id = $1 and id = $2`, [
    storeId,
    campaignId,
  ]);
}

/** Its audience, Meta objects and figures go with it (on delete cascade). */
export async function deleteCampaign(db: Queryable, storeId: number, campaignId: number): Promise<void> {
  await db.query('delete from ad_campaigns where store_id = $1 and id = $2', [storeId, campaignId]);
}

/** A campaign whose first save never finished; one published meanwhile stays. */
export async function deleteUnpublishedCampaign(db: Queryable, storeId: number, campaignId: number): Promise<void> {
  await db.query(`delete from ad_campaigns where store_id = $1 and id = $2 and publication <> 'published'`, [storeId, campaignId]);
}

export async function setCampaignPaused(db: Queryable, storeId: number, campaignId: number, paused: boolean): Promise<void> {
  await db.query('update ad_campaigns set paused = $3, updated_at = now() where store_id = $1 and id = $2', [storeId, campaignId, paused]);
}

export async function setCampaignDailyBudget(db: Queryable, storeId: number, campaignId: number, dailyBudget: number): Promise<void> {
  await db.query('update ad_campaigns set daily_budget = $3, updated_at = now() where store_id = $1 and id = $2', [
    storeId,
    campaignId,
    dailyBudget,
  ]);
}

/* What a campaign made in Meta, and the audience it sent. */

export type MetaObjectKind = 'audience' | 'campaign' | 'adSet' | 'creative' | 'ad';

export interface MetaObject {
  kind: MetaObjectKind;
  position: number;
  metaId: string;
  fingerprint: string | null;
}

export const metaObjectKey = (kind: MetaObjectKind, position: number) => `${kind}:${position}`;

/** Each object by `metaObjectKey`. */
export async function metaObjectsOf(db: Queryable, campaignId: number): Promise<Map<string, MetaObject>> {
  const rows = await db.query<{ kind: MetaObjectKind; position: number; meta_id: string; fingerprint: string | null }>(
    'select kind, position, meta_id, fingerprint from ad_campaign_meta_objects where campaign_id = $1 order by kind, position',
    [campaignId],
  );
  return new Map(
    rows.map((row) => [
      metaObjectKey(row.kind, row.position),
      { kind: row.kind, position: row.position, metaId: row.meta_id, fingerprint: row.fingerprint },
    ]),
  );
}

export async function recordMetaObject(db: Queryable, storeId: number, campaignId: number, object: MetaObject): Promise<void> {
  await db.query(
    `insert into ad_campaign_meta_objects (campaign_id, store_id, kind, position, meta_id, fingerprint) values ($1, $2, $3, $4, $5, $6)
     on conflict (campaign_id, kind, position) do update set meta_id = excluded.meta_id, fingerprint = excluded.fingerprint`,
    [campaignId, storeId, object.kind, object.position, object.metaId, object.fingerprint],
  );
}

export async function forgetMetaObject(db: Queryable, campaignId: number, kind: MetaObjectKind, position: number): Promise<void> {
  await db.query('delete from ad_campaign_meta_objects where campaign_id = $1 and kind = $2 and position = $3', [
    campaignId,
    kind,
    position,
  ]);
}

/** The current audience (position 0) moved to `position`, set aside for deletion. */
export async function setAsideAudience(db: Queryable, campaignId: number, position: number): Promise<void> {
  await db.query(`update ad_campaign_meta_objects set position = $2 where campaign_id = $1 and kind = 'audience' and position = 0`, [
    campaignId,
    position,
  ]);
}

/** The customers already sent to the campaign's audience. */
export async function uploadedAudienceIds(db: Queryable, campaignId: number): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('select customer_external_id::text as id from ad_campaign_audience where campaign_id = $1', [
    campaignId,
  ]);
  return new Set(rows.map((row) => row.id));
}

/** Records customers as sent to the audience; `replace` forgets those sent before (a new audience). */
export async function rememberUploaded(
  db: Queryable,
  storeId: number,
  campaignId: number,
  externalIds: readonly string[],
  replace: boolean,
): Promise<void> {
  if (replace) await db.query('delete from ad_campaign_audience where campaign_id = $1', [campaignId]);
  if (externalIds.length === 0) return;
  await db.query(
    `insert into ad_campaign_audience (campaign_id, store_id, customer_external_id)
     select $1, $2, unnest($3::bigint[]) on conflict do nothing`,
    [campaignId, storeId, externalIds],
  );
}

export async function countCampaignAudience(db: Queryable, campaignId: number): Promise<void> {
  await db.query(
    'update ad_campaigns set audience_size = (select count(*) from ad_campaign_audience where campaign_id = $1) where id = $1',
    [campaignId],
  );
}

/* Figures: Meta's as read by the insights job, and the store's orders credited to each campaign. */

/** Published campaigns delivering now, or that ended within the last day, of stores whose Meta token works. */
export function campaignsToRefresh(db: Queryable): Promise<{ id: string; store_id: number }[]> {
  return db.query<{ id: string; store_id: number }>(
    `select c.id::text, c.store_id from ad_campaigns c
       join meta_connections m on m.store_id = c.store_id and m.renewal_reason is null
      where c.publication = 'published' and c.start_at <= now()
        and (c.end_at is null or c.end_at > now() - interval '1 day')
        and (not c.paused or c.updated_at > now() - interval '1 day')
      order by c.id`,
  );
}

export interface CampaignToRead {
  meta_id: string;
  /** Its first and last days to read, on the store's calendar. */
  since: string;
  until: string;
}

export async function campaignToRead(
  db: Queryable,
  storeId: number,
  campaignId: number,
  timeZone: string,
): Promise<CampaignToRead | undefined> {
  const [campaign] = await db.query<CampaignToRead>(
    `select o.meta_id,
            to_char((c.start_at at time zone $3)::date, 'YYYY-MM-DD') as since,
            to_char(least((now() at time zone $3)::date, (coalesce(c.end_at, now()) at time zone $3)::date), 'YYYY-MM-DD') as until
       from ad_campaigns c
       join ad_campaign_meta_objects o on o.campaign_id = c.id and o.kind = 'campaign'
      where c.id = $1 and c.store_id = $2 and c.publication = 'published'`,
    [campaignId, storeId, timeZone],
  );
  return campaign;
}

export interface DayFigures {
  day: string;
  reach: number;
  impressions: number;
  clicks: number;
  results: number;
  spend: number;
}

export interface AdFigures {
  adId: string;
  impressions: number;
  reach: number;
  clicks: number;
  spend: number;
}

/**
 * Keeps a read of the campaign's figures in place of the last one, unless the campaign was deleted
 * meanwhile: its row stays locked until these figures are in.
 */
export async function replaceCampaignInsights(
  db: Database,
  storeId: number,
  campaignId: number,
  figures: { days: readonly DayFigures[]; ads: readonly AdFigures[]; reach: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [still] = await tx.query('select 1 from ad_campaigns where id = $1 and store_id = $2 for update', [campaignId, storeId]);
    if (!still) return;
    const { days, ads } = figures;
    await tx.query('delete from ad_campaign_insight_days where campaign_id = $1', [campaignId]);
    if (days.length > 0)
      await tx.query(
        `insert into ad_campaign_insight_days (campaign_id, store_id, day, reach, impressions, clicks, results, spend)
         select $1, $2, d.day, d.reach, d.impressions, d.clicks, d.results, d.spend
           from unnest($3::date[], $4::integer[], $5::integer[], $6::integer[], $7::integer[], $8::numeric[])
             as d(day, reach, impressions, clicks, results, spend)
         on conflict (campaign_id, day) do update set reach = excluded.reach, impressions = excluded.impressions,
           clicks = excluded.clicks, results = excluded.results, spend = excluded.spend`,
        [
          campaignId,
          storeId,
          days.map((row) => row.day),
          days.map((row) => row.reach),
          days.map((row) => row.impressions),
          days.map((row) => row.clicks),
          days.map((row) => row.results),
          days.map((row) => row.spend),
        ],
      );
    await tx.query('delete from ad_insights where campaign_id = $1', [campaignId]);
    if (ads.length > 0)
      await tx.query(
        `insert into ad_insights (campaign_id, store_id, meta_ad_id, impressions, reach, clicks, spend)
         select $1, $2, a.ad, a.impressions, a.reach, a.clicks, a.spend
           from unnest($3::text[], $4::integer[], $5::integer[], $6::integer[], $7::numeric[]) as a(ad, impressions, reach, clicks, spend)
         on conflict (campaign_id, meta_ad_id) do update set impressions = excluded.impressions, reach = excluded.reach,
           clicks = excluded.clicks, spend = excluded.spend`,
        [
          campaignId,
          storeId,
          ads.map((row) => row.adId),
          ads.map((row) => row.impressions),
          ads.map((row) => row.reach),
          ads.map((row) => row.clicks),
          ads.map((row) => row.spend),
        ],
      );
    await tx.query(
      `insert into ad_campaign_insight_reads (campaign_id, store_id, read_at, reach) values ($1, $2, now(), $3)
       on conflict (campaign_id) do update set read_at = excluded.read_at, reach = excluded.reach`,
      [campaignId, storeId, figures.reach],
    );
    // The dashboard's answers include the campaigns' spend.
    await bumpDataVersion(tx, storeId);
  });
}

/** A published campaign as its figures' page reads it, with its last read. */
export interface InsightsCampaignRow {
  id: string;
  name: string;
  format: 'MULTIPLE_ADS' | 'CAROUSEL';
  title: string;
  currency: string;
  media: Array<{ mediaId: number }>;
  read_at: Date | null;
  lifetime_reach: number | null;
  /** No read yet, or the last one is older than `freshMs`. */
  stale: boolean;
}

export async function insightsCampaignOf(
  db: Queryable,
  storeId: number,
  campaignId: number,
  freshMs: number,
): Promise<InsightsCampaignRow | undefined> {
  const [campaign] = await db.query<InsightsCampaignRow>(
    `select c.id::text, c.name, c.format, c.title, c.currency, c.media, r.read_at, r.reach as lifetime_reach,
            (r.read_at is null or r.read_at < now() - make_interval(secs => $3)) as stale
       from ad_campaigns c
       left join ad_campaign_insight_reads r on r.campaign_id = c.id
      where c.id = $1 and c.store_id = $2 and c.publication = 'published'`,
    [campaignId, storeId, freshMs / 1000],
  );
  return campaign;
}

/** Each day of the campaign on the store's calendar, from its start to today (or its end), with the figures read for it. */
export function dailyFiguresOf(
  db: Queryable,
  campaignId: number,
  timeZone: string,
): Promise<{ date: string; reach: number; impressions: number; clicks: number; results: number; spend: string }[]> {
  return db.query(
    `select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(d.reach, 0) as reach, coalesce(d.impressions, 0) as impressions,
            coalesce(d.clicks, 0) as clicks, coalesce(d.results, 0) as results, coalesce(d.spend, 0)::text as spend
       from ad_campaigns c
       cross join lateral generate_series((c.start_at at time zone $2)::date,
         least((now() at time zone $2)::date, (coalesce(c.end_at, now()) at time zone $2)::date), interval '1 day') as s(day)
       left join ad_campaign_insight_days d on d.campaign_id = c.id and d.day = s.day::date
      where c.id = $1
      order by s.day`,
    [campaignId, timeZone],
  );
}

/** The campaign's ads in order, each with its figures as last read (none before the first read). */
export function adFiguresOf(
  db: Queryable,
  campaignId: number,
): Promise<{ position: number; meta_id: string; impressions: number; reach: number; clicks: number; spend: string }[]> {
  return db.query(
    `select o.position, o.meta_id, coalesce(i.impressions, 0) as impressions, coalesce(i.reach, 0) as reach,
            coalesce(i.clicks, 0) as clicks, coalesce(i.spend, 0)::text as spend
       from ad_campaign_meta_objects o
       left join ad_insights i on i.campaign_id = o.campaign_id and i.meta_ad_id = o.meta_id
      where o.campaign_id = $1 and o.kind = 'ad'
      order by o.position`,
    [campaignId],
  );
}

/** The store's published campaigns delivering now, with their spend and reach as last read. */
export function activeCampaignsFiguresOf(
  db: Queryable,
  storeId: number,
): Promise<{ id: string; name: string; spend: string; reach: number }[]> {
  return db.query(
    `select c.id::text, c.name, coalesce((select sum(d.spend) from ad_campaign_insight_days d where d.campaign_id = c.id), 0)::text as spend,
            coalesce(r.reach, 0) as reach
       from ad_campaigns c
       left join ad_campaign_insight_reads r on r.campaign_id = c.id
      where c.store_id = $1 and c.publication = 'published' and not c.paused
        and c.start_at <= now() and (c.end_at is null or c.end_at > now())
      order by c.start_at, c.id`,
    [storeId],
  );
}

/**
 * The store's orders credited to each campaign: counted orders placed from its start to its end (or
 * now) by customers in its audience. Income as numeric text (exact).
 */
export async function attributedOrdersOf(
  db: Queryable,
  storeId: number,
  campaignIds: readonly number[],
): Promise<{ campaign_id: string; income: string; orders: number; buyers: number }[]> {
  if (campaignIds.length === 0) return [];
  return db.query(
    `select c.id::text as campaign_id, coalesce(sum(o.total_amount), 0)::text as income, count(o.external_id)::integer as orders,
            count(distinct o.customer_external_id)::integer as buyers
       from ad_campaigns c
       join ad_campaign_audience a on a.campaign_id = c.id
       join orders o on o.store_id = c.store_id and o.customer_external_id = a.customer_external_id
        and o.placed_at >= c.start_at and o.placed_at <= coalesce(c.end_at, now()) and ${countedOrder('o.')}
      where c.store_id = $1 and c.id = any($2::bigint[])
      group by c.id`,
    [storeId, campaignIds],
  );
}
