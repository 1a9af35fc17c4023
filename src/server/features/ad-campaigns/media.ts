import { openAsBlob } from 'node:fs';
import type { components } from '../../../shared/api/app.gen.ts';
import { MEDIA_FORMATS, MEDIA_LIMITS } from '../../../shared/constants.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaRequestError } from '../../integrations/meta/errors.ts';
import { metaFailure } from '../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import type { UploadedFile, UploadRules } from '../../platform/files/uploads.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { adMediaOf, insertedMedia } from './campaign-rows.ts';
import { DAMAGED, type MediaProbe, probeMedia } from './media-probe.ts';
import { META_IMAGE_MIN, merchantRefusalOf, metaRefusalMessages } from './meta-refusals.ts';
import { metaTextOf } from './publication.ts';

/*
 * An ad's file (SPEC §5): checked again here from its own bytes, whatever the browser said of it, then
 * put in the ad account's library in Meta (an image's hash, a video's id), which is what the campaign's
 * creatives name.
 */

type AdMedia = components['schemas']['AdMedia'];

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const mediaMessages = {
  badFormat: 'El formato del archivo no es válido. Usa PNG, JPG, JPEG, MP4 o MOV.',
  imageTooLarge: `La imagen pesa más de ${megabytes(MEDIA_LIMITS.imageMaxBytes)} MB.`,
  videoTooLarge: `El video pesa más de ${megabytes(MEDIA_LIMITS.videoMaxBytes)} MB.`,
  imageTooSmall: `La imagen debe medir al menos ${MEDIA_LIMITS.imageMinWidth}×${MEDIA_LIMITS.imageMinHeight} px.`,
  videoTooSmall: `El video debe medir al menos ${MEDIA_LIMITS.videoMinWidth}×${MEDIA_LIMITS.videoMinHeight} px.`,
  videoTooLong: `El video dura más de ${MEDIA_LIMITS.videoMaxSeconds} segundos.`,
  damaged: 'El archivo está dañado o incompleto. Vuelve a exportarlo y súbelo de nuevo.',
  refusedByMeta: 'Meta no aceptó el archivo. Prueba con otro o vuelve a exportarlo.',
};

const refused = (code: string, message: string) => new HttpError(422, code, message);

const ACCEPTED_TYPES = new Set<string>(Object.values(MEDIA_FORMATS));
const kindOfType = (type: string) => (type.startsWith('video/') ? 'video' : 'image');
const maxBytesOf = (kind: 'image' | 'video') => (kind === 'image' ? MEDIA_LIMITS.imageMaxBytes : MEDIA_LIMITS.videoMaxBytes);
const tooLarge = (kind: 'image' | 'video') =>
  refused('media_too_large', kind === 'image' ? mediaMessages.imageTooLarge : mediaMessages.videoTooLarge);
const badFormat = () => refused('media_bad_format', mediaMessages.badFormat);

/** How the gate receives an ad's file: only SPEC §5's types, each read no further than its kind's limit. */
export const adMediaUploads: UploadRules = {
  maxBytes: Object.fromEntries([...ACCEPTED_TYPES].map((type) => [type, maxBytesOf(kindOfType(type))])),
  badType: badFormat,
  tooLarge: (type) => tooLarge(kindOfType(type)),
  atOnce: MEDIA_LIMITS.uploadsAtOnce,
};

/** The file if it is one an ad takes: a declared type of SPEC §5 that its bytes confirm, within the limits. */
export async function checkedMedia(file: UploadedFile): Promise<MediaProbe> {
  const probe = ACCEPTED_TYPES.has(file.type) ? await probeMedia(file.path) : null;
  if (probe === DAMAGED) throw refused('media_damaged', mediaMessages.damaged);
  if (!probe || probe.kind !== kindOfType(file.type)) throw badFormat();
  if (file.size > maxBytesOf(probe.kind)) throw tooLarge(probe.kind);
  if (probe.kind === 'image') {
    if (probe.width < MEDIA_LIMITS.imageMinWidth || probe.height < MEDIA_LIMITS.imageMinHeight)
      throw refused('media_too_small', mediaMessages.imageTooSmall);
    return probe;
  }
  if (probe.width < MEDIA_LIMITS.videoMinWidth || probe.height < MEDIA_LIMITS.videoMinHeight)
    throw refused('media_too_small', mediaMessages.videoTooSmall);
  if ((probe.durationSeconds ?? 0) > MEDIA_LIMITS.videoMaxSeconds) throw refused('video_too_long', mediaMessages.videoTooLong);
  return probe;
}

export interface MediaUpload {
  db: Queryable;
  client: MetaUserClient;
  storeId: number;
  adAccountId: string;
  name: string;
  file: UploadedFile;
}

/** Checks the file, sends it to the ad account's library and records it. */
export async function uploadMedia(upload: MediaUpload): Promise<AdMedia> {
  const { db, client, storeId, adAccountId, name, file } = upload;
  const probe = await checkedMedia(file);
  // SPEC §5's smallest image is below Meta's: what Meta would refuse is said here, in Spanish, before sending it.
  if (probe.kind === 'image' && (probe.width < META_IMAGE_MIN.width || probe.height < META_IMAGE_MIN.height))
    throw refused('media_too_small', metaRefusalMessages.imageTooSmall(META_IMAGE_MIN.width, META_IMAGE_MIN.height));
  // Read from disk as Meta takes it, never whole in memory.
  const data = await openAsBlob(file.path, { type: probe.contentType });
  let metaImageHash: string | null = null;
  let metaVideoId: string | null = null;
  try {
    if (probe.kind === 'image') metaImageHash = (await client.uploadImage(adAccountId, { filename: name, file: data })).hash;
    else metaVideoId = await client.uploadVideo(adAccountId, { name, file: data });
  } catch (error) {
    // Meta's own rules for files: the merchant's to fix, in Spanish, with Meta's words as the detail.
    if (error instanceof MetaRequestError)
      throw (
        merchantRefusalOf(error, { onField: false }) ??
        new HttpError(422, 'media_refused', mediaMessages.refusedByMeta, undefined, undefined, metaTextOf(error) ?? undefined)
      );
    return metaFailure(db, storeId, error);
  }
  const row = await insertedMedia(db, {
    store_id: storeId,
    kind: probe.kind,
    name,
    content_type: probe.contentType,
    bytes: file.size,
    width: probe.width,
    height: probe.height,
    duration_seconds: probe.durationSeconds,
    ad_account_id: adAccountId,
    meta_image_hash: metaImageHash,
    meta_video_id: metaVideoId,
  });
  return adMediaOf(row);
}
