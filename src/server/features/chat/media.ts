import type { components } from '../../../shared/api/app.gen.ts';
import { ATTACHMENT_TYPES, type AttachmentKind } from '../../../shared/chat-attachments.ts';
import { MetaFileMismatchError, MetaNotFoundError, MetaPermissionError, MetaTokenError } from '../../integrations/meta/errors.ts';
import { type MetaAccess, refuseDeadToken } from '../../platform/connections/meta-connection.ts';
import { whatsappClientOf } from '../../platform/connections/whatsapp-connection.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { chatMessages as messages } from './messages.ts';
import { announceConversations } from './repository.ts';

/*
 * The files customers send. Meta's webhook names a media id; the address Meta gives for it serves the file
 * for 5 minutes, and Meta keeps the file 30 days. So each image, video, audio, document or sticker is recorded
 * pending with its message, and a durable job asks Meta for a fresh address and downloads the file at once, checked
 * against Meta's hash and size, into chat_media. An address that aged out, Meta's trouble or bytes that do not match
 * are tried again (each try asks for a new address); a file Meta no longer has, or a store whose WhatsApp cannot be
 * reached, ends failed with the reason, and the conversation says the file could not be kept. The store's own
 * attachments are kept as they are sent.
 */

export const CHAT_MEDIA_QUEUE = 'chat-media';
const ATTEMPTS = 6;

type Failure = components['schemas']['ConversationMediaFailure'];

/** The types the file is served as: those the chat attaches, and stickers' WebP; any other goes as application/octet-stream. */
const SERVED_TYPES = new Set([...Object.keys(ATTACHMENT_TYPES), 'image/webp']);

/** A customer's media message, recorded pending and its download queued, in the webhook's transaction. */
export async function recordIncomingMedia(
  tx: Queryable,
  storeId: number,
  message: { id: string; kind: string; payload: Record<string, unknown> },
): Promise<void> {
  const mediaId = typeof message.payload.id === 'string' ? message.payload.id : null;
  if (!mediaId) return;
  const mimeType = typeof message.payload.mime_type === 'string' ? message.payload.mime_type.split(';')[0]!.trim() : '';
  const fileName = message.kind === 'document' && typeof message.payload.filename === 'string' ? message.payload.filename : null;
  await tx.query(
    `insert into chat_media (message_id, store_id, media_id, mime_type, file_name) values ($1, $2, $3, $4, $5)
     on conflict (message_id) do nothing`,
    [message.id, storeId, mediaId, mimeType || 'application/octet-stream', fileName],
  );
  await enqueue(
    tx,
    CHAT_MEDIA_QUEUE,
    { storeId, messageId: Number(message.id) },
    { singletonKey: `message:${message.id}`, maxAttempts: ATTEMPTS },
  );
}

/**
 * A file the store sends, kept with its message before it goes (the merchant sees it as they see a customer's); the
 * upload already checked it (attachments.ts).
 */
export async function keepSentMedia(
  db: Queryable,
  storeId: number,
  messageId: number,
  file: { mediaId: string; kind: AttachmentKind; mimeType: string; name: string; content: Buffer },
): Promise<void> {
  await db.query(
    `insert into chat_media (message_id, store_id, media_id, mime_type, file_name, size, content, state, kept_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'kept', now())
     on conflict (message_id) do nothing`,
    [messageId, storeId, file.mediaId, file.mimeType, file.kind === 'document' ? file.name : null, file.content.length, file.content],
  );
}

/** Why a download that failed for good failed, from its last error. */
function failureOf(error: unknown): Failure {
  if (error instanceof MetaNotFoundError) return 'gone';
  if (error instanceof MetaFileMismatchError) return 'damaged';
  if (error instanceof MetaTokenError || error instanceof MetaPermissionError || error instanceof HttpError) return 'disconnected';
  return 'unavailable';
}

/** Marks the file failed (once: a kept file stays kept), and tells the open inboxes. */
async function markFailed(db: Database, storeId: number, messageId: number, failure: Failure): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ conversation_id: number }>(
      `update chat_media f set state = 'failed', failure = $3
         from chat_messages m
        where f.store_id = $1 and f.message_id = $2 and f.state = 'pending' and m.id = f.message_id
        returning m.conversation_id::float8 as conversation_id`,
      [storeId, messageId, failure],
    );
    if (row) await announceConversations(tx, storeId, [row.conversation_id]);
  });
}

