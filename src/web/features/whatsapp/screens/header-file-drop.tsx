import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format';
import { WHATSAPP_TEMPLATE_MEDIA, type WhatsappTemplateMediaFormat } from '../../../../shared/whatsapp-templates';
import { FileDrop } from '../../../ui/file-drop';
import { type HeaderFile, headerFileProblem } from '../forms/template-form';

const MEGABYTE = 1024 * 1024;

/** MIME type → extensions of a header format, as the drop zone takes them. */
function acceptOf(format: WhatsappTemplateMediaFormat): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const [extension, type] of Object.entries(WHATSAPP_TEMPLATE_MEDIA[format].formats))
    accept[type] = [...(accept[type] ?? []), `.${extension}`];
  return accept;
}

/** The formats and the size a header of `format` takes, for the texts that name them. */
export const headerFileLimitsOf = (format: WhatsappTemplateMediaFormat) => ({
  formats: Object.keys(WHATSAPP_TEMPLATE_MEDIA[format].formats)
    .map((extension) => extension.toUpperCase())
    .join(', '),
  maxMb: formatCount(WHATSAPP_TEMPLATE_MEDIA[format].maxBytes / MEGABYTE),
});

export interface HeaderFileDropProps {
  format: WhatsappTemplateMediaFormat;
  label: string;
  file: HeaderFile | null;
  /** The file as it stands: read, uploading, uploaded (`uploaded` true, so the form checks it again) or refused. */
  onChange: (file: HeaderFile | null, uploaded: boolean) => void;
  /** Uploads a header's file; rejects with the server's words for what it refused. */
  onUpload: (file: File) => Promise<{ mediaId: number; url: string }>;
  disabled: boolean;
  /** What the form says is wrong with the field (a refused upload speaks for itself). */
  error: string | undefined;
}

/**
 * A message header's file (a template's, or the one a campaign sends instead): the format and size checked
 * as soon as it is chosen, then uploaded at once, its progress and any refusal shown in the drop zone.
 */
export function HeaderFileDrop({ format, label, file, onChange, onUpload, disabled, error }: HeaderFileDropProps) {
  const { t } = useTranslation('createTemplate');
  const choose = async (chosen: File) => {
    const problem = headerFileProblem(format, chosen);
    const base = { name: chosen.name, size: chosen.size };
    if (problem) {
      onChange({ ...base, upload: { state: 'failed', message: t(problem, headerFileLimitsOf(format)) } }, false);
      return;
    }
    onChange({ ...base, upload: { state: 'uploading' } }, false);
    try {
      const { mediaId, url } = await onUpload(chosen);
      onChange({ ...base, url, upload: { state: 'uploaded', mediaId } }, true);
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : t('header.file.uploadFailed');
      onChange({ ...base, upload: { state: 'failed', message } }, false);
    }
  };
  return (
    <FileDrop
      label={label}
      accept={acceptOf(format)}
      hint={t('header.file.hint', headerFileLimitsOf(format))}
      file={
        file
          ? {
              name: file.name,
              size: file.size,
              state: file.upload.state,
              message: file.upload.state === 'failed' ? file.upload.message : undefined,
            }
          : null
      }
      onFileChosen={(chosen) => void choose(chosen)}
      onRemove={() => onChange(null, false)}
      disabled={disabled}
      error={file?.upload.state === 'failed' ? undefined : error}
    />
  );
}
