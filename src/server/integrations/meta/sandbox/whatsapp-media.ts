import { createHash, createHmac } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Auth } from './auth.ts';
import { GraphError, oauthError, tokenRequired, unsupportedRequest } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { MetaSandboxStore, SandboxMedia } from './store.ts';

/*
 * WhatsApp's Media API for the files of a number's messages (Cloud API reference, "Media"):
 * - `GET /{media-id}[?phone_number_id]` answers `{messaging_product, url, mime_type, sha256, file_size, id}`, the
 *   sha256 in hex and the size as text, as Meta's example answers write them; the url serves the file for 5
 *   minutes from then;
 * - the url answers the bytes only with the token in `Authorization: Bearer`, and after its 5 minutes Meta's CDN
 *   answers 403 "URL signature expired" (a new `GET /{media-id}` gives a new url);
 * - `DELETE /{media-id}` answers `{success: true}`;
 * - Meta keeps a file 30 days; after that, or once deleted, the id answers as an unknown object does.
 * A customer's image, video, audio, document or sticker without an id gets a small real file of its kind here,
 * and the webhook's object its `id`, `mime_type` and `sha256` (base64, as Meta's message webhooks carry it).
 */

export const MEDIA_URL_SECONDS = 5 * 60;
export const MEDIA_KEPT_MS = 30 * 86_400_000;
/** The sandbox's CDN stand-in signs its urls with this (Meta's `hash`): a url cannot be made longer-lived by hand. */
const URL_KEY = 'recompra-sandbox-whatsapp-media';
const MEDIA_PATH = 'whatsapp_business/attachments/';

/** Keeps a file for the number's messages: its new media id. */
export function keepMedia(store: MetaSandboxStore, media: Omit<SandboxMedia, 'id' | 'createdAt'>, now: number): string {
  // The next free id: a deleted file's leaves a gap, and a new file must never take a kept one's.
  let next = store.media.size + 1;
  while (store.media.has(String(1_160_000_000_000_000 + next))) next += 1;
  const id = String(1_160_000_000_000_000 + next);
  store.media.set(id, { ...media, id, createdAt: now });
  return id;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes);

/** The media of that id, while Meta keeps it. */
const keptMedia = (store: MetaSandboxStore, id: string, now: number) => {
  const media = store.media.get(id);
  return media && now - media.createdAt < MEDIA_KEPT_MS ? media : null;
};

/** Whether the person sees the WhatsApp Business Account of the media's number. */
function seesMedia(store: MetaSandboxStore, userId: string, media: SandboxMedia): boolean {
  const phone = store.phoneNumber(media.phoneNumberId);
  return (
    phone !== null &&
    store
      .businessesOf(userId)
      .some((business) => business.ownedWhatsAppAccounts.includes(phone.wabaId) || business.clientWhatsAppAccounts.includes(phone.wabaId))
  );
}

const signature = (mid: string, ext: number) => createHmac('sha256', URL_KEY).update(`${mid}:${ext}`).digest('base64url').slice(0, 22);

/** The media the call names, or Graph's refusal of an id it does not know (or may not see, or another number's). */
function mediaOf(context: NodeContext, id: string, method: string): SandboxMedia | null {
  const media = keptMedia(context.store, id, context.now);
  if (!media) return null;
  const phoneNumberId = context.params.text('phone_number_id');
  if (!seesMedia(context.store, context.viewer.user.id, media) || (phoneNumberId && phoneNumberId !== media.phoneNumberId))
    throw unsupportedRequest(method, id);
  return media;
}

/** `GET` or `DELETE /{media-id}`; null when the id is not a media's (then it is some other node's, or none). */
export function mediaCall(context: NodeContext, id: string, method: string): Record<string, unknown> | null {
  const media = mediaOf(context, id, method);
  if (!media) return null;
  if (method === 'DELETE') {
    context.store.media.delete(id);
    return { success: true };
  }
  if (method !== 'GET') throw unsupportedRequest(method, id);
  const ext = Math.floor(context.now / 1000) + MEDIA_URL_SECONDS;
  const url = `${context.urls.cdn}/${MEDIA_PATH}?mid=${id}&ext=${ext}&hash=${signature(id, ext)}`;
  return {
    messaging_product: 'whatsapp',
    url,
    mime_type: media.contentType,
    sha256: sha256(media.bytes).digest('hex'),
    file_size: String(media.bytes.length),
    id,
  };
}

export const MEDIA_DOWNLOAD_ROUTE = `/cdn/${MEDIA_PATH}`;

