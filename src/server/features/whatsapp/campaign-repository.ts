import type { components } from '../../../shared/api/app.gen.ts';
import { DEFAULT_SEGMENT_NAMES } from '../../../shared/segment-names.ts';
import { WHATSAPP_ATTRIBUTION_DAYS, type WhatsappCampaignStatus } from '../../../shared/whatsapp-campaigns.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { type MediaRow, mediaOf } from './repository.ts';

/* Every SQL statement of the WhatsApp campaigns and their outbox's figures, as named functions. */

type WhatsappCampaign = components['schemas']['WhatsappCampaign'];
type SegmentKey = components['schemas']['SegmentKey'];
type WhatsappCampaignSummary = components['schemas']['WhatsappCampaignSummary'];
type WhatsappCampaignMetrics = components['schemas']['WhatsappCampaignMetrics'];
type WhatsappCampaignRecipient = components['schemas']['WhatsappCampaignRecipient'];
export type WhatsappCampaignContent = components['schemas']['WhatsappCampaignContent'];

export interface CampaignRow {
  id: string;
  store_id: number;
  name: string;
  kind: WhatsappCampaign['kind'];
  template_id: string | null;
  template_name: string;
  template_category: WhatsappCampaign['template']['category'];
  template_status: WhatsappCampaign['template']['status'];
  content: WhatsappCampaignContent;
  header_media_id: string | null;
  segment_id: string | null;
  segment_name: string | null;
  send_at: Date | null;
  event: WhatsappCampaign['event'];
  delay: WhatsappCampaign['delay'];
  delay_minutes: number;
  window_start: string | null;
  window_end: string | null;
  variables: WhatsappCampaign['variables'];
  status: WhatsappCampaignStatus;
  pause_reason: WhatsappCampaign['pauseReason'];
  paused_until: Date | null;
  resume_status: WhatsappCampaignStatus | null;
  deferred_until: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

const CAMPAIGN_COLUMNS = `c.*, t.status as template_status`;
const CAMPAIGN_FROM = `whatsapp_campaigns c left join whatsapp_templates t on t.id = c.template_id`;

export async function campaignRow(db: Queryable, storeId: number, campaignId: number | string, lock = false): Promise<CampaignRow | null> {
  const [row] = await db.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM} where c.store_id = $1 and c.id = $2 ${lock ? 'for update of c' : ''}`,
    [storeId, campaignId],
  );
  return row ?? null;
}

export async function campaignRows(db: Queryable, storeId: number): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM} where c.store_id = $1 order by c.created_at desc, c.id desc`,
    [storeId],
  );
}

export interface NewCampaign {
  name: string;
  kind: WhatsappCampaign['kind'];
  templateId: string;
  templateName: string;
  templateCategory: WhatsappCampaign['template']['category'];
  content: WhatsappCampaignContent;
  headerMediaId: number | null;
  segmentId: number | null;
  segmentName: string | null;
  sendAt: Date | null;
  event: WhatsappCampaign['event'];
  delay: WhatsappCampaign['delay'];
  delayMinutes: number;
  window: WhatsappCampaign['window'];
  variables: WhatsappCampaign['variables'];
  status: WhatsappCampaignStatus;
}

