import type { components } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';

/*
 * The campaigns as saved here, and as the screens read them: the status and whether the campaign can
 * still be edited are worked out from the dates and the pause when read, never stored.
 */

type AdCampaign = components['schemas']['AdCampaign'];
type AdCampaignSummary = components['schemas']['AdCampaignSummary'];
type AdCampaignStatus = components['schemas']['AdCampaignStatus'];
type AdCampaignInput = components['schemas']['AdCampaignInput'];
type AdMedia = components['schemas']['AdMedia'];
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
