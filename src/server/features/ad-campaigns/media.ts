import { openAsBlob } from 'node:fs';
import type { components } from '../../../shared/api/app.gen.ts';
import { MEDIA_FORMATS, MEDIA_LIMITS } from '../../../shared/constants.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaRequestError } from '../../integrations/meta/errors.ts';
import { metaFailure } from '../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { DAMAGED, type MediaProbe, probeMedia } from '../../platform/files/media-probe.ts';
import type { UploadedFile, UploadRules } from '../../platform/files/uploads.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { adCampaignMessages } from './messages.ts';
import { META_IMAGE_MIN, merchantRefusalOf } from './meta-refusals.ts';
import { metaTextOf } from './publication.ts';
import { adMediaOf, insertedMedia } from './repository.ts';

/*
 * An ad's file (SPEC §5): checked again here from its own bytes, whatever the browser said of it, then
 * put in the ad account's library in Meta (an image's hash, a video's id), which is what the campaign's
 * creatives name. A file that breaks SPEC §5 is answered as the contract answers a missing one: 400, on the
 * body itself (the field ''); what Meta refuses, or would (its own minimum size), is Meta's 422.
 */

type AdMedia = components['schemas']['AdMedia'];

const mediaMessages = adCampaignMessages.media;

/** The file breaks a rule of SPEC §5. */
const refused = (message: string) => errors.invalidRequest([{ field: '', message }]);

const ACCEPTED_TYPES = new Set<string>(Object.values(MEDIA_FORMATS));
const kindOfType = (type: string) => (type.startsWith('video/') ? 'video' : 'image');
const maxBytesOf = (kind: 'image' | 'video') => (kind === 'image' ? MEDIA_LIMITS.imageMaxBytes : MEDIA_LIMITS.videoMaxBytes);
const tooLarge = (kind: 'image' | 'video') => refused(kind === 'image' ? mediaMessages.imageTooLarge : mediaMessages.videoTooLarge);
const badFormat = () => refused(mediaMessages.badFormat);

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
  if (probe === DAMAGED) throw refused(mediaMessages.damaged);
  if (!probe || probe.kind !== kindOfType(file.type)) throw badFormat();
  if (file.size > maxBytesOf(probe.kind)) throw tooLarge(probe.kind);
  if (probe.kind === 'image') {
    if (probe.width < MEDIA_LIMITS.imageMinWidth || probe.height < MEDIA_LIMITS.imageMinHeight) throw refused(mediaMessages.imageTooSmall);
    return probe;
  }
  if (probe.width < MEDIA_LIMITS.videoMinWidth || probe.height < MEDIA_LIMITS.videoMinHeight) throw refused(mediaMessages.videoTooSmall);
  if ((probe.durationSeconds ?? 0) > MEDIA_LIMITS.videoMaxSeconds) throw refused(mediaMessages.videoTooLong);
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
    throw new HttpError(422, 'media_too_small', adCampaignMessages.meta.imageTooSmall(META_IMAGE_MIN.width, META_IMAGE_MIN.height));
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
