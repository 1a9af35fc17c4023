import { open } from 'node:fs/promises';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, type AttachmentKind, attachmentKind } from '../../../shared/chat-attachments.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { refuseDeadToken } from '../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { DAMAGED, probeMedia } from '../../platform/files/media-probe.ts';
import type { UploadedFile, UploadRules } from '../../platform/files/uploads.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { chatMessages } from './messages.ts';

/*
 * A file the merchant attaches (SPEC §5 "Chat attachments"): only the types WhatsApp's Cloud API sends, each within
 * Meta's limit for its kind (src/shared/chat-attachments.ts, which the browser checks first), received to disk no
 * further than that limit; an image, a video or a PDF checked again from its own bytes; then uploaded to the
 * number's WhatsApp media for the message that sends it.
 */

const messages = chatMessages.attachment;
const refused = (message: string) => errors.invalidRequest([{ field: '', message }]);
const tooLarge = (kind: AttachmentKind) => refused(messages.tooLarge[kind]);

/** How the gate receives an attachment: WhatsApp's media types only, each read no further than its kind's limit. */
export const chatMediaUploads: UploadRules = {
  maxBytes: Object.fromEntries(Object.entries(ATTACHMENT_TYPES).map(([type, kind]) => [type, ATTACHMENT_MAX_BYTES[kind]])),
  badType: () => refused(messages.invalidType),
  tooLarge: (type) => tooLarge(attachmentKind(type) ?? 'document'),
  atOnce: 2,
};

async function startsWith(path: string, signature: string): Promise<boolean> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(signature.length);
    await file.read(head, 0, signature.length, 0);
    return head.toString('latin1') === signature;
  } finally {
    await file.close();
  }
}

/** The kind the file goes as, once its bytes agree with its declared type where we can tell. */
export async function attachmentOf(file: UploadedFile): Promise<AttachmentKind> {
  const kind = attachmentKind(file.type);
  if (!kind) throw refused(messages.invalidType);
  if (file.size === 0) throw refused(messages.empty);
  if (file.size > ATTACHMENT_MAX_BYTES[kind]) throw tooLarge(kind);
  if (file.type === 'application/pdf' && !(await startsWith(file.path, '%PDF-'))) throw refused(messages.invalidType);
  if (kind === 'image' || kind === 'video') {
    const probe = await probeMedia(file.path);
    if (probe === DAMAGED) throw refused(messages.damaged);
    // A 3GPP film is an MP4 (ISO media) file.
    const expected = file.type === 'video/3gpp' ? 'video/mp4' : file.type;
    if (!probe || probe.contentType !== expected) throw refused(messages.invalidType);
  }
  return kind;
}

/**
 * The file uploaded to the number's WhatsApp media: its media id. Meta not taking it is said (a dead token as
 * every call to Meta says it), and nothing is kept.
 */
export async function uploadAttachment(
  db: Queryable,
  storeId: number,
  upload: { client: MetaUserClient; phoneNumberId: string; type: string; name: string; content: Buffer },
): Promise<string> {
  const { client, phoneNumberId, type, name, content } = upload;
  try {
    const data = new Blob([new Uint8Array(content)], { type });
    return await client.whatsapp.uploadMedia(phoneNumberId, { filename: name, type, data });
  } catch (error) {
    await refuseDeadToken(db, storeId, error);
    throw new HttpError(502, 'chat_upload_failed', messages.uploadFailed);
  }
}
