import type { Ref } from 'react';
import { Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AD_CAMPAIGN_LIMITS } from '../../../../shared/constants';
import { CALENDAR_YEARS } from '../../../../shared/date-rules';
import { formatCount, formatMoney } from '../../../../shared/format';
import { Checkbox } from '../../../ui/checkbox';
import { DateInput, TimeInput } from '../../../ui/date-time-input';
import { TextInput } from '../../../ui/field';
import { FormSection } from '../../../ui/form-layout';
import { NumberInput } from '../../../ui/number-input';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import type { CampaignFormValues } from '../forms/campaign-form';
import { campaignFormLayout } from './campaign-form-layout';
import type { CampaignFormOptions, StepProps } from './campaign-form-props';

export interface CampaignInfoStepProps extends StepProps, Pick<CampaignFormOptions, 'adAccount' | 'catalogs' | 'productSets'> {
  register: UseFormRegister<CampaignFormValues>;
  /** Another catalog was chosen: the product set chosen in the last one goes. */
  onCatalogChosen: () => void;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** Step 2: the name, when it runs, what it spends a day, and (retargeting) the catalog it shows. */
export function CampaignInfoStep({
  control,
  register,
  errorOf,
  disabled,
  adAccount,
  catalogs,
  productSets,
  onCatalogChosen,
  titleRef,
}: CampaignInfoStepProps) {
  const { t } = useTranslation('createCampaign');
  const [type, name, noEnd] = useWatch({ control, name: ['type', 'name', 'noEnd'] });
  const account = adAccount.status === 'success' ? adAccount.data : null;
  const minimum = account ? formatMoney(account.minDailyBudget, account.currency) : '';
  return (
    <>
      <FormSection title={t('info.title')} description={t('info.description')} titleRef={titleRef}>
        <TextInput
          label={t('info.name')}
          placeholder={t('info.namePlaceholder')}
          required
          disabled={disabled}
          error={errorOf('name')}
          errorValues={{ max: AD_CAMPAIGN_LIMITS.nameMaxLength }}
          helperText={t('info.counter', { count: name.length, max: AD_CAMPAIGN_LIMITS.nameMaxLength })}
          {...register('name')}
        />
        <DayAndHour control={control} errorOf={errorOf} disabled={disabled} day="startDate" hour="startTime" />
        <Controller
          control={control}
          name="noEnd"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              label={t('info.noEnd')}
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={disabled}
              helperText={t('info.noEndHelper')}
            />
          )}
        />
        {noEnd ? null : <DayAndHour control={control} errorOf={errorOf} disabled={disabled} day="endDate" hour="endTime" />}
        <Controller
          control={control}
          name="dailyBudget"
          render={({ field }) => (
            <NumberInput
              name={field.name}
              label={t('info.budget', { currency: account?.currency ?? 'CLP' })}
              required
              disabled={disabled}
              min={0}
              step={1000}
              value={field.value}
              onValueChange={(details) => field.onChange(details.value)}
              error={errorOf('dailyBudget')}
              errorValues={{ minimum }}
              helperText={account ? t('info.budgetHelper', { minimum }) : t('info.budgetHelperLoading')}
            />
          )}
        />
      </FormSection>
      {type === 'retargeting' ? (
        <CatalogSection
          control={control}
          errorOf={errorOf}
          disabled={disabled}
          catalogs={catalogs}
          productSets={productSets}
          onCatalogChosen={onCatalogChosen}
        />
      ) : null}
    </>
  );
}

/** The day and the hour an instant is made of, on the store's clock: the start's, or the end's. */
function DayAndHour({
  control,
  errorOf,
  disabled,
  day,
  hour,
}: Pick<StepProps, 'control' | 'errorOf' | 'disabled'> & { day: 'startDate' | 'endDate'; hour: 'startTime' | 'endTime' }) {
  const { t } = useTranslation('createCampaign');
  const parts = [
    { name: day, Input: DateInput, errorValues: CALENDAR_YEARS, helperText: undefined },
    // The store's clock, said once beside the start.
    { name: hour, Input: TimeInput, errorValues: undefined, helperText: hour === 'startTime' ? t('info.timeZone') : undefined },
  ];
  return (
    <div className={campaignFormLayout.pair}>
      {parts.map(({ name, Input, errorValues, helperText }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Input
              ref={field.ref}
              name={field.name}
              label={t(`info.${name}`)}
              required
              disabled={disabled}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errorOf(name)}
              errorValues={errorValues}
              helperText={helperText}
            />
          )}
        />
      ))}
    </div>
  );
}

function CatalogSection({
  control,
  errorOf,
  disabled,
  catalogs,
  productSets,
  onCatalogChosen,
}: Pick<StepProps, 'control' | 'errorOf' | 'disabled'> &
  Pick<CampaignFormOptions, 'catalogs' | 'productSets'> & { onCatalogChosen: () => void }) {
  const { t } = useTranslation('createCampaign');
  const catalogId = useWatch({ control, name: 'productCatalogId' });
  const optionsOf = (list: readonly { id: string; name: string; productCount: number }[]) =>
    list.map((item) => ({ value: item.id, label: t('info.catalogOption', { name: item.name, count: formatCount(item.productCount) }) }));
  const catalogList = catalogs?.status === 'success' ? catalogs.data : null;
  const setList = productSets?.status === 'success' ? productSets.data : null;
  // SPEC §8: the catalog has no options, or they cannot be obtained from Meta: said where the choice goes.
  const catalogProblem =
    catalogs?.status === 'error' ? t('info.catalogsUnavailable') : catalogList?.length === 0 ? t('info.noCatalogs') : undefined;
  const setProblem =
    productSets?.status === 'error' ? t('info.productSetsUnavailable') : setList?.length === 0 ? t('info.noProductSets') : undefined;
  return (
    <FormSection title={t('info.catalogTitle')} description={t('info.catalogDescription')}>
      {catalogs === undefined || catalogs.status === 'loading' ? (
        <p className={campaignFormLayout.status} role="status" aria-busy="true">
          <Spinner size="sm" />
          {t('info.catalogsLoading')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="productCatalogId"
        render={({ field }) => (
          <Select
            name={field.name}
            label={t('info.catalog')}
            required
            disabled={disabled || !catalogList || catalogList.length === 0}
            options={optionsOf(catalogList ?? [])}
            value={field.value}
            onValueChange={(value) => {
              if (value !== field.value) onCatalogChosen();
              field.onChange(value);
            }}
            error={catalogProblem ?? errorOf('productCatalogId')}
          />
        )}
      />
      {catalogId !== null && productSets?.status === 'loading' ? (
        <p className={campaignFormLayout.status} role="status" aria-busy="true">
          <Spinner size="sm" />
          {t('info.productSetsLoading')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="productSetId"
        render={({ field }) => (
          <Select
            name={field.name}
            label={t('info.productSet')}
            required
            disabled={disabled || !setList || setList.length === 0}
            options={optionsOf(setList ?? [])}
            value={field.value}
            onValueChange={field.onChange}
            error={catalogId === null ? errorOf('productSetId') : (setProblem ?? errorOf('productSetId'))}
            helperText={catalogId === null ? t('info.productSetFirst') : undefined}
          />
        )}
      />
    </FormSection>
  );
}
