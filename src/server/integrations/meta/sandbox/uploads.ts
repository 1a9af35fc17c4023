import { createHash } from 'node:crypto';
import { enumParameter, GraphError, invalidParameter, requiredParameter, unsupportedRequest } from './errors.ts';
import type { NodeContext, Viewer } from './nodes.ts';
import type { MetaSandboxStore, SandboxPhoneNumber, UploadSession } from './store.ts';
import { keepMedia } from './whatsapp-media.ts';

/*
 * Files as WhatsApp takes them.
 *
 * The Resumable Upload API, for a template's media header sample: `POST /{app-id}/uploads?file_name&
 * file_length&file_type` opens a session (`{"id": "upload:…"}`); `POST /upload:…` with `Authorization:
 * OAuth <token>` and a `file_offset` header carries the bytes from that offset, and once all of them are
 * there answers the file's handle (`{"h": "4::…"}`), the only thing a template's `header_handle` takes;
 * `GET /upload:…` says how far it got (`file_offset`), to resume after a broken upload.
 *
 * Media for messages: `POST /{phone-number-id}/media`, multipart with `messaging_product=whatsapp`, the
 * `file` and its `type`, answers the media id (which a message may send, and a template may not).
 */

const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'application/pdf'];
const UPLOAD_LIMIT = 100 * 1024 * 1024;
const DAY_SECONDS = 86_400;

/** The largest file of each type Meta's Cloud API takes as media. */
const MEDIA_LIMITS: Record<string, number> = {
  'image/jpeg': 5 * 1024 * 1024,
  'image/png': 5 * 1024 * 1024,
  'image/webp': 500 * 1024,
  'video/mp4': 16 * 1024 * 1024,
  'video/3gpp': 16 * 1024 * 1024,
  'audio/aac': 16 * 1024 * 1024,
  'audio/mp4': 16 * 1024 * 1024,
  'audio/mpeg': 16 * 1024 * 1024,
  'audio/ogg': 16 * 1024 * 1024,
  'audio/amr': 16 * 1024 * 1024,
  'application/pdf': 100 * 1024 * 1024,
  'text/plain': 100 * 1024 * 1024,
  'application/msword': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * 1024 * 1024,
  'application/vnd.ms-excel': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * 1024 * 1024,
  'application/vnd.ms-powerpoint': 100 * 1024 * 1024,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * 1024 * 1024,
};

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** `POST /{app-id}/uploads`: a new session for the calling app and person. */
export function startUpload(store: MetaSandboxStore, viewer: Viewer, appId: string, params: ReadonlyMap<string, string>, now: number) {
  if (appId !== viewer.appId) throw unsupportedRequest('POST', appId);
  const length = Number(params.get('file_length'));
  if (!params.get('file_length')) throw requiredParameter('file_length');
  if (!Number.isInteger(length) || length < 1 || length > UPLOAD_LIMIT)
    throw invalidParameter(`Param file_length must be an integer from 1 to ${UPLOAD_LIMIT}`);
  const type = params.get('file_type');
  if (!type) throw requiredParameter('file_type');
  if (!UPLOAD_TYPES.includes(type)) throw enumParameter('file_type', UPLOAD_TYPES);
  const number = store.uploadSessions.size + 1;
  const id = `upload:${Buffer.from(`${number}:attachment:${appId}:${now}`).toString('base64url')}`;
  store.uploadSessions.set(id, {
    id,
    appId,
    userId: viewer.user.id,
    fileName: params.get('file_name') ?? 'file',
    fileType: type,
    fileLength: length,
    chunks: [],
    received: 0,
    handle: null,
  });
  return { id };
}

function sessionOf(store: MetaSandboxStore, viewer: Viewer, id: string, method: string): UploadSession {
  const session = store.uploadSessions.get(id);
  if (!session || session.appId !== viewer.appId || session.userId !== viewer.user.id) throw unsupportedRequest(method, id);
  return session;
}

/** `GET /upload:…`: how many bytes arrived. */
export function uploadOffset(store: MetaSandboxStore, viewer: Viewer, id: string) {
  const session = sessionOf(store, viewer, id, 'GET');
  return { id, file_offset: session.received };
}

/** `POST /upload:…`: the bytes from `file_offset` on; the handle once the file is whole. */
export function continueUpload(store: MetaSandboxStore, viewer: Viewer, id: string, offsetHeader: unknown, bytes: unknown, now: number) {
  const session = sessionOf(store, viewer, id, 'POST');
  if (session.handle) return { h: session.handle };
  const offset = Number(offsetHeader ?? 0);
  if (!Number.isInteger(offset) || offset !== session.received)
    throw new GraphError(400, {
      message: `(#100) The file_offset ${String(offsetHeader)} does not match the ${session.received} bytes already received`,
      type: 'OAuthException',
      code: 100,
    });
  const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.alloc(0);
  if (chunk.length === 0) throw invalidParameter('The request has no file data');
  if (session.received + chunk.length > session.fileLength)
    throw invalidParameter(`The file is longer than the ${session.fileLength} bytes announced in file_length`);
  session.chunks.push(chunk);
  session.received += chunk.length;
  if (session.received < session.fileLength) return { id, file_offset: session.received };
  const digest = createHash('sha256').update(Buffer.concat(session.chunks)).digest('base64url').slice(0, 40);
  session.handle = `4::${b64(session.fileType)}:AR${digest}:e:${Math.floor(now / 1000) + 30 * DAY_SECONDS}:${session.appId}:${session.userId}:ZD`;
  session.chunks = [];
  store.uploadHandles.add(session.handle);
  return { h: session.handle };
}

/** `POST /{phone-number-id}/media`. */
export function uploadMedia(phone: SandboxPhoneNumber, context: NodeContext): Record<string, unknown> {
  const { params, store } = context;
  if (params.requiredText('messaging_product') !== 'whatsapp') throw enumParameter('messaging_product', ['whatsapp']);
  const file = params.files.get('file');
  if (!file) throw requiredParameter('file');
  const type = params.text('type') || file.contentType;
  const limit = MEDIA_LIMITS[type];
  if (limit === undefined) throw enumParameter('type', Object.keys(MEDIA_LIMITS));
  if (file.bytes.length === 0 || file.bytes.length > limit)
    throw invalidParameter(`Param file must be a ${type} file of at most ${limit} bytes`);
  return { id: keepMedia(store, { phoneNumberId: phone.id, filename: file.filename, contentType: type, bytes: file.bytes }, context.now) };
}
