import type { components } from '../../../shared/api/app.gen.ts';
import { approvedEditBlockedUntil, type WhatsappTemplateInput, type WhatsappTemplateStatus } from '../../../shared/whatsapp-templates.ts';
import type { Queryable } from '../../platform/database/db.ts';
import type { WhatsappTemplateMediaRow, WhatsappTemplateRow } from '../../platform/store-data/whatsapp-templates.ts';

/* Every SQL statement of the WhatsApp templates, as named functions. */

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappTemplateSummary = components['schemas']['WhatsappTemplateSummary'];
type WhatsappTemplateMedia = components['schemas']['WhatsappTemplateMedia'];
type WhatsappTemplateEditing = components['schemas']['WhatsappTemplateEditing'];
type RejectionReason = components['schemas']['WhatsappTemplateRejectionReason'];
type Quality = components['schemas']['WhatsappTemplateQuality'];
export type MediaKind = WhatsappTemplateMedia['kind'];

export type TemplateRow = WhatsappTemplateRow;
export type MediaRow = WhatsappTemplateMediaRow;

/** Where the browser reads a header's file back (same origin). */
export const mediaUrl = (storeId: number, mediaId: string | number) => `/api/private/stores/${storeId}/whatsappTemplateMedia/${mediaId}`;

export function mediaOf(storeId: number, row: MediaRow): WhatsappTemplateMedia {
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    mimeType: row.mime_type,
    bytes: Number(row.bytes),
    url: mediaUrl(storeId, row.id),
  };
}

/** Whether Meta lets the template be edited now (only APPROVED, REJECTED or PAUSED; an approved one once a day, 10 in 30 days). */
export function editingOf(row: Pick<TemplateRow, 'status' | 'edited_at'>, now: Date): WhatsappTemplateEditing {
  if (row.status === 'PENDING') return { allowed: false, reason: 'inReview', availableAt: null };
  if (row.status === 'DISABLED') return { allowed: false, reason: 'disabled', availableAt: null };
  if (row.status !== 'APPROVED') return { allowed: true, reason: null, availableAt: null };
  const blockedUntil = approvedEditBlockedUntil(row.edited_at, now);
  if (!blockedUntil) return { allowed: true, reason: null, availableAt: null };
  const lastEdit = Math.max(...row.edited_at.map((at) => at.getTime()));
  const reason = blockedUntil.getTime() === lastEdit + 24 * 60 * 60 * 1000 ? 'editedToday' : 'monthlyLimit';
  return { allowed: false, reason, availableAt: blockedUntil.toISOString() };
}

