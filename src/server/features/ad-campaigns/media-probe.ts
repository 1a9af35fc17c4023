import { type FileHandle, open } from 'node:fs/promises';

/*
 * What an uploaded ad file really is, read from its own bytes rather than from its name or the type the
 * browser declared: a PNG's IHDR, a JPEG's start-of-frame marker, an MP4 or QuickTime movie's `moov`
 * (its `mvhd` for the length, its video track's `tkhd` for the size). Anything else is not a file an ad
 * takes. The file stays on disk: only those headers are read, never the picture or the film.
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

/** Reads of a window this long serve the many small reads of a walk over a file's segments or boxes. */
const WINDOW_BYTES = 64 * 1024;
/** Segments or boxes walked at most: a real file has a few hundred; more is padding meant to keep us busy. */
const MAX_STEPS = 100_000;
/** The largest `moov` read: a two-minute film's takes well under 1 MB. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

/** A file's bytes by range, read through a window. */
class FileBytes {
  private window = Buffer.alloc(0);
  private windowStart = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes from `offset`; null when the file ends before them. */
  async at(offset: number, length: number): Promise<Buffer | null> {
    if (offset + length > this.size) return null;
    const start = offset - this.windowStart;
    if (start < 0 || start + length > this.window.length) {
      const wanted = Math.min(Math.max(length, WINDOW_BYTES), this.size - offset);
      const buffer = Buffer.alloc(wanted);
      const { bytesRead } = await this.handle.read(buffer, 0, wanted, offset);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = offset;
      return bytesRead < length ? null : this.window.subarray(0, length);
    }
    return this.window.subarray(start, start + length);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function png(file: FileBytes): Promise<MediaProbe | null> {
  const bytes = await file.at(0, 24);
  if (!bytes || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'image', contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), durationSeconds: null };
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

async function jpeg(file: FileBytes): Promise<MediaProbe | null> {
  const start = await file.at(0, 4);
  if (!start || start[0] !== 0xff || start[1] !== 0xd8) return null;
  let offset = 2;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const bytes = await file.at(offset, 4);
    if (!bytes || bytes[0] !== 0xff) return null;
    const marker = bytes[1]!;
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
    const length = bytes.readUInt16BE(2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      const frame = await file.at(offset, 9);
      if (!frame) return null;
      return {
        kind: 'image',
        contentType: 'image/jpeg',
        height: frame.readUInt16BE(5),
        width: frame.readUInt16BE(7),
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

/**
 * The top-level boxes' headers, walked on disk (the film itself, `mdat`, is never read), for the `ftyp`
 * brand and the `moov` box, which is read whole; null when a box overruns the file (cut short or corrupt).
 */
async function movieBoxes(file: FileBytes): Promise<{ brand: string | null; moov: Buffer } | null> {
  const start = await file.at(0, 16);
  if (!start || !MOVIE_START.has(start.toString('latin1', 4, 8))) return null;
  let brand: string | null = null;
  let moov: Box | null = null;
  let offset = 0;
  for (let step = 0; offset + 8 <= file.size; step += 1) {
    if (step === MAX_STEPS) return null;
    const head = (await file.at(offset, 16)) ?? (await file.at(offset, 8))!;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = file.size - offset;
    if (size < header || offset + size > file.size) return null;
    if (type === 'ftyp' && brand === null) brand = (await file.at(offset + header, 4))?.toString('latin1') ?? '';
    if (type === 'moov' && !moov) moov = { type, start: offset + header, end: offset + size };
    offset += size;
  }
  if (!moov || moov.end - moov.start > MAX_MOOV_BYTES) return null;
  const content = await file.at(moov.start, moov.end - moov.start);
  return content && { brand, moov: content };
}

async function movie(file: FileBytes): Promise<MediaProbe | null> {
  const found = await movieBoxes(file);
  if (!found) return null;
  const bytes = found.moov;
  const moov: Box = { type: 'moov', start: 0, end: bytes.length };
  const contentType = found.brand === null || found.brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';

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
export async function probeMedia(path: string): Promise<MediaProbe | null> {
  const handle = await open(path, 'r');
  try {
    const file = new FileBytes(handle, (await handle.stat()).size);
    return (await png(file)) ?? (await jpeg(file)) ?? (await movie(file));
  } catch (error) {
    // A length field inside `moov` pointing past its end: not a file we can read.
    if (error instanceof RangeError) return null;
    throw error;
  } finally {
    await handle.close();
  }
}
