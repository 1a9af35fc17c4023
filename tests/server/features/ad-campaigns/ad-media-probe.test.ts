import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedMedia } from '../../../../src/server/features/ad-campaigns/media.ts';
import { adCampaignMessages } from '../../../../src/server/features/ad-campaigns/messages.ts';
import { DAMAGED, probeMedia } from '../../../../src/server/platform/files/media-probe.ts';
import type { HttpError } from '../../../../src/server/platform/http/errors.ts';
import { jpegImage, mp4Box, mp4Video, pngImage, sampleTable } from '../../integrations/meta/testing.ts';

// Real file headers, built in memory and saved as an upload is: what an ad file is, read from its bytes, and SPEC §5's limits on it.

let folder: string;
let saved = 0;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'recompra-probe-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The bytes as a file on disk, where an upload waits while it is checked. */
async function file(data: Buffer): Promise<string> {
  const path = join(folder, `file-${(saved += 1)}`);
  await writeFile(path, data);
  return path;
}
const probe = async (data: Buffer) => probeMedia(await file(data));

/** A QuickTime movie whose audio track comes first, its video track named by `hdlr`, and a version-1 `mvhd`. */
function quickTime(width: number, height: number, seconds: number): Buffer {
  const movieHeader = Buffer.alloc(112);
  movieHeader.writeUInt8(1, 0);
  movieHeader.writeUInt32BE(600, 20);
  movieHeader.writeBigUInt64BE(BigInt(seconds * 600), 24);
  const track = (handler: string, w: number, h: number) => {
    const header = Buffer.alloc(84);
    header.writeUInt32BE(w * 65536, 76);
    header.writeUInt32BE(h * 65536, 80);
    const hdlr = Buffer.alloc(24);
    hdlr.write(handler, 8, 'latin1');
    return mp4Box('trak', mp4Box('tkhd', header), mp4Box('mdia', mp4Box('hdlr', hdlr), sampleTable(seconds, 4)));
  };
  return Buffer.concat([
    mp4Box('ftyp', Buffer.from('qt  \0\0\0\0qt  ', 'latin1')),
    mp4Box('wide'),
    mp4Box('mdat', Buffer.alloc(seconds * 8)),
    mp4Box('moov', mp4Box('mvhd', movieHeader), track('soun', 0, 0), track('vide', width, height)),
  ]);
}

describe('probeMedia', () => {
  it("reads a PNG's size from its IHDR", async () => {
    expect(await probe(pngImage(1200, 628))).toEqual({
      kind: 'image',
      contentType: 'image/png',
      width: 1200,
      height: 628,
      durationSeconds: null,
    });
  });

  it("reads a JPEG's size from its start-of-frame marker, past the other segments", async () => {
    expect(await probe(jpegImage(1080, 1080))).toEqual({
      kind: 'image',
      contentType: 'image/jpeg',
      width: 1080,
      height: 1080,
      durationSeconds: null,
    });
  });

  it("reads an MP4's length from mvhd and its size from the video track's tkhd", async () => {
    expect(await probe(mp4Video(1280, 720, 15))).toEqual({
      kind: 'video',
      contentType: 'video/mp4',
      width: 1280,
      height: 720,
      durationSeconds: 15,
    });
  });

  it('reads a QuickTime movie with moov after mdat, a version-1 mvhd and the video track after the audio one', async () => {
    expect(await probe(quickTime(1920, 1080, 90))).toEqual({
      kind: 'video',
      contentType: 'video/quicktime',
      width: 1920,
      height: 1080,
      durationSeconds: 90,
    });
  });

  it('refuses what is none of them', async () => {
    expect(await probe(Buffer.from('GIF89a\x01\0\x01\0', 'latin1'))).toBeNull();
    expect(await probe(Buffer.from('{"not":"a file"}'))).toBeNull();
    expect(await probe(Buffer.alloc(0))).toBeNull();
    // A movie without a video track (audio only) is not a video for an ad.
    expect(await probe(mp4Video(0, 0, 10))).toBeNull();
  });

  it('calls damaged a file of theirs cut short anywhere', async () => {
    for (const whole of [pngImage(800, 600), jpegImage(800, 600), mp4Video(1280, 720, 10), quickTime(1280, 720, 10)]) {
      for (const cut of [20, 30, whole.length - 80, whole.length - 1])
        expect({ cut, probed: await probe(whole.subarray(0, cut)) }).toEqual({ cut, probed: DAMAGED });
    }
  });

  it('calls damaged a header without the picture or the film it claims', async () => {
    // A PNG's header and end claiming 1200 × 1200, with no rows between them.
    const png = pngImage(1200, 1200);
    const ihdr = png.subarray(0, 8 + 25);
    const iend = png.subarray(png.length - 12);
    expect(await probe(Buffer.concat([ihdr, iend]))).toBe(DAMAGED);
    // The same with rows too few for its size: 1 KB of compressed data cannot hold 4.3 MB of pixels.
    const idat = Buffer.alloc(12 + 1024);
    idat.writeUInt32BE(1024, 0);
    idat.write('IDAT', 4, 'latin1');
    expect(await probe(Buffer.concat([ihdr, idat, iend]))).toBe(DAMAGED);
    // A JPEG's headers up to its frame, then its end marker: no scan at all.
    const jpeg = jpegImage(1080, 1080);
    const frameEnd = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
    expect(await probe(Buffer.concat([jpeg.subarray(0, frameEnd), Buffer.from([0xff, 0xd9])]))).toBe(DAMAGED);
    // A movie whose track lists frames its mdat does not hold, and one without mdat.
    const video = mp4Video(1280, 720, 10);
    expect(await probe(Buffer.concat([video.subarray(0, video.length - 160), mp4Box('mdat', Buffer.alloc(16))]))).toBe(DAMAGED);
    expect(await probe(video.subarray(0, video.length - 168))).toBe(DAMAGED);
  });

  it('calls damaged a PNG claiming 4,294,967,295 × 4,294,967,295 pixels', async () => {
    const png = Buffer.from(pngImage(300, 300));
    png.writeUInt32BE(0xffffffff, 16);
    png.writeUInt32BE(0xffffffff, 20);
    expect(await probe(png)).toBe(DAMAGED);
  });
});

