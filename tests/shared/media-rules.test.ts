import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '../../src/shared/constants';
import { mediaErrors, mediaKind, mediaSetErrors } from '../../src/shared/media-rules';

const MB = 1024 * 1024;
const image = { name: 'portada.jpg', type: 'image/jpeg', size: 2 * MB, width: 1080, height: 1080 };
const video = { name: 'promo.mp4', type: 'video/mp4', size: 50 * MB, width: 1920, height: 1080, duration: 30 };

describe('mediaKind', () => {
  it('accepts the formats of SPEC §5 in any letter case', () => {
    expect(mediaKind({ name: 'a.PNG', type: 'image/png' })).toBe('image');
    expect(mediaKind({ name: 'a.jpeg', type: '' })).toBe('image');
    expect(mediaKind({ name: 'clip.MOV', type: '' })).toBe('video');
    expect(mediaKind({ name: 'clip.mov', type: 'video/quicktime' })).toBe('video');
  });
  it('rejects other formats and a disguised file', () => {
    expect(mediaKind({ name: 'a.gif', type: 'image/gif' })).toBeNull();
    expect(mediaKind({ name: 'doc.pdf', type: 'application/pdf' })).toBeNull();
    expect(mediaKind({ name: 'sin-extension', type: '' })).toBeNull();
    expect(mediaKind({ name: 'a.png', type: 'application/x-msdownload' })).toBeNull();
  });
});

describe('mediaErrors', () => {
  it('passes files within every limit', () => {
    expect(mediaErrors(image)).toEqual([]);
    expect(mediaErrors(video)).toEqual([]);
  });
  it('passes files exactly at the limits', () => {
    expect(mediaErrors({ ...image, size: MEDIA_LIMITS.imageMaxBytes, width: 254, height: 133 })).toEqual([]);
    expect(mediaErrors({ ...video, size: MEDIA_LIMITS.videoMaxBytes, width: 500, height: 262, duration: 120 })).toEqual([]);
  });
  it('names each broken image rule', () => {
    expect(mediaErrors({ ...image, size: 8 * MB + 1 })).toEqual(['imageTooLarge']);
    expect(mediaErrors({ ...image, width: 253 })).toEqual(['imageTooSmall']);
    expect(mediaErrors({ ...image, height: 132 })).toEqual(['imageTooSmall']);
    expect(mediaErrors({ ...image, size: 9 * MB, width: 100, height: 100 })).toEqual(['imageTooLarge', 'imageTooSmall']);
  });
  it('names each broken video rule', () => {
    expect(mediaErrors({ ...video, size: MEDIA_LIMITS.videoMaxBytes + 1 })).toEqual(['videoTooLarge']);
    expect(mediaErrors({ ...video, width: 499 })).toEqual(['videoTooSmall']);
    expect(mediaErrors({ ...video, duration: 120.5 })).toEqual(['videoTooLong']);
  });
  it('does not judge what the browser could not read yet', () => {
    expect(mediaErrors({ name: 'a.png', type: 'image/png', size: MB })).toEqual([]);
  });
  it('reports only the format for a file it does not accept', () => {
    expect(mediaErrors({ name: 'a.gif', type: 'image/gif', size: 20 * MB })).toEqual(['invalidFormat']);
  });
});

describe('mediaSetErrors', () => {
  it('allows up to ten carousel files', () => {
    expect(mediaSetErrors(Array.from({ length: 10 }, () => image))).toEqual([]);
    expect(mediaSetErrors(Array.from({ length: 11 }, () => image))).toEqual(['tooManyFiles']);
    expect(mediaSetErrors([image, image], { maxFiles: 1 })).toEqual(['tooManyFiles']);
  });
  it('asks for a thumbnail for each video', () => {
    expect(mediaSetErrors([video])).toEqual(['videoWithoutThumbnail']);
    expect(mediaSetErrors([{ ...video, thumbnail: 'portada.jpg' }, image])).toEqual([]);
  });
});
