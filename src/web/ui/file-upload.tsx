import { type ChangeEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_FORMATS, MEDIA_LIMITS } from '../../shared/constants';
import { fileSize, formatCount } from '../../shared/format';
import { MEDIA_EXTENSIONS, type MediaFileInfo, type MediaSetItem, mediaErrors, mediaKind, mediaSetErrors } from '../../shared/media-rules';
import { Icon } from './icons';
import * as FileUploadParts from './parts/file-upload';
import { Spinner } from './spinner';

/** Where a file's upload to the server stands (ad campaigns upload each file as soon as it is chosen). */
export type MediaUpload =
  | { state: 'uploading' }
  | { state: 'uploaded'; mediaId: number }
  /** The server's words for what it refused (already in Spanish). */
  | { state: 'failed'; message: string };

export interface MediaItem extends MediaSetItem {
  id: string;
  /** Set while the browser reads the file's dimensions and length. */
  reading?: boolean;
  /** The file itself, as chosen (absent for a file uploaded before, shown by its name). */
  file?: File | undefined;
  /** The image chosen as a video's thumbnail. */
  thumbnailFile?: File | undefined;
  /** Shown when the parent uploads the file; absent, nothing is said about uploading. */
  upload?: MediaUpload | undefined;
  thumbnailUpload?: MediaUpload | undefined;
}

export interface FileUploadProps {
  label: ReactNode;
  value: readonly MediaItem[];
  /**
   * Changes the list as it stands when the change is applied (a file's dimensions arrive after other changes,
   * such as an upload's end, may have been made): React's `setState` and react-hook-form's updaters fit.
   */
  onValueChange: (update: (items: MediaItem[]) => MediaItem[]) => void;
  /** The carousel limit of SPEC §9 by default. */
  maxFiles?: number;
  /** Each video needs an image as its thumbnail (ad campaigns). */
  requireThumbnails?: boolean;
  disabled?: boolean;
}

const MEGABYTE = 1024 * 1024;

/** MIME type → extensions, as the file picker and Ark's drop check want them. */
const ACCEPT = Object.entries(MEDIA_FORMATS).reduce<Record<string, string[]>>((accept, [extension, mime]) => {
  accept[mime] = [...(accept[mime] ?? []), `.${extension}`];
  return accept;
}, {});

function megabytes(bytes: number): string {
  return formatCount(Math.ceil(bytes / MEGABYTE));
}

/** Reads what the rules need from a file: image dimensions, or a video's dimensions and length. */
export function readMediaInfo(file: File): Promise<MediaFileInfo> {
  const base: MediaFileInfo = { name: file.name, type: file.type, size: file.size };
  const kind = mediaKind(file);
  if (kind === null) return Promise.resolve(base);
  const url = URL.createObjectURL(file);
  return new Promise<MediaFileInfo>((resolve) => {
    const done = (info: Partial<MediaFileInfo>) => {
      URL.revokeObjectURL(url);
      resolve({ ...base, ...info });
    };
    if (kind === 'image') {
      const image = new Image();
      image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => done({});
      image.src = url;
    } else {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.onloadedmetadata = () => done({ width: video.videoWidth, height: video.videoHeight, duration: video.duration });
      video.onerror = () => done({});
      video.src = url;
    }
  });
}

function UploadIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />
    </svg>
  );
}

const limits = {
  imageMaxMb: megabytes(MEDIA_LIMITS.imageMaxBytes),
  videoMaxMb: megabytes(MEDIA_LIMITS.videoMaxBytes),
  imageMinWidth: MEDIA_LIMITS.imageMinWidth,
  imageMinHeight: MEDIA_LIMITS.imageMinHeight,
  videoMinWidth: MEDIA_LIMITS.videoMinWidth,
  videoMinHeight: MEDIA_LIMITS.videoMinHeight,
  videoMaxSeconds: MEDIA_LIMITS.videoMaxSeconds,
  formats: MEDIA_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', '),
};

/**
 * Drag-and-drop media for ads and messages. Every rule of SPEC §5 is checked here, in the browser,
 * with one Spanish message per broken rule; the server checks the same rules again.
 */
