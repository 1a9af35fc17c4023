import type { components } from '../../../shared/api/app.gen.ts';
import type { WhatsappTemplateStatus } from '../../../shared/whatsapp-templates.ts';
import type { Queryable } from '../database/db.ts';

/*
 * The store's WhatsApp templates and their headers' files, as read: the WhatsApp feature writes them (Meta's review,
 * the merchant's edits) and reads them for its screens and campaigns; the chat offers the approved ones and sends
 * them with their header's file. One home for these reads, below both features.
 */

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappTemplateMedia = components['schemas']['WhatsappTemplateMedia'];

export interface WhatsappTemplateRow {
  id: string;
  store_id: number;
  name: string;
  description: string | null;
  category: WhatsappTemplate['category'];
  status: WhatsappTemplateStatus;
  rejection_reason: components['schemas']['WhatsappTemplateRejectionReason'] | null;
  rejection_detail: string | null;
  paused_until: Date | null;
  quality: components['schemas']['WhatsappTemplateQuality'];
  header_format: WhatsappTemplate['headerFormat'];
  header_text: string | null;
  header_media_id: string | null;
  body: string;
  footer: string | null;
  variables: WhatsappTemplate['variables'];
  buttons: WhatsappTemplate['buttons'];
  waba_id: string;
  meta_template_id: string;
  meta_changed_at: Date;
  edited_at: Date[];
  created_at: Date;
  updated_at: Date;
}

/** A header's file, without its bytes. */
export interface WhatsappTemplateMediaRow {
  id: string;
  kind: WhatsappTemplateMedia['kind'];
  name: string;
  mime_type: WhatsappTemplateMedia['mimeType'];
  bytes: string;
}

/** The store's templates, the last changed first; only those of `status` when given. */
export function storeTemplates(db: Queryable, storeId: number, status?: WhatsappTemplateStatus): Promise<WhatsappTemplateRow[]> {
  return db.query<WhatsappTemplateRow>(
    `select * from whatsapp_templates where store_id = $1 and ($2::text is null or status = $2) order by updated_at desc, id desc`,
    [storeId, status ?? null],
  );
}

/** One template of the store, locked for the caller's transaction when `lock`. */
export async function storeTemplate(db: Queryable, storeId: number, templateId: number, lock = false): Promise<WhatsappTemplateRow | null> {
  const [row] = await db.query<WhatsappTemplateRow>(
    `select * from whatsapp_templates where store_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [storeId, templateId],
  );
  return row ?? null;
}

export async function storeTemplateNamed(db: Queryable, storeId: number, name: string): Promise<WhatsappTemplateRow | null> {
  const [row] = await db.query<WhatsappTemplateRow>(`select * from whatsapp_templates where store_id = $1 and name = $2`, [storeId, name]);
  return row ?? null;
}

/** SQL: whether the store (`storeId`, an SQL expression) has a template named `name` (an SQL expression). */
export const storeHasTemplateNamed = (storeId: string, name: string) =>
  `exists (select 1 from whatsapp_templates t where t.store_id = ${storeId} and t.name = ${name})`;

/** A header's file with its bytes. */
export async function templateMediaContent(
  db: Queryable,
  storeId: number,
  mediaId: number | string,
): Promise<(WhatsappTemplateMediaRow & { content: Uint8Array }) | null> {
  const [row] = await db.query<WhatsappTemplateMediaRow & { content: Uint8Array }>(
    `select id::text, kind, name, mime_type, bytes::text, content from whatsapp_template_media where store_id = $1 and id = $2`,
    [storeId, mediaId],
  );
  return row ?? null;
}
