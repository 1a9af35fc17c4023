import { type Ref, useEffect, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mediaCountLimits } from '../../../../shared/ad-campaigns';
import { mediaErrors } from '../../../../shared/media-rules';
import { useFieldErrorText } from '../../../ui/field';
import { FileUpload, type MediaItem, type MediaUpload } from '../../../ui/file-upload';
import { FormSection } from '../../../ui/form-layout';
import { RadioGroup } from '../../../ui/radio-group';
import { AD_MEDIA_FORMATS } from '../forms/campaign-form';
import { campaignFormLayout } from './campaign-form-layout';
import type { CampaignFormProps, StepProps } from './campaign-form-props';

export interface CampaignMediaStepProps extends StepProps {
  onUploadMedia: CampaignFormProps['onUploadMedia'];
  /** Changes the files as they stand now (an upload ends after the merchant may have changed them). */
  updateMedia: (update: (items: MediaItem[]) => MediaItem[]) => void;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

type UploadTarget = 'upload' | 'thumbnailUpload';

/** What of a file is waiting to be uploaded: the file itself once it breaks no rule, then a video's thumbnail. */
function pendingUploads(item: MediaItem): { target: UploadTarget; file: File }[] {
  const pending: { target: UploadTarget; file: File }[] = [];
  if (item.reading || mediaErrors(item).length > 0) return pending;
  if (item.file && item.upload === undefined) pending.push({ target: 'upload', file: item.file });
  if (item.thumbnailFile && item.thumbnailUpload === undefined) pending.push({ target: 'thumbnailUpload', file: item.thumbnailFile });
  return pending;
}

/** Step 4: the ads' format and files; each file goes up as soon as it is chosen and breaks no rule. */
export function CampaignMediaStep({ control, errorOf, disabled, onUploadMedia, updateMedia, titleRef }: CampaignMediaStepProps) {
  const { t } = useTranslation('createCampaign');
  const [format, media] = useWatch({ control, name: ['format', 'media'] });
  const { min, max } = mediaCountLimits(format);
  const mediaError = useFieldErrorText(errorOf('media'), { min, max });

  // Each upload starts once, whatever re-renders meanwhile; its end is written on the files as they are then.
  const started = useRef(new Set<string>());
  useEffect(() => {
    for (const item of media) {
      for (const { target, file } of pendingUploads(item)) {
        const key = `${item.id}:${target}:${file.name}:${file.size}:${file.lastModified}`;
        if (started.current.has(key)) continue;
        started.current.add(key);
        const settle = (upload: MediaUpload) =>
          updateMedia((items) =>
            items.map((other) =>
              other.id === item.id && (target === 'upload' ? other.file : other.thumbnailFile) === file
                ? { ...other, [target]: upload }
                : other,
            ),
          );
        settle({ state: 'uploading' });
        onUploadMedia(file).then(
          ({ mediaId }) => settle({ state: 'uploaded', mediaId }),
          (error: unknown) =>
            settle({ state: 'failed', message: error instanceof Error && error.message ? error.message : t('media.uploadFailed') }),
        );
      }
    }
  }, [media, onUploadMedia, updateMedia, t]);

  return (
    <FormSection title={t('media.title')} description={t('media.description')} titleRef={titleRef}>
      <Controller
        control={control}
        name="format"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={t('media.format')}
            orientation="horizontal"
            disabled={disabled}
            options={AD_MEDIA_FORMATS.map((value) => ({ value, label: t(`media.formats.${value}.name`) }))}
            value={field.value}
            onValueChange={(value) => field.onChange(value ?? 'MULTIPLE_ADS')}
            helperText={t(`media.formats.${format}.description`)}
          />
        )}
      />
      <Controller
        control={control}
        name="media"
        render={({ field }) => (
          <FileUpload label={t('media.files')} value={field.value} onValueChange={updateMedia} maxFiles={max} disabled={disabled} />
        )}
      />
      {mediaError ? (
        <p role="alert" className={campaignFormLayout.alert}>
          {mediaError}
        </p>
      ) : null}
    </FormSection>
  );
}
