import type { Ref } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { useFieldErrorText } from '../../../ui/field';
import { FormSection } from '../../../ui/form-layout';
import { RadioCardGroup } from '../../../ui/radio-card';
import { AD_CAMPAIGN_TYPES } from '../forms/campaign-form';
import { campaignFormLayout } from './campaign-form-layout';
import type { StepProps } from './campaign-form-props';

const cardText = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const cardName = css({ fontWeight: 'semibold', color: 'fg.default' });
const cardDescription = css({ textStyle: 'note', color: 'fg.muted' });

/** Step 1: what the campaign is for. The type is fixed once the campaign exists. */
export function CampaignTypeStep({
  control,
  errorOf,
  disabled,
  fixed,
  titleRef,
}: StepProps & { fixed: boolean; titleRef?: Ref<HTMLHeadingElement> | undefined }) {
  const { t } = useTranslation('createCampaign');
  const error = useFieldErrorText(errorOf('type'));
  return (
    <FormSection title={t('type.title')} description={fixed ? t('type.fixed') : t('type.description')} titleRef={titleRef}>
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <RadioCardGroup
            legend={t('type.legend')}
            name={field.name}
            value={field.value}
            onValueChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled || fixed}
            invalid={Boolean(error)}
            aria-describedby={error ? 'campaign-type-error' : undefined}
            options={AD_CAMPAIGN_TYPES.map((type) => ({
              value: type,
              content: (
                <span className={cardText}>
                  <span className={cardName}>{t(`type.options.${type}.name`)}</span>
                  <span className={cardDescription}>{t(`type.options.${type}.description`)}</span>
                </span>
              ),
            }))}
          />
        )}
      />
      {error ? (
        <p id="campaign-type-error" role="alert" className={campaignFormLayout.alert}>
          {error}
        </p>
      ) : null}
    </FormSection>
  );
}