type Download = { status: 200; contentType: string; bytes: Buffer } | { status: number; error: GraphError | string };

/**
 * The CDN stand-in's answer to a media url: the bytes for a valid token of someone who sees the number (with
 * whatsapp_business_messaging) within the url's 5 minutes. `check` is Graph's reading of the token.
 */
export function downloadMedia(
  store: MetaSandboxStore,
  request: { query: Record<string, string | undefined>; authorization: string | undefined; now: number },
  auth: Pick<Auth, 'check' | 'has'>,
): Download {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '');
  if (!match) return { status: 401, error: tokenRequired() };
  const checked = auth.check(match[1]!);
  if (checked.state !== 'valid')
    return { status: 401, error: oauthError(190, 'Error validating access token: The access token could not be decrypted') };
  const { mid = '', ext = '', hash = '' } = request.query;
  const expiry = Number(ext);
  if (!mid || !Number.isInteger(expiry) || hash !== signature(mid, expiry)) return { status: 404, error: 'Not Found' };
  if (request.now >= expiry * 1000) return { status: 403, error: 'URL signature expired' };
  const media = keptMedia(store, mid, request.now);
  if (!media) return { status: 404, error: 'Not Found' };
  const { appId, userId } = checked.token;
  if (!auth.has(appId, userId, 'whatsapp_business_messaging') || !seesMedia(store, userId, media))
    return { status: 403, error: oauthError(200, '(#200) Requires whatsapp_business_messaging permission to manage the object') };
  return { status: 200, contentType: media.contentType, bytes: media.bytes };
}

// Sample files: small, but each what its type says, so whatever reads them (a browser, a probe) takes them.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour, `width` × `height`. */
export function samplePng(width: number, height: number, rgb: [number, number, number] = [37, 211, 102]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 lossless WebP: what a sticker is. */
const SAMPLE_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, unreflected, starting at 0. */
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** The first page of an Opus voice note in Ogg (what WhatsApp's voice notes are): its `OpusHead`. */
function sampleOgg(): Buffer {
  const head = Buffer.from([...Buffer.from('OpusHead', 'latin1'), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]);
  const page = Buffer.concat([
    Buffer.from('OggS', 'latin1'),
    Buffer.from([0, 2]),
    Buffer.alloc(8),
    Buffer.alloc(12),
    Buffer.from([1, head.length]),
    head,
  ]);
  page.writeUInt32LE(0x52454350, 14);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

function mp4Box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

/** An MP4 whose movie header says one second: `ftyp`, `moov` with its `mvhd`, an empty `mdat`. */
function sampleMp4(): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(1000, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  return Buffer.concat([
    mp4Box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')),
    mp4Box('moov', mp4Box('mvhd', mvhd)),
    mp4Box('mdat'),
  ]);
}

/** A one-page PDF that says `text`, with its cross-reference table where it says. */
function samplePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const SAMPLES: Record<string, (object: Record<string, unknown>) => { contentType: string; filename: string; bytes: Buffer }> = {
  image: () => ({ contentType: 'image/png', filename: 'imagen.png', bytes: samplePng(4, 3) }),
  sticker: () => ({ contentType: 'image/webp', filename: 'sticker.webp', bytes: SAMPLE_WEBP }),
  audio: () => ({ contentType: 'audio/ogg', filename: 'audio.ogg', bytes: sampleOgg() }),
  video: () => ({ contentType: 'video/mp4', filename: 'video.mp4', bytes: sampleMp4() }),
  document: (object) => {
    const filename = typeof object.filename === 'string' && object.filename ? object.filename : 'documento.pdf';
    return { contentType: 'application/pdf', filename, bytes: samplePdf(filename) };
  },
};

/**
 * A customer's media message as Meta's webhook carries it: a kind without a media id gets a sample file of
 * its kind, kept for the number, and its id, type and hash. A message that names its id is left as it is.
 */
export function withCustomerMedia(
  store: MetaSandboxStore,
  phoneNumberId: string,
  message: Record<string, unknown>,
  now: number,
): Record<string, unknown> {
  const type = typeof message.type === 'string' ? message.type : '';
  const object = message[type];
  const sample = SAMPLES[type];
  if (!sample || typeof object !== 'object' || object === null || Array.isArray(object)) return message;
  const given = object as Record<string, unknown>;
  if (typeof given.id === 'string' && given.id) return message;
  const file = sample(given);
  const id = keepMedia(store, { phoneNumberId, ...file }, now);
  return { ...message, [type]: { ...given, id, mime_type: file.contentType, sha256: sha256(file.bytes).digest('base64') } };
}
