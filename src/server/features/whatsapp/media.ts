import { open, readFile } from 'node:fs/promises';
import type { components } from '../../../shared/api/app.gen.ts';
import { WHATSAPP_TEMPLATE_MEDIA } from '../../../shared/whatsapp-templates.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { DAMAGED, probeMedia } from '../../platform/files/media-probe.ts';
import type { UploadedFile, UploadRules } from '../../platform/files/uploads.ts';
import { errors } from '../../platform/http/errors.ts';
import { whatsappMessages } from './messages.ts';
import { insertMedia, type MediaKind, mediaOf } from './repository.ts';

/*
 * A template header's file: the formats Meta takes for a header, each within its size, checked again here
 * from its own bytes whatever the browser declared, then kept in the database (every server process reads
 * it: the form's preview, the resumable upload to Meta when the template is sent, a campaign's send).
 * A file that breaks a rule is answered as the contract answers a missing one: 400, on the body ('').
 */

type MimeType = components['schemas']['WhatsappTemplateMedia']['mimeType'];

const messages = whatsappMessages.media;
const refused = (message: string) => errors.invalidRequest([{ field: '', message }]);

const KIND_OF_FORMAT = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' } as const satisfies Record<
  keyof typeof WHATSAPP_TEMPLATE_MEDIA,
  MediaKind
>;

/** Each accepted type, its kind and its most bytes. */
const TYPES = new Map<string, { kind: MediaKind; maxBytes: number }>(
  Object.entries(WHATSAPP_TEMPLATE_MEDIA).flatMap(([format, { formats, maxBytes }]) =>
    Object.values(formats).map((type) => [type, { kind: KIND_OF_FORMAT[format as keyof typeof KIND_OF_FORMAT], maxBytes }] as const),
  ),
);

/** The header format a file can be. */
export const FORMAT_OF_KIND = { image: 'IMAGE', video: 'VIDEO', document: 'DOCUMENT' } as const;

/** How the gate receives a header's file: only Meta's header types, each read no further than its limit. */
export const templateMediaUploads: UploadRules = {
  maxBytes: Object.fromEntries([...TYPES].map(([type, { maxBytes }]) => [type, maxBytes])),
  badType: () => refused(messages.badFormat),
  tooLarge: (type) => refused(messages.tooLarge[TYPES.get(type)?.kind ?? 'document']),
  atOnce: 2,
};

/** A PDF starts with its version line and ends with its end-of-file marker (what a cut-short file lacks). */
async function isPdf(path: string, size: number): Promise<boolean | typeof DAMAGED> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(5);
    await file.read(head, 0, 5, 0);
    if (head.toString('latin1') !== '%PDF-') return false;
    const tailLength = Math.min(size, 1024);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    return tail.toString('latin1').includes('%%EOF') ? true : DAMAGED;
  } finally {
    await file.close();
  }
}

/** Whether the file's bytes are what its declared type says: Meta's header formats only. */
async function confirmedKind(file: UploadedFile): Promise<MediaKind> {
  const declared = TYPES.get(file.type);
  if (!declared) throw refused(messages.badFormat);
  if (file.size > declared.maxBytes) throw refused(messages.tooLarge[declared.kind]);
  if (declared.kind === 'document') {
    const pdf = file.size > 0 ? await isPdf(file.path, file.size) : false;
    if (pdf === DAMAGED) throw refused(messages.damaged);
    if (!pdf) throw refused(messages.badFormat);
    return 'document';
  }
  const probe = await probeMedia(file.path);
  if (probe === DAMAGED) throw refused(messages.damaged);
  // A 3GPP film is an MP4 (ISO media) file; Meta takes neither QuickTime nor any other container.
  const expected = file.type === 'video/3gpp' ? 'video/mp4' : file.type;
  if (!probe || probe.contentType !== expected) throw refused(messages.badFormat);
  return declared.kind;
}

/** Checks the file and keeps it for the store's templates. */
export async function keepTemplateMedia(db: Queryable, storeId: number, name: string, file: UploadedFile) {
  const kind = await confirmedKind(file);
  const row = await insertMedia(db, storeId, { kind, name, mimeType: file.type as MimeType, content: await readFile(file.path) });
  return mediaOf(storeId, row);
}
