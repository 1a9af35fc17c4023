import type { Ref } from 'react';
import { Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { AD_CAMPAIGN_LIMITS } from '../../../../shared/constants';
import { formatDate, formatList, formatMoney } from '../../../../shared/format';
import { Textarea, TextInput } from '../../../ui/field';
import { FormSection } from '../../../ui/form-layout';
import { Select } from '../../../ui/select';
import { AD_CALLS_TO_ACTION, type CampaignFormValues } from '../forms/campaign-form';
import type { CampaignFormOptions, StepProps } from './campaign-form-props';

const L = AD_CAMPAIGN_LIMITS;

export interface CampaignTrackingStepProps
  extends StepProps,
    Pick<CampaignFormOptions, 'adAccount' | 'segments' | 'catalogs' | 'productSets'> {
  register: UseFormRegister<CampaignFormValues>;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** Step 5: what the ads say and where they lead, then the whole campaign at a glance before saving. */
export function CampaignTrackingStep({ control, register, errorOf, disabled, titleRef, ...options }: CampaignTrackingStepProps) {
  const { t } = useTranslation('createCampaign');
  const [mainText, title, description] = useWatch({ control, name: ['mainText', 'title', 'description'] });
  const counter = (text: string, max: number) => t('tracking.counter', { count: text.length, max });
  return (
    <>
      <FormSection title={t('tracking.title')} description={t('tracking.description')} titleRef={titleRef}>
        <Textarea
          label={t('tracking.mainText')}
          required
          rows={4}
          disabled={disabled}
          error={errorOf('mainText')}
          errorValues={{ max: L.mainTextMaxLength }}
          helperText={counter(mainText, L.mainTextMaxLength)}
          {...register('mainText')}
        />
        <TextInput
          label={t('tracking.adTitle')}
          required
          disabled={disabled}
          error={errorOf('title')}
          errorValues={{ max: L.titleMaxLength }}
          helperText={counter(title, L.titleMaxLength)}
          {...register('title')}
        />
        <TextInput
          label={t('tracking.adDescription')}
          required
          disabled={disabled}
          error={errorOf('description')}
          errorValues={{ max: L.descriptionMaxLength }}
          helperText={counter(description, L.descriptionMaxLength)}
          {...register('description')}
        />
        <Controller
          control={control}
          name="callToAction"
          render={({ field }) => (
            <Select
              name={field.name}
              label={t('tracking.callToAction')}
              required
              disabled={disabled}
              options={AD_CALLS_TO_ACTION.map((value) => ({ value, label: t(`tracking.callsToAction.${value}`) }))}
              value={field.value}
              onValueChange={(value) => field.onChange(value ?? field.value)}
              error={errorOf('callToAction')}
            />
          )}
        />
        <TextInput
          type="url"
          inputMode="url"
          label={t('tracking.url')}
          placeholder={t('tracking.urlPlaceholder')}
          required
          disabled={disabled}
          error={errorOf('url')}
          errorValues={{ max: L.urlMaxLength }}
          helperText={t('tracking.urlHelper')}
          {...register('url')}
        />
      </FormSection>
      <CampaignSummary control={control} {...options} />
    </>
  );
}

const list = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 12rem) minmax(0, 1fr)' },
  minW: '0',
  columnGap: '4',
  rowGap: { base: '1', sm: '2' },
  m: '0',
  fontSize: 'sm',
});
const term = css({ color: 'fg.muted', fontWeight: 'medium', mt: { base: '2', sm: '0' } });
const detail = css({ color: 'fg.default', m: '0', overflowWrap: 'anywhere' });
const row = css({ display: 'contents' });
const missing = css({ color: 'fg.muted', fontStyle: 'italic' });

function CampaignSummary({
  control,
  adAccount,
  segments,
  catalogs,
  productSets,
}: Pick<StepProps, 'control'> & Pick<CampaignFormOptions, 'adAccount' | 'segments' | 'catalogs' | 'productSets'>) {
  const { t } = useTranslation('createCampaign');
  const values = useWatch({ control });
  const currency = adAccount.status === 'success' ? adAccount.data.currency : 'CLP';
  const nameIn = (loadable: CampaignFormOptions['catalogs'], id: string | null | undefined) =>
    loadable?.status === 'success' ? loadable.data.find((item) => item.id === id)?.name : undefined;
  const segment = segments.status === 'success' ? segments.data.find((item) => String(item.id) === values.segmentId) : undefined;
  const dateTime = (date: string | undefined, time: string | undefined) =>
    date && time ? t('summary.dateTime', { date: formatDate(date), time }) : undefined;
  const budget =
    values.dailyBudget && /^\d+$/.test(values.dailyBudget.trim()) ? formatMoney(Number(values.dailyBudget), currency) : undefined;
  const rows: [string, string | undefined][] = [
    [t('summary.type'), values.type ? t(`type.options.${values.type}.name`) : undefined],
    [t('summary.name'), values.name?.trim() || undefined],
    [t('summary.start'), dateTime(values.startDate, values.startTime)],
    [t('summary.end'), values.noEnd ? t('summary.noEnd') : dateTime(values.endDate, values.endTime)],
    [t('summary.budget'), budget],
    ...(values.type === 'retargeting'
      ? ([
          [t('summary.catalog'), nameIn(catalogs, values.productCatalogId)],
          [t('summary.productSet'), nameIn(productSets, values.productSetId)],
        ] as [string, string | undefined][])
      : []),
    [t('summary.segment'), segment?.name],
    [
      t('summary.location'),
      values.locations?.length ? formatList(values.locations.map((location) => location?.name ?? '')) : t('audience.wholeCountry'),
    ],
    [t('summary.age'), values.ageMin && values.ageMax ? t('summary.ages', { min: values.ageMin, max: values.ageMax }) : undefined],
    [t('summary.gender'), values.gender ? t(`audience.genders.${values.gender}`) : undefined],
    [
      t('summary.interests'),
      values.interests?.length ? formatList(values.interests.map((interest) => interest?.name ?? '')) : t('summary.none'),
    ],
    [t('summary.format'), values.format ? t(`media.formats.${values.format}.name`) : undefined],
    [
      t('summary.files', { count: values.media?.length ?? 0 }),
      formatList((values.media ?? []).map((item) => item?.name ?? '')) || undefined,
    ],
    [t('summary.callToAction'), values.callToAction ? t(`tracking.callsToAction.${values.callToAction}`) : undefined],
    [t('summary.url'), values.url?.trim() || undefined],
  ];
  return (
    <FormSection title={t('summary.title')} description={t('summary.description')}>
      <dl className={list}>
        {rows.map(([label, value]) => (
          <div key={label} className={row}>
            <dt className={term}>{label}</dt>
            <dd className={detail}>{value ?? <span className={missing}>{t('summary.missing')}</span>}</dd>
          </div>
        ))}
      </dl>
    </FormSection>
  );
}
