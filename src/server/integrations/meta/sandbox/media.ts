import { createHash } from 'node:crypto';
import { graphTime } from './clock.ts';
import { AD_SUBCODES, adsRefusal, invalidParameter, nonexistingField, oauthError, requiredParameter } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { UploadedFile } from './params.ts';
import type { SandboxAdAccount, SandboxAdImage, SandboxAdVideo } from './store.ts';

/*
 * The account's image library (`/act_{id}/adimages`) and videos (`/act_{id}/advideos`), uploaded as
 * multipart/form-data the way Meta's curl examples send them (images also as base64 `bytes`). A file is
 * known by its first bytes, never by its name: PNG or JPEG for images (their size read from the file's
 * own header), MP4 or MOV for videos (size and length from the movie's `tkhd` and `mvhd` boxes). Images
 * smaller than 600 × 314 pixels are refused: narrower than Meta's smallest feed image, or shorter than
 * its 1.91:1 link image at that width. A video is encoded after its upload (`status.video_status`
 * processing for two reads, then ready) and has thumbnails once ready. Image hashes are the file's MD5,
 * like Meta's; the files are served back at the sandbox's stand-in for Meta's CDN.
 */

export const MIN_IMAGE_WIDTH = 600;
export const MIN_IMAGE_HEIGHT = 314;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PROCESSING_READS = 2;
const THUMBNAILS = 3;

interface Picture {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    // Start of frame (every coding but the Huffman, arithmetic and restart tables).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

/** What the bytes are, when they are a PNG or a JPEG with a readable size. */
export function pictureOf(bytes: Buffer): Picture | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString('latin1') === 'IHDR')
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { contentType: 'image/jpeg', ...size } : null;
  }
  return null;
}

interface Movie {
  contentType: 'video/mp4' | 'video/quicktime';
  width: number;
  height: number;
  length: number;
}

const MOVIE_ATOMS = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);

/** The box `type` in `bytes[start, end)` (walking nested boxes in `path` order), as [content start, end]. */
function box(bytes: Buffer, path: readonly string[], start = 0, end = bytes.length): [number, number] | null {
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    let header = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return null;
    if (type === path[0])
      return path.length === 1 ? [offset + header, offset + size] : box(bytes, path.slice(1), offset + header, offset + size);
    offset += size;
  }
  return null;
}

