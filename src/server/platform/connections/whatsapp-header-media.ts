import type { MetaUserClient } from '../../integrations/meta/client.ts';
import type { Queryable } from '../database/db.ts';
import { templateMediaContent } from '../store-data/whatsapp-templates.ts';

/** Meta keeps an uploaded file 30 days; a day less leaves room for the messages sent with it. */
const HEADER_UPLOAD_TTL_MS = 29 * 24 * 60 * 60 * 1000;

/** A header's file (the store's) and the number it goes from. */
interface HeaderUpload {
  storeId: number;
  mediaId: number | string;
  phoneNumberId: string;
}

/** Uploads on their way in this process: a campaign's first messages go out together, and share one. */
const inFlight = new Map<string, Promise<string | null>>();

/**
 * A template header's file as uploaded to the number that sends it: uploaded once, then named by every message with
 * that header (the chat's templates and every campaign's) until Meta's copy nears its 30 days. Null when the store no
 * longer has the file. Sends at once in one process share one upload; two server processes may upload once each, and
 * both uploads are valid (the last one is kept).
 */
export function uploadedHeaderMedia(db: Queryable, client: MetaUserClient, upload: HeaderUpload): Promise<string | null> {
  const key = `${upload.storeId}:${upload.mediaId}:${upload.phoneNumberId}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const result = keptOrUploaded(db, client, upload).finally(() => inFlight.delete(key));
  inFlight.set(key, result);
  return result;
}

async function keptOrUploaded(db: Queryable, client: MetaUserClient, upload: HeaderUpload): Promise<string | null> {
  const { storeId, mediaId, phoneNumberId } = upload;
  const [kept] = await db.query<{ meta_media_id: string; uploaded_at: Date }>(
    `select u.meta_media_id, u.uploaded_at from whatsapp_media_uploads u
       join whatsapp_template_media m on m.id = u.media_id
      where m.store_id = $1 and u.media_id = $2 and u.phone_number_id = $3`,
    [storeId, mediaId, phoneNumberId],
  );
  // The server's clock, as every other deadline of the sends (a demo moves it forward).
  if (kept && Date.now() - kept.uploaded_at.getTime() < HEADER_UPLOAD_TTL_MS) return kept.meta_media_id;
  const media = await templateMediaContent(db, storeId, mediaId);
  if (!media) return null;
  const id = await client.whatsapp.uploadMedia(phoneNumberId, {
    filename: media.name,
    type: media.mime_type,
    data: new Blob([new Uint8Array(media.content)], { type: media.mime_type }),
  });
  await db.query(
    `insert into whatsapp_media_uploads (media_id, phone_number_id, meta_media_id, uploaded_at) values ($1, $2, $3, $4)
     on conflict (media_id, phone_number_id) do update set meta_media_id = excluded.meta_media_id, uploaded_at = excluded.uploaded_at`,
    [mediaId, phoneNumberId, id, new Date(Date.now())],
  );
  return id;
}