const { media } = adCampaignMessages;
/** The rule each reason names. */
const RULES: Record<string, string> = {
  [media.badFormat]: 'media_bad_format',
  [media.imageTooLarge]: 'media_too_large',
  [media.videoTooLarge]: 'media_too_large',
  [media.imageTooSmall]: 'media_too_small',
  [media.videoTooSmall]: 'media_too_small',
  [media.videoTooLong]: 'video_too_long',
  [media.damaged]: 'media_damaged',
};

describe('checkedMedia (SPEC §5)', () => {
  /** 'ok', or the rule the file breaks as the 400 names it on the body. */
  const code = async (type: string, data: Buffer) => {
    try {
      await checkedMedia({ type, path: await file(data), size: data.length });
      return 'ok';
    } catch (error) {
      const { statusCode, fieldErrors } = error as HttpError;
      expect(statusCode).toBe(400);
      return RULES[fieldErrors?.[0]?.message ?? ''] ?? 'unknown';
    }
  };

  it('takes images from 254×133 px to 8 MB and videos from 500×262 px, up to 120 s and 300 MB', async () => {
    expect(await code('image/png', pngImage(254, 133))).toBe('ok');
    expect(await code('image/jpeg', jpegImage(254, 133))).toBe('ok');
    expect(await code('video/mp4', mp4Video(500, 262, 120))).toBe('ok');
    expect(await code('video/quicktime', quickTime(500, 262, 1))).toBe('ok');
  });

  it('names what is wrong', async () => {
    expect(await code('image/png', pngImage(253, 133))).toBe('media_too_small');
    expect(await code('image/jpeg', jpegImage(254, 132))).toBe('media_too_small');
    expect(await code('image/png', Buffer.concat([pngImage(300, 300), Buffer.alloc(8 * 1024 * 1024)]))).toBe('media_too_large');
    expect(await code('video/mp4', mp4Video(499, 720, 10))).toBe('media_too_small');
    expect(await code('video/mp4', mp4Video(1280, 720, 121))).toBe('video_too_long');
    expect(await code('image/gif', pngImage(800, 600))).toBe('media_bad_format');
    expect(await code('video/mp4', pngImage(800, 600))).toBe('media_bad_format');
    expect(await code('image/png', Buffer.from('not an image at all'))).toBe('media_bad_format');
    expect(await code('image/jpeg', jpegImage(1080, 1080).subarray(0, 21))).toBe('media_damaged');
  });
});