export function summaryOf(row: TemplateRow, now: Date): WhatsappTemplateSummary {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    category: row.category,
    language: 'es',
    status: row.status,
    rejectionReason: row.status === 'REJECTED' ? row.rejection_reason : null,
    rejectionDetail: row.status === 'REJECTED' ? row.rejection_detail : null,
    pausedUntil: row.status === 'PAUSED' && row.paused_until ? row.paused_until.toISOString() : null,
    quality: row.quality,
    headerFormat: row.header_format,
    editing: editingOf(row, now),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The store's templates in one WhatsApp Business Account, by Meta's id (the sync and the webhook). */
export async function templatesOfAccount(db: Queryable, storeId: number, wabaId: string): Promise<TemplateRow[]> {
  return db.query<TemplateRow>(`select * from whatsapp_templates where store_id = $1 and waba_id = $2`, [storeId, wabaId]);
}

export async function templateOfMeta(
  db: Queryable,
  storeId: number,
  wabaId: string | null,
  metaTemplateId: string,
): Promise<TemplateRow | null> {
  const [row] = await db.query<TemplateRow>(
    `select * from whatsapp_templates where store_id = $1 and meta_template_id = $2 and ($3::text is null or waba_id = $3) for update`,
    [storeId, metaTemplateId, wabaId],
  );
  return row ?? null;
}

export async function templateOf(db: Queryable, storeId: number, row: TemplateRow, now: Date): Promise<WhatsappTemplate> {
  const [media] = row.header_media_id
    ? await db.query<MediaRow>(`select id::text, kind, name, mime_type, bytes::text from whatsapp_template_media where id = $1`, [
        row.header_media_id,
      ])
    : [];
  const history = await db.query<{
    status: WhatsappTemplateStatus;
    at: Date;
    rejection_reason: RejectionReason | null;
    paused_until: Date | null;
  }>(`select status, at, rejection_reason, paused_until from whatsapp_template_history where template_id = $1 order by id`, [row.id]);
  return {
    ...summaryOf(row, now),
    header: { format: row.header_format, text: row.header_text, media: media ? mediaOf(storeId, media) : null },
    body: row.body,
    footer: row.footer,
    variables: row.variables,
    buttons: row.buttons,
    history: history.map((change) => ({
      status: change.status,
      at: change.at.toISOString(),
      rejectionReason: change.rejection_reason,
      pausedUntil: change.paused_until?.toISOString() ?? null,
    })),
  };
}

/** What Meta says of a template at a moment. */
export interface MetaState {
  status: WhatsappTemplateStatus;
  rejectionReason: RejectionReason | null;
  rejectionDetail: string | null;
  pausedUntil: Date | null;
  /** Null: unchanged. */
  quality: Quality | null;
  at: Date;
}

const contentParams = (input: WhatsappTemplateInput) => [
  input.description?.trim() ? input.description : null,
  input.category,
  input.header.format,
  input.header.format === 'TEXT' ? input.header.text : null,
  input.header.format === 'TEXT' || input.header.format === 'NONE' ? null : input.header.mediaId,
  input.body,
  input.footer,
  JSON.stringify(input.variables),
  JSON.stringify(input.buttons),
];

async function addHistory(db: Queryable, storeId: number, templateId: string, state: MetaState): Promise<void> {
  await db.query(
    `insert into whatsapp_template_history (template_id, store_id, status, at, rejection_reason, paused_until)
     values ($1, $2, $3, $4, $5, $6)`,
    [templateId, storeId, state.status, state.at, state.rejectionReason, state.pausedUntil],
  );
}

export async function insertTemplate(
  db: Queryable,
  storeId: number,
  input: WhatsappTemplateInput,
  meta: { wabaId: string; metaTemplateId: string; state: MetaState },
): Promise<TemplateRow> {
  const { state } = meta;
  const [row] = await db.query<TemplateRow>(
    `insert into whatsapp_templates (store_id, name, description, category, header_format, header_text, header_media_id, body, footer,
       variables, buttons, waba_id, meta_template_id, status, rejection_reason, rejection_detail, meta_changed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning *`,
    [
      storeId,
      input.name,
      ...contentParams(input),
      meta.wabaId,
      meta.metaTemplateId,
      state.status,
      state.rejectionReason,
      state.rejectionDetail,
      state.at,
    ],
  );
  await addHistory(db, storeId, row!.id, state);
  return row!;
}

/** The merchant's edit, sent to Meta: back to review, remembered for Meta's edit limits when it was approved. */
export async function updateTemplateContent(
  db: Queryable,
  row: TemplateRow,
  input: WhatsappTemplateInput,
  state: MetaState,
): Promise<TemplateRow> {
  const [updated] = await db.query<TemplateRow>(
    `update whatsapp_templates set description = $3, category = $4, header_format = $5, header_text = $6, header_media_id = $7,
       body = $8, footer = $9, variables = $10, buttons = $11, status = $12, rejection_reason = $13, rejection_detail = $14,
       paused_until = null, meta_changed_at = greatest(meta_changed_at, $15),
       edited_at = case when $16 then array(select at from unnest(edited_at || $15::timestamptz) as at where at > $15::timestamptz - interval '30 days')
                        else edited_at end,
       updated_at = now()
     where store_id = $1 and id = $2 returning *`,
    [
      row.store_id,
      row.id,
      ...contentParams(input),
      state.status,
      state.rejectionReason,
      state.rejectionDetail,
      state.at,
      row.status === 'APPROVED',
    ],
  );
  await addHistory(db, row.store_id, row.id, state);
  return updated!;
}

/**
 * What Meta says of a template, applied once and only forward: a change dated before the last one applied
 * (a late delivery, a sync that read before the webhook) changes nothing, nor does one repeated. The history
 * keeps each status it went through. Whether anything changed.
 */
export async function applyMetaState(db: Queryable, row: TemplateRow, state: MetaState): Promise<boolean> {
  // Older than what was applied: late news. The same moment again (a repeated delivery) finds nothing to change below.
  if (state.at.getTime() < row.meta_changed_at.getTime()) return false;
  const statusChanged = state.status !== row.status || state.pausedUntil?.getTime() !== row.paused_until?.getTime();
  const qualityChanged = state.quality !== null && state.quality !== row.quality;
  if (!statusChanged && !qualityChanged && state.rejectionReason === row.rejection_reason) {
    await db.query(`update whatsapp_templates set meta_changed_at = $2 where id = $1`, [row.id, state.at]);
    return false;
  }
  await db.query(
    `update whatsapp_templates set status = $2, rejection_reason = $3, rejection_detail = $4, paused_until = $5,
       quality = coalesce($6, quality), meta_changed_at = $7, updated_at = now() where id = $1`,
    [row.id, state.status, state.rejectionReason, state.rejectionDetail, state.pausedUntil, state.quality, state.at],
  );
  if (statusChanged) await addHistory(db, row.store_id, row.id, state);
  return true;
}

export async function deleteTemplateRow(db: Queryable, storeId: number, templateId: string): Promise<void> {
  await db.query(`delete from whatsapp_templates where store_id = $1 and id = $2`, [storeId, templateId]);
}

export async function insertMedia(
  db: Queryable,
  storeId: number,
  media: { kind: MediaKind; name: string; mimeType: WhatsappTemplateMedia['mimeType']; content: Buffer },
): Promise<MediaRow> {
  const [row] = await db.query<MediaRow>(
    `insert into whatsapp_template_media (store_id, kind, name, mime_type, bytes, content) values ($1, $2, $3, $4, $5, $6)
     returning id::text, kind, name, mime_type, bytes::text`,
    [storeId, media.kind, media.name, media.mimeType, media.content.length, media.content],
  );
  return row!;
}
