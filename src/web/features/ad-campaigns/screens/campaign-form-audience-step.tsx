import { type Ref, useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AD_CAMPAIGN_LIMITS } from '../../../../shared/constants';
import { formatCount } from '../../../../shared/format';
import { AgeRange } from '../../../ui/age-range';
import { useFieldErrorText } from '../../../ui/field';
import { FormSection } from '../../../ui/form-layout';
import { RadioGroup } from '../../../ui/radio-group';
import { SearchSelect, type SearchSelectOption } from '../../../ui/search-select';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { AD_CAMPAIGN_GENDERS, type AdCampaignInterest, type AdCampaignLocation } from '../forms/campaign-form';
import { campaignFormLayout } from './campaign-form-layout';
import type { CampaignFormOptions, CampaignSegment, MetaInterest, MetaLocation, StepProps } from './campaign-form-props';

export interface CampaignAudienceStepProps extends StepProps, Pick<CampaignFormOptions, 'segments' | 'locationSearch' | 'interestSearch'> {
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

const L = AD_CAMPAIGN_LIMITS;

/** Step 3: who sees the ads: a segment, narrowed by place, age, gender and interests. */
export function CampaignAudienceStep({
  control,
  errorOf,
  disabled,
  segments,
  locationSearch,
  interestSearch,
  titleRef,
}: CampaignAudienceStepProps) {
  const { t } = useTranslation('createCampaign');
  const ageId = useId();
  const ageError = useFieldErrorText(errorOf('ageMin') ?? errorOf('ageMax'), { min: L.ageMin, max: L.ageMax });
  const genderError = useFieldErrorText(errorOf('gender'));
  const cityOf = (region: string | null) => (region ? t('audience.cityOf', { region }) : t('audience.regionKind'));
  const locationOption = (location: AdCampaignLocation | MetaLocation): SearchSelectOption => ({
    value: location.key,
    label: location.name,
    description: location.type === 'region' ? t('audience.regionKind') : cityOf(location.region),
  });
  const interestOption = (interest: AdCampaignInterest | MetaInterest): SearchSelectOption => ({
    value: interest.id,
    label: interest.name,
    description:
      'audienceSizeLowerBound' in interest
        ? t('audience.interestAudience', {
            from: formatCount(interest.audienceSizeLowerBound),
            to: formatCount(interest.audienceSizeUpperBound),
          })
        : undefined,
  });
  return (
    <FormSection title={t('audience.title')} description={t('audience.description')} titleRef={titleRef}>
      <SegmentField control={control} errorOf={errorOf} disabled={disabled} segments={segments} />
      <Controller
        control={control}
        name="locations"
        render={({ field }) => (
          <SearchSelect
            label={t('audience.location')}
            placeholder={t('audience.locationPlaceholder')}
            helperText={t('audience.locationHelper')}
            emptyValueText={t('audience.wholeCountry')}
            disabled={disabled}
            max={L.locationsMax}
            value={field.value.map(locationOption)}
            onValueChange={(chosen) =>
              field.onChange(
                chosen.map(
                  ({ value }) =>
                    field.value.find((location) => location.key === value) ??
                    toLocation(locationSearch.results.find((location) => location.key === value)),
                ),
              )
            }
            query={locationSearch.query}
            onQueryChange={locationSearch.onQueryChange}
            options={locationSearch.results.map(locationOption)}
            searching={locationSearch.searching}
            error={locationSearch.failed ? t('audience.searchFailed') : errorOf('locations')}
            errorValues={{ max: L.locationsMax }}
          />
        )}
      />
      <Controller
        control={control}
        name="ageMin"
        render={({ field: min }) => (
          <Controller
            control={control}
            name="ageMax"
            render={({ field: max }) => (
              <AgeRange
                id={ageId}
                legend={t('audience.ageLegend')}
                minLabel={t('audience.ageMin')}
                maxLabel={t('audience.ageMax')}
                lowest={L.ageMin}
                disabled={disabled}
                value={{ min: min.value, max: max.value }}
                onValueChange={(value) => {
                  if (value.min !== min.value) min.onChange(value.min);
                  if (value.max !== max.value) max.onChange(value.max);
                }}
                error={ageError}
                helperText={t('audience.ageHelper', { min: L.ageMin, max: L.ageMax })}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={t('audience.gender')}
            orientation="horizontal"
            disabled={disabled}
            options={AD_CAMPAIGN_GENDERS.map((gender) => ({ value: gender, label: t(`audience.genders.${gender}`) }))}
            value={field.value}
            onValueChange={(value) => field.onChange(value ?? 'all')}
            error={genderError}
          />
        )}
      />
      <Controller
        control={control}
        name="interests"
        render={({ field }) => (
          <SearchSelect
            label={t('audience.interests')}
            placeholder={t('audience.interestsPlaceholder')}
            helperText={t('audience.interestsHelper')}
            disabled={disabled}
            max={L.interestsMax}
            value={field.value.map(interestOption)}
            onValueChange={(chosen) =>
              field.onChange(
                chosen.map(({ value, label }) => field.value.find((interest) => interest.id === value) ?? { id: value, name: label }),
              )
            }
            query={interestSearch.query}
            onQueryChange={interestSearch.onQueryChange}
            options={interestSearch.results.map(interestOption)}
            searching={interestSearch.searching}
            error={interestSearch.failed ? t('audience.searchFailed') : errorOf('interests')}
            errorValues={{ max: L.interestsMax }}
          />
        )}
      />
    </FormSection>
  );
}

/** A place Meta found, as the campaign keeps it. */
function toLocation(location: MetaLocation | undefined): AdCampaignLocation {
  if (!location) throw new Error('A chosen place is neither kept nor among the results.');
  return { key: location.key, name: location.name, type: location.type, region: location.region };
}

function SegmentField({
  control,
  errorOf,
  disabled,
  segments,
}: Pick<StepProps, 'control' | 'errorOf' | 'disabled'> & { segments: CampaignFormOptions['segments'] }) {
  const { t } = useTranslation('createCampaign');
  const segmentId = useWatch({ control, name: 'segmentId' });
  const list: readonly CampaignSegment[] = segments.status === 'success' ? segments.data : [];
  const chosen = list.find((segment) => String(segment.id) === segmentId);
  const optionLabel = (segment: CampaignSegment) =>
    segment.customers === null
      ? t('audience.segmentOptionBuilding', { name: segment.name })
      : t('audience.segmentOption', { name: segment.name, count: segment.customers, formattedCount: formatCount(segment.customers) });
  const size =
    chosen === undefined
      ? t('audience.segmentMinimum', { min: formatCount(L.audienceMin) })
      : chosen.customers === null
        ? t('audience.segmentBuilding')
        : t('audience.segmentSize', { count: chosen.customers, formattedCount: formatCount(chosen.customers) });
  return (
    <>
      {segments.status === 'loading' ? (
        <p className={campaignFormLayout.status} role="status" aria-busy="true">
          <Spinner size="sm" />
          {t('audience.segmentsLoading')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="segmentId"
        render={({ field }) => (
          <Select
            name={field.name}
            label={t('audience.segment')}
            placeholder={t('audience.segmentPlaceholder')}
            required
            disabled={disabled || segments.status !== 'success'}
            options={list.map((segment) => ({ value: String(segment.id), label: optionLabel(segment) }))}
            value={field.value}
            onValueChange={field.onChange}
            error={segments.status === 'error' ? t('audience.segmentsFailed') : errorOf('segmentId')}
            errorValues={{ min: formatCount(L.audienceMin) }}
            helperText={size}
          />
        )}
      />
    </>
  );
}
