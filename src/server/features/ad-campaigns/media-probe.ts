/*
 * What an uploaded ad file really is, read from its own bytes rather than from its name or the type the
 * browser declared: a PNG's IHDR, a JPEG's start-of-frame marker, an MP4 or QuickTime movie's `moov`
 * (its `mvhd` for the length, its video track's `tkhd` for the size). Anything else is not a file an ad
 * takes.
 */

export type ProbedType = 'image/png' | 'image/jpeg' | 'video/mp4' | 'video/quicktime';

export interface MediaProbe {
  kind: 'image' | 'video';
  contentType: ProbedType;
  width: number;
  height: number;
  /** A video's length in seconds; null for an image. */
  durationSeconds: number | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(bytes: Buffer): MediaProbe | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'image', contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), durationSeconds: null };
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Buffer): MediaProbe | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM, the restarts, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // The image data began (SOS) or ended (EOI) before any frame header.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return {
        kind: 'image',
        contentType: 'image/jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
        durationSeconds: null,
      };
    }
    offset += 2 + length;
  }
  return null;
}

interface Box {
  type: string;
  /** Where its content starts and ends. */
  start: number;
  end: number;
}

/** The boxes directly inside `[start, end)`; null when one of them overruns its parent (a truncated or corrupt file). */
function boxes(bytes: Buffer, start: number, end: number): Box[] | null {
  const found: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return null;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return null;
    found.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return found;
}

const child = (bytes: Buffer, parent: Box, type: string) => boxes(bytes, parent.start, parent.end)?.find((box) => box.type === type);

/** What the top level of a movie may begin with (an MP4's `ftyp`; an old QuickTime file's first atom). */
const MOVIE_START = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function movie(bytes: Buffer): MediaProbe | null {
  if (bytes.length < 16 || !MOVIE_START.has(bytes.toString('latin1', 4, 8))) return null;
  const top = boxes(bytes, 0, bytes.length);
  const moov = top?.find((box) => box.type === 'moov');
  if (!top || !moov) return null;
  const ftyp = top.find((box) => box.type === 'ftyp');
  const contentType = !ftyp || bytes.toString('latin1', ftyp.start, ftyp.start + 4) === 'qt  ' ? 'video/quicktime' : 'video/mp4';

  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) return null;
  const v1 = bytes[mvhd.start] === 1;
  if (mvhd.start + (v1 ? 32 : 20) > mvhd.end) return null;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  if (timescale === 0) return null;

  // The video track: the one whose handler is `vide`; without handlers, the first track with a size (audio has none).
  const tracks = (boxes(bytes, moov.start, moov.end) ?? []).filter((box) => box.type === 'trak');
  const sized = tracks.flatMap((trak) => {
    const tkhd = child(bytes, trak, 'tkhd');
    if (!tkhd) return [];
    // Width and height close the box, as 16.16 fixed point.
    const at = tkhd.start + (bytes[tkhd.start] === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) return [];
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = mdia && child(bytes, mdia, 'hdlr');
    const handler = hdlr && hdlr.start + 12 <= hdlr.end ? bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12) : null;
    return [{ handler, width: bytes.readUInt32BE(at) >>> 16, height: bytes.readUInt32BE(at + 4) >>> 16 }];
  });
  const video =
    sized.find((track) => track.handler === 'vide') ?? sized.find((track) => track.handler === null && track.width > 0 && track.height > 0);
  if (!video) return null;
  return {
    kind: 'video',
    contentType,
    width: video.width,
    height: video.height,
    durationSeconds: Math.round((duration / timescale) * 1000) / 1000,
  };
}

/** The file's kind, type, size and length, or null when it is none of PNG, JPEG, MP4 or MOV (or is unreadable). */
export function probeMedia(data: Uint8Array): MediaProbe | null {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    return png(bytes) ?? jpeg(bytes) ?? movie(bytes);
  } catch {
    // A length field pointing past the end: not a file we can read.
    return null;
  }
}