/** Failures no later try can change: the file is gone, or the store's WhatsApp cannot be reached. */
class FinalFailure extends Error {
  constructor(readonly failure: Failure) {
    super(`chat media ${failure}`);
  }
}

async function download(db: Database, access: MetaAccess, storeId: number, messageId: number): Promise<void> {
  const [media] = await db.query<{ media_id: string }>(
    `select media_id from chat_media where store_id = $1 and message_id = $2 and state = 'pending'`,
    [storeId, messageId],
  );
  if (!media) return;
  let connection: Awaited<ReturnType<typeof whatsappClientOf>>;
  try {
    connection = await whatsappClientOf(db, access, storeId);
  } catch (error) {
    if (error instanceof HttpError) throw new FinalFailure('disconnected');
    throw error;
  }
  const { client, phoneNumberId } = connection;
  try {
    // A fresh address each try: one from an earlier try (or the webhook) may have aged out meanwhile.
    const described = await client.whatsapp.media(media.media_id, { phoneNumberId });
    const file = await client.whatsapp.downloadMedia(described);
    await db.transaction(async (tx) => {
      const [row] = await tx.query<{ conversation_id: number }>(
        `update chat_media f set state = 'kept', content = $3, size = $4, mime_type = coalesce(nullif($5, ''), f.mime_type), kept_at = now()
           from chat_messages m
          where f.store_id = $1 and f.message_id = $2 and f.state = 'pending' and m.id = f.message_id
          returning m.conversation_id::float8 as conversation_id`,
        [storeId, messageId, file.bytes, file.bytes.length, file.mimeType.split(';')[0]!.trim()],
      );
      if (row) await announceConversations(tx, storeId, [row.conversation_id]);
    });
  } catch (error) {
    if (error instanceof MetaNotFoundError) throw new FinalFailure('gone');
    if (error instanceof MetaTokenError || error instanceof MetaPermissionError) {
      await refuseDeadToken(db, storeId, error).catch(() => undefined);
      throw new FinalFailure('disconnected');
    }
    // An address that aged out, Meta's trouble, bytes that were not the file: the next try asks again.
    throw error;
  }
}

/** The download job: final failures end the file at once, the rest are tried again with the queue's backoff. */
export function registerChatMediaJob(jobs: JobWorker, db: Database, access: MetaAccess): void {
  jobs.register<{ storeId: number; messageId: number }>(CHAT_MEDIA_QUEUE, {
    async handler(job) {
      const { storeId, messageId } = job.payload;
      try {
        await download(db, access, storeId, messageId);
      } catch (error) {
        if (error instanceof FinalFailure) return markFailed(db, storeId, messageId, error.failure);
        throw error;
      }
    },
    async onFinalFailure(job, error) {
      await markFailed(db, job.payload.storeId, job.payload.messageId, failureOf(error));
    },
  });
}

/** How a kept file goes out: inline for what the browser shows, a document as an attachment with its name. */
export async function keptMedia(
  db: Queryable,
  storeId: number,
  conversationId: number,
  messageId: number,
): Promise<{ type: string; data: Uint8Array; headers: Record<string, string> }> {
  const [row] = await db.query<{ kind: string; mime_type: string; file_name: string | null; content: Buffer }>(
    `select m.kind, f.mime_type, f.file_name, f.content
       from chat_media f join chat_messages m on m.id = f.message_id
      where f.store_id = $1 and f.message_id = $2 and m.conversation_id = $3 and f.state = 'kept'`,
    [storeId, messageId, conversationId],
  );
  if (!row) throw new HttpError(404, 'media_not_found', messages.mediaNotFound);
  const type = SERVED_TYPES.has(row.mime_type) ? row.mime_type : 'application/octet-stream';
  const inline = row.kind !== 'document' && type !== 'application/octet-stream';
  const name = row.file_name ?? `${row.kind}-${messageId}`;
  return {
    type,
    data: row.content,
    headers: {
      'cache-control': 'private, max-age=86400, immutable',
      'content-disposition': inline ? 'inline' : `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'x-content-type-options': 'nosniff',
    },
  };
}
