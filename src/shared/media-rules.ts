import { MEDIA_FORMATS, MEDIA_LIMITS } from './constants';

/** What the browser learnt about one file; dimensions and duration once it has read them. */
export interface MediaFileInfo {
  name: string;
  /** MIME type as the browser reports it; may be empty, then the extension decides. */
  type: string;
  size: number;
  width?: number | undefined;
  height?: number | undefined;
  /** Seconds, videos only. */
  duration?: number | undefined;
}

export type MediaKind = 'image' | 'video';

/** Keys of the Spanish messages under `ui.fileUpload.errors` in common.json. */
export type MediaError = 'invalidFormat' | 'imageTooLarge' | 'imageTooSmall' | 'videoTooLarge' | 'videoTooSmall' | 'videoTooLong';

export type MediaSetError = 'tooManyFiles' | 'videoWithoutThumbnail';

export type MediaFormat = keyof typeof MEDIA_FORMATS;

export const MEDIA_EXTENSIONS = Object.keys(MEDIA_FORMATS) as MediaFormat[];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function isMediaFormat(extension: string): extension is MediaFormat {
  return extension in MEDIA_FORMATS;
}

/** Image or video from the extension (a file's MIME type is often empty for MOV); null when not allowed. */
export function mediaKind(file: Pick<MediaFileInfo, 'name' | 'type'>): MediaKind | null {
  const extension = extensionOf(file.name);
  if (!isMediaFormat(extension)) return null;
  if (file.type && !(Object.values(MEDIA_FORMATS) as string[]).includes(file.type)) return null;
  return MEDIA_FORMATS[extension].startsWith('video/') ? 'video' : 'image';
}

/** Every rule of SPEC §5 a single file breaks; unknown dimensions or duration are not judged. */
export function mediaErrors(file: MediaFileInfo): MediaError[] {
  const kind = mediaKind(file);
  if (kind === null) return ['invalidFormat'];
  const errors: MediaError[] = [];
  const known = file.width !== undefined && file.height !== undefined;
  if (kind === 'image') {
    if (file.size > MEDIA_LIMITS.imageMaxBytes) errors.push('imageTooLarge');
    if (known && (file.width! < MEDIA_LIMITS.imageMinWidth || file.height! < MEDIA_LIMITS.imageMinHeight)) {
      errors.push('imageTooSmall');
    }
  } else {
    if (file.size > MEDIA_LIMITS.videoMaxBytes) errors.push('videoTooLarge');
    if (known && (file.width! < MEDIA_LIMITS.videoMinWidth || file.height! < MEDIA_LIMITS.videoMinHeight)) {
      errors.push('videoTooSmall');
    }
    if (file.duration !== undefined && file.duration > MEDIA_LIMITS.videoMaxSeconds) errors.push('videoTooLong');
  }
  return errors;
}

export interface MediaSetItem extends MediaFileInfo {
  /** Name of the image chosen as the video's thumbnail. */
  thumbnail?: string | undefined;
}

/** Rules over the whole selection: the carousel count and a thumbnail for each video. */
export function mediaSetErrors(items: readonly MediaSetItem[], options: { maxFiles?: number } = {}): MediaSetError[] {
  const errors: MediaSetError[] = [];
  if (items.length > (options.maxFiles ?? MEDIA_LIMITS.carouselMaxFiles)) errors.push('tooManyFiles');
  if (items.some((item) => mediaKind(item) === 'video' && !item.thumbnail)) errors.push('videoWithoutThumbnail');
  return errors;
}