/** What the bytes are, when they are an MP4 or a QuickTime movie; its size and length when its boxes say. */
export function movieOf(bytes: Buffer): Movie | null {
  if (bytes.length < 12 || !MOVIE_ATOMS.has(bytes.subarray(4, 8).toString('latin1'))) return null;
  const brand = bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? bytes.subarray(8, 12).toString('latin1') : 'qt  ';
  const movie: Movie = { contentType: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4', width: 0, height: 0, length: 0 };
  const header = box(bytes, ['moov', 'mvhd']);
  if (header) {
    const [at] = header;
    const v1 = bytes[at] === 1;
    const timescale = bytes.readUInt32BE(at + (v1 ? 20 : 12));
    const duration = v1 ? Number(bytes.readBigUInt64BE(at + 24)) : bytes.readUInt32BE(at + 16);
    if (timescale > 0) movie.length = Math.round((duration / timescale) * 100) / 100;
  }
  const track = box(bytes, ['moov', 'trak', 'tkhd']);
  if (track) {
    const [at] = track;
    // Width and height close the box, as 16.16 fixed point.
    const sizeAt = at + (bytes[at] === 1 ? 88 : 76);
    if (sizeAt + 8 <= bytes.length) {
      movie.width = bytes.readUInt32BE(sizeAt) >>> 16;
      movie.height = bytes.readUInt32BE(sizeAt + 4) >>> 16;
    }
  }
  return movie;
}

const extensionOf = (contentType: string) => (contentType === 'image/png' ? 'png' : 'jpg');

export const imageUrl = (context: NodeContext, image: SandboxAdImage) =>
  `${context.urls.cdn}/adimages/${image.hash}.${extensionOf(image.contentType)}`;

/** `POST /act_{id}/adimages`: every file of the form (or `bytes`, base64), answered by file name. */
export function uploadImages(account: SandboxAdAccount, context: NodeContext) {
  const files: UploadedFile[] = [...context.params.files.values()];
  const base64 = context.params.text('bytes');
  if (base64) files.push({ filename: context.params.text('name') ?? 'bytes', contentType: '', bytes: Buffer.from(base64, 'base64') });
  if (files.length === 0) throw invalidParameter('No image was uploaded: send the file as multipart/form-data, or its bytes in base64');
  const images: Record<string, { hash: string; url: string }> = {};
  for (const file of files) {
    const picture = pictureOf(file.bytes);
    if (!picture)
      throw adsRefusal(
        AD_SUBCODES.notAnImage,
        'Image Format Not Supported',
        `The file ${file.filename} isn't a JPG or PNG image. Upload your image in one of those formats.`,
      );
    if (picture.width < MIN_IMAGE_WIDTH || picture.height < MIN_IMAGE_HEIGHT)
      throw adsRefusal(
        AD_SUBCODES.imageTooSmall,
        'Image Too Small',
        `Your image is ${picture.width} × ${picture.height} pixels. Images for ads must be at least ${MIN_IMAGE_WIDTH} pixels wide and ${MIN_IMAGE_HEIGHT} pixels tall.`,
      );
    const hash = createHash('md5').update(file.bytes).digest('hex');
    const image = account.images.get(hash) ?? {
      hash,
      accountId: account.id,
      name: file.filename,
      bytes: file.bytes,
      contentType: picture.contentType,
      width: picture.width,
      height: picture.height,
      createdTime: context.now,
    };
    account.images.set(hash, image);
    images[file.filename] = { hash, url: imageUrl(context, image) };
  }
  return { images };
}

const IMAGE_FIELDS: Record<string, (image: SandboxAdImage, context: NodeContext) => unknown> = {
  id: (image) => `${image.accountId.replace(/^act_/, '')}:${image.hash}`,
  account_id: (image) => image.accountId.replace(/^act_/, ''),
  hash: (image) => image.hash,
  name: (image) => image.name,
  url: (image, context) => imageUrl(context, image),
  permalink_url: (image, context) => imageUrl(context, image),
  width: (image) => image.width,
  height: (image) => image.height,
  original_width: (image) => image.width,
  original_height: (image) => image.height,
  status: () => 'ACTIVE',
  created_time: (image) => graphTime(image.createdTime),
};

/** `GET /act_{id}/adimages[?hashes=[…]]`, rendered with `fields`. */
export function imageRows(account: SandboxAdAccount, context: NodeContext) {
  const hashes = context.params.json('hashes');
  const wanted = Array.isArray(hashes) ? new Set(hashes.map(String)) : null;
  const fields = (context.params.text('fields') ?? 'hash,id')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const unknown = fields.find((field) => !(field in IMAGE_FIELDS));
  if (unknown) throw nonexistingField(unknown, 'AdImage');
  return [...account.images.values()]
    .filter((image) => !wanted || wanted.has(image.hash))
    .map((image) => ({ key: image.hash, row: Object.fromEntries(fields.map((field) => [field, IMAGE_FIELDS[field]!(image, context)])) }));
}

/** `POST /act_{id}/advideos` with the file as `source`. */
export function uploadVideo(account: SandboxAdAccount, context: NodeContext) {
  const file = context.params.files.get('source');
  if (!file) throw requiredParameter('source');
  const movie = movieOf(file.bytes);
  if (!movie) throw oauthError(352, "(#352) Sorry, the video file you selected is in a format that we don't support.");
  const { now } = context;
  const video = context.store.addAdObject(account, 'AdVideo', (id) => ({
    id,
    accountId: account.id,
    name: context.params.text('name') ?? context.params.text('title') ?? file.filename,
    bytes: file.bytes.length,
    contentType: movie.contentType,
    width: movie.width,
    height: movie.height,
    length: movie.length,
    processingReads: PROCESSING_READS,
    deleted: false,
    createdTime: now,
    updatedTime: now,
  }));
  return { id: video.id };
}

export const videoReady = (video: SandboxAdVideo) => video.processingReads === 0;

export const videoStatus = (video: SandboxAdVideo) =>
  videoReady(video)
    ? { video_status: 'ready', processing_progress: 100 }
    : {
        video_status: 'processing',
        processing_progress: Math.round(((PROCESSING_READS - video.processingReads) * 100) / (PROCESSING_READS + 1)),
      };

/** A ready video's thumbnails (none while it is encoded), the first preferred. */
export function thumbnailRows(video: SandboxAdVideo, context: NodeContext) {
  if (!videoReady(video)) return [];
  const scale = Math.min(1, 720 / Math.max(video.width, video.height, 1));
  return Array.from({ length: THUMBNAILS }, (_, index) => {
    const id = `${video.id}${index}`;
    return {
      key: id,
      row: {
        id,
        uri: `${context.urls.cdn}/advideos/${video.id}/thumbnail-${index}.jpg`,
        width: Math.round(video.width * scale),
        height: Math.round(video.height * scale),
        scale: 1,
        is_preferred: index === 0,
      },
    };
  });
}

/** An image of any ad account, by hash, for the CDN stand-in. */
export const imageByHash = (accounts: Iterable<SandboxAdAccount>, hash: string) => {
  for (const account of accounts) {
    const image = account.images.get(hash);
    if (image) return image;
  }
  return null;
};