export async function insertCampaign(db: Queryable, storeId: number, campaign: NewCampaign): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into whatsapp_campaigns (store_id, name, kind, template_id, template_name, template_category, content, header_media_id,
       segment_id, segment_name, send_at, event, delay, delay_minutes, window_start, window_end, variables, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id::text`,
    [
      storeId,
      campaign.name,
      campaign.kind,
      campaign.templateId,
      campaign.templateName,
      campaign.templateCategory,
      JSON.stringify(campaign.content),
      campaign.headerMediaId,
      campaign.segmentId,
      campaign.segmentName,
      campaign.sendAt,
      campaign.event,
      campaign.delay === null ? null : JSON.stringify(campaign.delay),
      campaign.delayMinutes,
      campaign.window?.start ?? null,
      campaign.window?.end ?? null,
      JSON.stringify(campaign.variables),
      campaign.status,
    ],
  );
  return row!.id;
}

export async function deleteCampaignRow(db: Queryable, storeId: number, campaignId: number | string): Promise<boolean> {
  const rows = await db.query('delete from whatsapp_campaigns where store_id = $1 and id = $2 returning id', [storeId, campaignId]);
  return rows.length > 0;
}

/** The segment of the store, with the name the app shows for it; null when it is not the store's. */
export async function segmentNamed(db: Queryable, storeId: number, segmentId: number): Promise<{ id: string; name: string } | null> {
  const [row] = await db.query<{ id: string; key: SegmentKey | null; name: string | null }>(
    'select id::text, key, name from segments where store_id = $1 and id = $2',
    [storeId, segmentId],
  );
  if (!row) return null;
  return { id: row.id, name: row.name ?? (row.key ? DEFAULT_SEGMENT_NAMES[row.key] : '') };
}

export async function campaignMedia(db: Queryable, storeId: number, mediaId: number | string): Promise<MediaRow | null> {
  const [row] = await db.query<MediaRow>(
    'select id::text, kind, name, mime_type, bytes::text from whatsapp_template_media where store_id = $1 and id = $2',
    [storeId, mediaId],
  );
  return row ?? null;
}

interface FiguresRow {
  campaign_id: string;
  recipients: string;
  sent: string;
  delivered: string;
  read: string;
  failed: string;
  replied: string;
  done: string;
  clicks: string;
  pending: string;
  purchases: string;
  purchases_total: string;
}

/**
 * The campaigns' figures from their outbox (SPEC §3): a read message counts as delivered; an order is the
 * campaign's when the recipient placed it within the attribution window after delivery, and once however many of
 * the campaign's messages it follows.
 */
async function figuresOf(db: Queryable, storeId: number, campaignIds: string[]): Promise<Map<string, FiguresRow>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db.query<FiguresRow>(
    `with outbox as (
       select * from whatsapp_outbox where store_id = $1 and campaign_id = any($2::bigint[])
     ), counts as (
       select campaign_id,
              count(*) filter (where status <> 'cancelled') as recipients,
              count(*) filter (where sent_at is not null) as sent,
              count(*) filter (where delivered_at is not null or read_at is not null) as delivered,
              count(*) filter (where read_at is not null) as read,
              count(*) filter (where status = 'failed') as failed,
              count(*) filter (where replied_at is not null) as replied,
              count(*) filter (where status in ('sent', 'delivered', 'read', 'failed')) as done,
              count(*) filter (where status = 'pending') as pending,
              coalesce(sum((select coalesce(sum(value::int), 0) from jsonb_each_text(clicks))), 0) as clicks
         from outbox group by campaign_id
     ), purchases as (
       select campaign_id, count(*) as purchases, coalesce(sum(total_amount), 0) as purchases_total
         from (select distinct w.campaign_id, o.external_id, o.total_amount
                 from outbox w
                 join orders o on o.store_id = w.store_id and o.customer_external_id = w.customer_external_id
                  and o.placed_at >= coalesce(w.delivered_at, w.read_at)
                  and o.placed_at < coalesce(w.delivered_at, w.read_at) + interval '${WHATSAPP_ATTRIBUTION_DAYS} days'
                where coalesce(w.delivered_at, w.read_at) is not null and ${countedOrder('o.')}) attributed
        group by campaign_id
     )
     select counts.*, coalesce(p.purchases, 0) as purchases, coalesce(p.purchases_total, 0) as purchases_total
       from counts left join purchases p using (campaign_id)`,
    [storeId, campaignIds],
  );
  return new Map(rows.map((row) => [String(row.campaign_id), row]));
}

function metricsOf(row: FiguresRow | undefined): WhatsappCampaignMetrics {
  const n = (value: string | undefined) => Number(value ?? 0);
  return {
    recipients: n(row?.recipients),
    messagesSent: n(row?.sent),
    messagesDelivered: n(row?.delivered),
    messagesRead: n(row?.read),
    messagesFailed: n(row?.failed),
    totalClicks: n(row?.clicks),
    associatedPurchases: n(row?.purchases),
    associatedPurchasesTotal: n(row?.purchases_total),
    repliedMessages: n(row?.replied),
  };
}

function summaryOf(row: CampaignRow, figures: FiguresRow | undefined): WhatsappCampaignSummary {
  const metrics = metricsOf(figures);
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    status: row.status,
    pauseReason: row.pause_reason,
    pausedUntil: row.paused_until?.toISOString() ?? null,
    template: {
      id: row.template_id === null ? null : Number(row.template_id),
      name: row.template_name,
      status: row.template_status ?? null,
      category: row.template_category,
    },
    segment: row.segment_id === null ? null : { id: Number(row.segment_id), name: row.segment_name ?? '' },
    event: row.event,
    sendAt: row.send_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    progress: { done: Number(figures?.done ?? 0), total: metrics.recipients },
    metrics,
  };
}

export async function campaignSummaries(db: Queryable, storeId: number): Promise<WhatsappCampaignSummary[]> {
  const rows = await campaignRows(db, storeId);
  const figures = await figuresOf(
    db,
    storeId,
    rows.map((row) => String(row.id)),
  );
  return rows.map((row) => summaryOf(row, figures.get(String(row.id))));
}

/** Taps per button, from each message's own count. */
async function clicksByButton(db: Queryable, row: CampaignRow): Promise<WhatsappCampaign['clicksByButton']> {
  const counts = await db.query<{ index: string; clicks: string }>(
    `select key as index, sum(value::int) as clicks from whatsapp_outbox, jsonb_each_text(clicks)
      where store_id = $1 and campaign_id = $2 group by key`,
    [row.store_id, row.id],
  );
  const byIndex = new Map(counts.map((count) => [Number(count.index), Number(count.clicks)]));
  return row.content.buttons.map((button, index) => ({ index, type: button.type, text: button.text, clicks: byIndex.get(index) ?? 0 }));
}

export async function campaignOf(db: Queryable, row: CampaignRow, timeZone: string): Promise<WhatsappCampaign> {
  const figures = await figuresOf(db, row.store_id, [row.id]);
  const summary = summaryOf(row, figures.get(String(row.id)));
  const media = row.header_media_id === null ? null : await campaignMedia(db, row.store_id, row.header_media_id);
  const waiting = Number(figures.get(String(row.id))?.pending ?? 0);
  return {
    ...summary,
    timeZone,
    delay: row.delay,
    window: row.window_start && row.window_end ? { start: row.window_start, end: row.window_end } : null,
    variables: row.variables,
    headerMedia: media ? mediaOf(row.store_id, media) : null,
    content: row.content,
    clicksByButton: await clicksByButton(db, row),
    deferred: row.deferred_until && waiting > 0 ? { count: waiting, resumesAt: row.deferred_until.toISOString() } : null,
  };
}

export const RECIPIENTS_PAGE_SIZE = 20;
const RECIPIENT_FILTERS = {
  all: `true`,
  read: `w.read_at is not null`,
  unread: `w.read_at is null and w.status in ('sent', 'delivered')`,
} as const;

/** A page of the campaign's chat list, the latest move first. */
export async function recipientsPage(
  db: Queryable,
  storeId: number,
  campaignId: number,
  filter: keyof typeof RECIPIENT_FILTERS,
  page: number,
): Promise<{ recipients: WhatsappCampaignRecipient[]; total: number }> {
  const where = `w.store_id = $1 and w.campaign_id = $2 and ${RECIPIENT_FILTERS[filter]}`;
  const [count] = await db.query<{ total: string }>(`select count(*) as total from whatsapp_outbox w where ${where}`, [
    storeId,
    campaignId,
  ]);
  const rows = await db.query<{
    customer_external_id: string;
    first_name: string | null;
    last_name: string | null;
    phone: string;
    status: WhatsappCampaignRecipient['status'] | 'sending';
    replied_at: Date | null;
    updated_at: Date;
    error: WhatsappCampaignRecipient['error'];
  }>(
    `select w.customer_external_id::text, c.first_name, c.last_name, w.phone, w.status, w.replied_at, w.updated_at, w.error
       from whatsapp_outbox w
       left join customers c on c.store_id = w.store_id and c.external_id = w.customer_external_id
      where ${where}
      order by w.updated_at desc, w.id desc
      limit $3 offset $4`,
    [storeId, campaignId, RECIPIENTS_PAGE_SIZE, (page - 1) * RECIPIENTS_PAGE_SIZE],
  );
  return {
    total: Number(count?.total ?? 0),
    recipients: rows.map((row) => ({
      customerId: row.customer_external_id,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
      phone: row.phone,
      // A message being sent right now is not sent yet for the merchant.
      status: row.status === 'sending' ? 'pending' : row.status,
      replied: row.replied_at !== null,
      updatedAt: row.updated_at.toISOString(),
      error: row.error,
    })),
  };
}
