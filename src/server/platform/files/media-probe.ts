import { type FileHandle, open } from 'node:fs/promises';

/*
 * What an uploaded file (an ad's, a template header's) really is, read from its own bytes rather than from its name or the type the
 * browser declared: a PNG's IHDR, a JPEG's start-of-frame marker, an MP4 or QuickTime movie's `moov`
 * (its `mvhd` for the length, its video track's `tkhd` for the size). Anything else is not a file an ad
 * takes. The file stays on disk: the picture or the film is never decoded.
 *
 * A header alone is not a file: each format is walked to its end, and its data must be enough for what
 * the header claims (a PNG's compressed rows, a JPEG's scans up to its end marker, a movie's samples in
 * `mdat`). Otherwise the file is damaged: cut short, or only a header.
 */

export type ProbedType = 'image/png' | 'image/jpeg' | 'video/mp4' | 'video/quicktime';

/** A file of one of these formats that does not hold what its header claims. */
export const DAMAGED = 'damaged';

/** What a file is; null when it is none of PNG, JPEG, MP4 or MOV. */
export type ProbeResult = MediaProbe | typeof DAMAGED | null;

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

  /** The bytes from `offset` on, as many as one read gives (at least two, unless the file ends first). */
  async from(offset: number): Promise<Buffer> {
    const start = offset - this.windowStart;
    if (start >= 0 && start + 2 <= this.window.length) return this.window.subarray(start);
    return (await this.at(offset, Math.min(WINDOW_BYTES, this.size - offset))) ?? Buffer.alloc(0);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Channels of a pixel by PNG colour type: grey, RGB, palette index, grey and alpha, RGBA. */
const PNG_CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_BIT_DEPTHS = new Set([1, 2, 4, 8, 16]);
/** The PNG standard's largest side. */
const PNG_MAX_SIDE = 2 ** 31 - 1;
/** Deflate packs at most 1,032 bytes into one: less compressed data than that cannot hold the rows a header claims. */
const DEFLATE_MAX_RATIO = 1032;

async function png(file: FileBytes): Promise<ProbeResult> {
  const signature = await file.at(0, 8);
  if (!signature || PNG_SIGNATURE.some((byte, index) => signature[index] !== byte)) return null;
  // The IHDR chunk: length, type, width, height, bit depth, colour type…
  const header = await file.at(8, 18);
  if (!header || header.readUInt32BE(0) !== 13 || header.toString('latin1', 4, 8) !== 'IHDR') return DAMAGED;
  const width = header.readUInt32BE(8);
  const height = header.readUInt32BE(12);
  const channels = PNG_CHANNELS[header[17]!];
  if (!channels || !PNG_BIT_DEPTHS.has(header[16]!) || !width || !height || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return DAMAGED;
  let compressed = 0;
  let offset = 8;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const chunk = await file.at(offset, 8);
    if (!chunk) return DAMAGED;
    const length = chunk.readUInt32BE(0);
    const type = chunk.toString('latin1', 4, 8);
    // Length, type, data and CRC.
    if (offset + 12 + length > file.size) return DAMAGED;
    if (type === 'IDAT') compressed += length;
    if (type === 'IEND') {
      const rowBytes = 1 + Math.ceil((width * channels * header[16]!) / 8);
      if (compressed * DEFLATE_MAX_RATIO < rowBytes * height) return DAMAGED;
      return { kind: 'image', contentType: 'image/png', width, height, durationSeconds: null };
    }
    offset += 12 + length;
  }
  return DAMAGED;
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Where the image's end marker (EOI) is, walking its scans from `from`: inside a scan a 0xFF byte is followed by
 * 0x00 or a restart marker; any other marker is a segment between two scans (a progressive image's tables and
 * next scan header), skipped whole. Null when the file ends first.
 */
async function endOfImage(file: FileBytes, from: number): Promise<number | null> {
  let offset = from;
  for (let step = 0; step < MAX_STEPS && offset + 2 <= file.size; step += 1) {
    const bytes = await file.from(offset);
    // Without a marker in these bytes, the next read starts at their last byte: it may be a marker's first.
    let next = Math.max(1, bytes.length - 1);
    for (let at = bytes.indexOf(0xff); at !== -1 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) {
      const marker = bytes[at + 1]!;
      if (marker === 0xd9) return offset + at;
      if (marker === 0x00 || marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
      const length = await file.at(offset + at + 2, 2);
      if (!length) return null;
      next = at + 2 + length.readUInt16BE(0);
      break;
    }
    offset += next;
  }
  return null;
}

async function jpeg(file: FileBytes): Promise<ProbeResult> {
  const start = await file.at(0, 4);
  if (!start || start[0] !== 0xff || start[1] !== 0xd8) return null;
  let frame: MediaProbe | null = null;
  let offset = 2;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const bytes = await file.at(offset, 4);
    if (!bytes || bytes[0] !== 0xff) return DAMAGED;
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
    // The image ended before any scan.
    if (marker === 0xd9) return DAMAGED;
    const length = bytes.readUInt16BE(2);
    if (length < 2) return DAMAGED;
    if (marker === 0xda) {
      // The first scan: its data must reach an end marker, and hold at least a bit for each 8×8 block.
      if (!frame) return DAMAGED;
      const scanStart = offset + 2 + length;
      const end = await endOfImage(file, scanStart);
      const blocks = Math.ceil(frame.width / 8) * Math.ceil(frame.height / 8);
      return end !== null && (end - scanStart) * 8 >= blocks ? frame : DAMAGED;
    }
    if (isStartOfFrame(marker) && !frame) {
      const header = await file.at(offset, 9);
      if (!header) return DAMAGED;
      const height = header.readUInt16BE(5);
      const width = header.readUInt16BE(7);
      if (!width || !height) return DAMAGED;
      frame = { kind: 'image', contentType: 'image/jpeg', height, width, durationSeconds: null };
    }
    offset += 2 + length;
  }
  return DAMAGED;
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

interface MovieBoxes {
  brand: string | null;
  moov: Buffer;
  /** What the top level's `mdat` boxes hold: the film's samples. */
  mediaBytes: number;
  /** Samples described in `moof` boxes beside the film rather than in `moov`. */
  fragmented: boolean;
}

/**
 * The top-level boxes' headers, walked on disk (the film itself, `mdat`, is never read), for the `ftyp`
 * brand, the `moov` box, which is read whole, and the size of the film; null when the file does not start
 * as a movie does.
 */
async function movieBoxes(file: FileBytes): Promise<MovieBoxes | typeof DAMAGED | null> {
  const start = await file.at(0, 16);
  if (!start || !MOVIE_START.has(start.toString('latin1', 4, 8))) return null;
  let brand: string | null = null;
  let moov: Box | null = null;
  let mediaBytes = 0;
  let fragmented = false;
  let offset = 0;
  for (let step = 0; offset + 8 <= file.size; step += 1) {
    if (step === MAX_STEPS) return DAMAGED;
    const head = (await file.at(offset, 16)) ?? (await file.at(offset, 8))!;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return DAMAGED;
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = file.size - offset;
    // A box that overruns the file: cut short, or a header claiming what is not there.
    if (size < header || offset + size > file.size) return DAMAGED;
    if (type === 'ftyp' && brand === null) brand = (await file.at(offset + header, 4))?.toString('latin1') ?? '';
    if (type === 'moov' && !moov) moov = { type, start: offset + header, end: offset + size };
    if (type === 'mdat') mediaBytes += size - header;
    if (type === 'moof') fragmented = true;
    offset += size;
  }
  if (!moov || moov.end - moov.start > MAX_MOOV_BYTES) return DAMAGED;
  const content = await file.at(moov.start, moov.end - moov.start);
  return content ? { brand, moov: content, mediaBytes, fragmented } : DAMAGED;
}

/** The bytes of a track's samples by its `stsz` (a size for all, or one each); null without one. */
function sampleBytes(bytes: Buffer, trak: Box): { count: number; total: number } | null {
  const stbl = ['mdia', 'minf', 'stbl'].reduce<Box | undefined>((box, type) => box && child(bytes, box, type), trak);
  const stsz = stbl && child(bytes, stbl, 'stsz');
  if (!stsz || stsz.start + 12 > stsz.end) return null;
  const size = bytes.readUInt32BE(stsz.start + 4);
  const count = bytes.readUInt32BE(stsz.start + 8);
  if (size > 0) return { count, total: size * count };
  if (stsz.start + 12 + count * 4 > stsz.end) return null;
  let total = 0;
  for (let index = 0; index < count; index += 1) total += bytes.readUInt32BE(stsz.start + 12 + index * 4);
  return { count, total };
}

async function movie(file: FileBytes): Promise<ProbeResult> {
  const found = await movieBoxes(file);
  if (found === null || found === DAMAGED) return found;
  const bytes = found.moov;
  const moov: Box = { type: 'moov', start: 0, end: bytes.length };
  const contentType = found.brand === null || found.brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';

  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) return DAMAGED;
  const v1 = bytes[mvhd.start] === 1;
  if (mvhd.start + (v1 ? 32 : 20) > mvhd.end) return DAMAGED;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  if (timescale === 0) return DAMAGED;

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
    return [{ trak, handler, width: bytes.readUInt32BE(at) >>> 16, height: bytes.readUInt32BE(at + 4) >>> 16 }];
  });
  const video =
    sized.find((track) => track.handler === 'vide') ?? sized.find((track) => track.handler === null && track.width > 0 && track.height > 0);
  // A movie without a picture (audio only) is not a video for an ad.
  if (!video) return null;
  // The film must be there: its frames, as many bytes of them as the track says, in `mdat`.
  const samples = found.fragmented ? null : sampleBytes(bytes, video.trak);
  const filmMissing = found.fragmented
    ? found.mediaBytes === 0
    : !samples || samples.count === 0 || samples.total === 0 || samples.total > found.mediaBytes;
  if (filmMissing) return DAMAGED;
  return {
    kind: 'video',
    contentType,
    width: video.width,
    height: video.height,
    durationSeconds: Math.round((duration / timescale) * 1000) / 1000,
  };
}

/** The file's kind, type, size and length; null when it is none of PNG, JPEG, MP4 or MOV; DAMAGED when it is one but not whole. */
export async function probeMedia(path: string): Promise<ProbeResult> {
  const handle = await open(path, 'r');
  try {
    const file = new FileBytes(handle, (await handle.stat()).size);
    return (await png(file)) ?? (await jpeg(file)) ?? (await movie(file));
  } catch (error) {
    // A length field inside `moov` pointing past its end.
    if (error instanceof RangeError) return DAMAGED;
    throw error;
  } finally {
    await handle.close();
  }
}
