import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../shared/format';
import { Icon } from './icons';
import * as FileUploadParts from './parts/file-upload';
import { Spinner } from './spinner';

/** The one file of a `FileDrop`, as its owner judges and uploads it. */
export interface DroppedFile {
  name: string;
  size: number;
  /** `failed` carries the words for what went wrong (the owner's rules or the server's), already translated. */
  state: 'uploading' | 'uploaded' | 'failed';
  message?: string | undefined;
}

export interface FileDropProps {
  label: ReactNode;
  /** MIME type → extensions, as the file picker and the drop check take them. */
  accept: Record<string, string[]>;
  /** The formats and limits, already translated. */
  hint: ReactNode;
  file: DroppedFile | null;
  /** The file dropped or picked, whatever its format: the owner judges it. */
  onFileChosen: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean | undefined;
  /** What is wrong with the field as a whole (no file yet), already translated. */
  error?: string | undefined;
}

function UploadIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />
    </svg>
  );
}

/** Drag and drop of a single file (a message header's): its upload's progress, its refusal, and removing it. */
export function FileDrop({ label, accept, hint, file, onFileChosen, onRemove, disabled = false, error }: FileDropProps) {
  const { t } = useTranslation('common');
  const { unit, size } = fileSize(file?.size ?? 0);
  const chosen = (files: File[]) => {
    const [first] = files;
    if (first) onFileChosen(first);
  };
  return (
    <FileUploadParts.Root
      acceptedFiles={[]}
      maxFiles={1}
      accept={accept}
      disabled={disabled}
      invalid={Boolean(error) || file?.state === 'failed'}
      onFileAccept={(details) => chosen(details.files)}
      onFileReject={(details) => chosen(details.files.map((rejection) => rejection.file))}
      translations={{ dropzone: t('ui.fileUpload.dropzone') }}
    >
      <FileUploadParts.Label>{label}</FileUploadParts.Label>
      {file === null ? (
        <FileUploadParts.Dropzone disableClick>
          <UploadIcon />
          <span>{t('ui.fileDrop.dropHere')}</span>
          <FileUploadParts.Trigger>{t('ui.fileDrop.choose')}</FileUploadParts.Trigger>
          <FileUploadParts.Hint>{hint}</FileUploadParts.Hint>
        </FileUploadParts.Dropzone>
      ) : (
        <FileUploadParts.ItemGroup aria-label={t('ui.fileUpload.listLabel')}>
          <FileUploadParts.Item data-invalid={file.state === 'failed' ? '' : undefined}>
            <FileUploadParts.ItemInfo>
              <FileUploadParts.ItemName>{file.name}</FileUploadParts.ItemName>
              <FileUploadParts.ItemMeta>{t(`ui.fileUpload.size.${unit}`, { size })}</FileUploadParts.ItemMeta>
              {file.state === 'failed' ? <FileUploadParts.ErrorText>{file.message}</FileUploadParts.ErrorText> : null}
              {file.state === 'uploading' ? (
                <FileUploadParts.ItemMeta role="status">
                  <Spinner size="sm" />
                  {t('ui.fileUpload.uploading')}
                </FileUploadParts.ItemMeta>
              ) : null}
              {file.state === 'uploaded' ? (
                <FileUploadParts.ItemMeta role="status">
                  <Icon name="check" />
                  {t('ui.fileUpload.uploaded')}
                </FileUploadParts.ItemMeta>
              ) : null}
            </FileUploadParts.ItemInfo>
            <FileUploadParts.ItemActions>
              <FileUploadParts.Action
                type="button"
                disabled={disabled}
                aria-label={t('ui.fileUpload.removeNamed', { name: file.name })}
                onClick={onRemove}
              >
                {t('ui.fileUpload.remove')}
              </FileUploadParts.Action>
            </FileUploadParts.ItemActions>
          </FileUploadParts.Item>
        </FileUploadParts.ItemGroup>
      )}
      <FileUploadParts.HiddenInput />
      {error ? (
        <FileUploadParts.ErrorText asChild>
          <p role="alert">{error}</p>
        </FileUploadParts.ErrorText>
      ) : null}
    </FileUploadParts.Root>
  );
}