export function FileUpload({
  label,
  value,
  onValueChange,
  maxFiles = MEDIA_LIMITS.carouselMaxFiles,
  requireThumbnails = true,
  disabled = false,
}: FileUploadProps) {
  const { t } = useTranslation('common');
  const sizeText = (bytes: number) => {
    const { unit, size } = fileSize(bytes);
    return t(`ui.fileUpload.size.${unit}`, { size });
  };
  const idPrefix = useId();
  const thumbnailInput = useRef<HTMLInputElement>(null);
  const thumbnailFor = useRef<string | null>(null);
  const tooMany = mediaSetErrors(value, { maxFiles }).includes('tooManyFiles');
  const needsThumbnail = (item: MediaItem) => requireThumbnails && mediaKind(item) === 'video' && !item.thumbnail;

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    const added = files.map((file, index) => ({
      id: `${idPrefix}-${Date.now()}-${index}`,
      name: file.name,
      type: file.type,
      size: file.size,
      reading: true,
      file,
    }));
    onValueChange((items) => [...items, ...added]);
    added.forEach((addition) => {
      void readMediaInfo(addition.file).then((info) => {
        onValueChange((items) => items.map((item) => (item.id === addition.id ? { ...item, ...info, reading: false } : item)));
      });
    });
  }

  function chooseThumbnail(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const id = thumbnailFor.current;
    event.target.value = '';
    if (!file || !id) return;
    onValueChange((items) =>
      items.map((item) => (item.id === id ? { ...item, thumbnail: file.name, thumbnailFile: file, thumbnailUpload: undefined } : item)),
    );
  }

  return (
    <FileUploadParts.Root
      // The list is ours: Ark reads the drop and the picker, the rules above judge every file.
      acceptedFiles={[]}
      maxFiles={Number.MAX_SAFE_INTEGER}
      accept={ACCEPT}
      disabled={disabled}
      invalid={tooMany || value.some((item) => needsThumbnail(item) || mediaErrors(item).length > 0)}
      onFileAccept={(details) => addFiles(details.files)}
      onFileReject={(details) => addFiles(details.files.map((rejection) => rejection.file))}
      translations={{ dropzone: t('ui.fileUpload.dropzone') }}
    >
      <FileUploadParts.Label>{label}</FileUploadParts.Label>
      {/* Dropping is for the mouse; the trigger inside is the one control keyboards and screen readers use. */}
      <FileUploadParts.Dropzone disableClick>
        <UploadIcon />
        <span>{t('ui.fileUpload.dropHere')}</span>
        <FileUploadParts.Trigger>{t('ui.fileUpload.choose')}</FileUploadParts.Trigger>
        <FileUploadParts.Hint>{t('ui.fileUpload.hint', limits)}</FileUploadParts.Hint>
        <FileUploadParts.Hint>{t('ui.fileUpload.hintCount', { count: maxFiles })}</FileUploadParts.Hint>
      </FileUploadParts.Dropzone>
      <FileUploadParts.HiddenInput />
      <input ref={thumbnailInput} type="file" accept="image/png,image/jpeg" hidden onChange={chooseThumbnail} tabIndex={-1} />
      {tooMany ? (
        <FileUploadParts.ErrorText asChild>
          <p role="alert">{t('ui.fileUpload.errors.tooManyFiles', { count: maxFiles })}</p>
        </FileUploadParts.ErrorText>
      ) : null}
      {value.length > 0 ? (
        <FileUploadParts.ItemGroup aria-label={t('ui.fileUpload.listLabel')}>
          {value.map((item) => {
            const errors = item.reading ? [] : mediaErrors(item);
            const missingThumbnail = needsThumbnail(item);
            const meta = item.reading
              ? [t('ui.fileUpload.reading')]
              : [
                  sizeText(item.size),
                  item.width && item.height ? t('ui.fileUpload.dimensions', { width: item.width, height: item.height }) : null,
                  item.duration !== undefined ? t('ui.fileUpload.seconds', { count: Math.round(item.duration) }) : null,
                  item.thumbnail && mediaKind(item) === 'video' ? t('ui.fileUpload.thumbnail', { name: item.thumbnail }) : null,
                ];
            const uploadFailures = [
              item.upload?.state === 'failed' ? item.upload.message : null,
              item.thumbnailUpload?.state === 'failed'
                ? t('ui.fileUpload.thumbnailFailed', { message: item.thumbnailUpload.message })
                : null,
            ].filter((message) => message !== null);
            const uploading = !item.reading && (item.upload?.state === 'uploading' || item.thumbnailUpload?.state === 'uploading');
            const uploaded =
              item.upload?.state === 'uploaded' &&
              (mediaKind(item) !== 'video' || !requireThumbnails || item.thumbnailUpload?.state === 'uploaded');
            return (
              <FileUploadParts.Item
                key={item.id}
                data-invalid={errors.length > 0 || missingThumbnail || uploadFailures.length > 0 ? '' : undefined}
              >
                <FileUploadParts.ItemInfo>
                  <FileUploadParts.ItemName>{item.name}</FileUploadParts.ItemName>
                  <FileUploadParts.ItemMeta>
                    {item.reading ? <Spinner size="sm" /> : null}
                    {meta.filter(Boolean).join(t('ui.fileUpload.separator'))}
                  </FileUploadParts.ItemMeta>
                  {errors.map((error) => (
                    <FileUploadParts.ErrorText key={error}>{t(`ui.fileUpload.errors.${error}`, limits)}</FileUploadParts.ErrorText>
                  ))}
                  {missingThumbnail ? (
                    <FileUploadParts.ErrorText>{t('ui.fileUpload.errors.videoWithoutThumbnail')}</FileUploadParts.ErrorText>
                  ) : null}
                  {uploadFailures.map((message) => (
                    <FileUploadParts.ErrorText key={message}>{message}</FileUploadParts.ErrorText>
                  ))}
                  {uploading ? (
                    <FileUploadParts.ItemMeta role="status">
                      <Spinner size="sm" />
                      {t('ui.fileUpload.uploading')}
                    </FileUploadParts.ItemMeta>
                  ) : uploaded ? (
                    <FileUploadParts.ItemMeta role="status">
                      <Icon name="check" />
                      {t('ui.fileUpload.uploaded')}
                    </FileUploadParts.ItemMeta>
                  ) : null}
                </FileUploadParts.ItemInfo>
                <FileUploadParts.ItemActions>
                  {missingThumbnail ? (
                    <FileUploadParts.Action
                      type="button"
                      disabled={disabled}
                      onClick={() => {
                        thumbnailFor.current = item.id;
                        thumbnailInput.current?.click();
                      }}
                    >
                      {t('ui.fileUpload.chooseThumbnail')}
                    </FileUploadParts.Action>
                  ) : null}
                  <FileUploadParts.Action
                    type="button"
                    disabled={disabled}
                    aria-label={t('ui.fileUpload.removeNamed', { name: item.name })}
                    onClick={() => onValueChange((items) => items.filter((other) => other.id !== item.id))}
                  >
                    {t('ui.fileUpload.remove')}
                  </FileUploadParts.Action>
                </FileUploadParts.ItemActions>
              </FileUploadParts.Item>
            );
          })}
        </FileUploadParts.ItemGroup>
      ) : null}
    </FileUploadParts.Root>
  );
}
