import type { Ref } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { useFieldErrorText } from '../../../ui/field';
import { FormSection } from '../../../ui/form-layout';
import { AD_CAMPAIGN_TYPES } from '../forms/campaign-form';
import { campaignFormLayout } from './campaign-form-layout';
import type { StepProps } from './campaign-form-props';

const cards = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: '3',
  border: 'none',
  p: '0',
  m: '0',
  minW: '0',
});
const card = css({
  position: 'relative',
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  p: '4',
  bg: 'bg.canvas',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { borderColor: 'border.strong' },
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle', boxShadow: '[0 0 0 1px var(--colors-accent-default)]' },
  '&:has(input:focus-visible)': { outline: '[2px solid var(--colors-accent-focus)]', outlineOffset: '0.5' },
  '&:has(input:disabled)': { cursor: 'not-allowed' },
  '&:has(input:disabled):not(:has(input:checked))': { opacity: 0.6 },
});
const radio = css({ mt: '1', w: '4', h: '4', flexShrink: '0', accentColor: 'accent.default' });
const cardText = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const cardName = css({ fontWeight: 'semibold', color: 'fg.default' });
const cardDescription = css({ textStyle: 'note', color: 'fg.muted' });
const legend = css({ srOnly: true });

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
          <fieldset className={cards} aria-invalid={error ? true : undefined} aria-describedby={error ? 'campaign-type-error' : undefined}>
            <legend className={legend}>{t('type.legend')}</legend>
            {AD_CAMPAIGN_TYPES.map((type, index) => (
              <label key={type} className={card}>
                <input
                  ref={index === 0 ? field.ref : undefined}
                  className={radio}
                  type="radio"
                  name={field.name}
                  value={type}
                  checked={field.value === type}
                  onChange={() => field.onChange(type)}
                  onBlur={field.onBlur}
                  disabled={disabled || fixed}
                />
                <span className={cardText}>
                  <span className={cardName}>{t(`type.options.${type}.name`)}</span>
                  <span className={cardDescription}>{t(`type.options.${type}.description`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
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
