import type { Ref } from 'react';
import { Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { formatCount } from '../../../../shared/format';
import {
  WHATSAPP_CAMPAIGN_DELAY_UNITS,
  WHATSAPP_CAMPAIGN_EVENTS,
  WHATSAPP_CAMPAIGN_KINDS,
  WHATSAPP_CAMPAIGN_LIMITS,
} from '../../../../shared/whatsapp-campaigns';
import type { Loadable } from '../../../api/loadable';
import { Checkbox } from '../../../ui/checkbox';
import { DateInput, TimeInput } from '../../../ui/date-time-input';
import { TextInput, useFieldErrorText } from '../../../ui/field';
import { FormSection, formLayout } from '../../../ui/form-layout';
import { RadioCardGroup } from '../../../ui/radio-card';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import type { WhatsappCampaignFormValues } from '../forms/campaign-form';
import type { CampaignStepProps } from './campaign-form-props';

const cardText = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const cardName = css({ fontWeight: 'semibold', color: 'fg.default' });
const cardDescription = css({ textStyle: 'note', color: 'fg.muted' });
const status = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted', m: '0' });

export interface CampaignSegmentOption {
  id: number;
  name: string;
}

export interface CampaignGeneralStepProps extends CampaignStepProps {
  register: UseFormRegister<WhatsappCampaignFormValues>;
  segments: Loadable<readonly CampaignSegmentOption[]>;
  timeZone: string;
  titleRef?: Ref<HTMLHeadingElement> | undefined;
}

/** A choice among a few options drawn as cards, each its name and what it means, its error below. */
function ChoiceCards<T extends string>({
  id,
  legend,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  disabled,
  error,
}: {
  id: string;
  legend: string;
  options: readonly { value: T; name: string; description: string }[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  error: string | undefined;
}) {
  return (
    <>
      <RadioCardGroup
        legend={legend}
        name={id}
        value={value}
        onValueChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        options={options.map((option) => ({
          value: option.value,
          content: (
            <span className={cardText}>
              <span className={cardName}>{option.name}</span>
              <span className={cardDescription}>{option.description}</span>
            </span>
          ),
        }))}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={formLayout.alert}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The segment a unique campaign is sent to, or whose new members an automated one greets. */
function SegmentField({
  control,
  errorOf,
  disabled,
  segments,
  helperText,
}: Pick<CampaignGeneralStepProps, 'control' | 'errorOf' | 'disabled' | 'segments'> & { helperText?: string | undefined }) {
  const { t } = useTranslation('createWhatsappCampaign');
  const list = segments.status === 'success' ? segments.data : [];
  return (
    <>
      {segments.status === 'loading' ? (
        <p className={status} role="status" aria-busy="true">
          <Spinner size="sm" />
          {t('general.segmentsLoading')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="segmentId"
        render={({ field }) => (
          <Select
            name={field.name}
            label={t('general.segment')}
            placeholder={t('general.segmentPlaceholder')}
            required
            disabled={disabled || segments.status !== 'success'}
            options={list.map((segment) => ({ value: String(segment.id), label: segment.name }))}
            value={field.value}
            onValueChange={field.onChange}
            error={segments.status === 'error' ? t('general.segmentsFailed') : errorOf('segmentId')}
            helperText={helperText}
          />
        )}
      />
    </>
  );
}

/** Step 1: the name, the kind, and to whom and when: a segment and a moment, or an event with its wait and hours. */
export function CampaignGeneralStep({ control, register, errorOf, disabled, segments, timeZone, titleRef }: CampaignGeneralStepProps) {
  const { t } = useTranslation('createWhatsappCampaign');
  const [name, kind, event, hasDelay, hasWindow] = useWatch({ control, name: ['name', 'kind', 'event', 'hasDelay', 'hasWindow'] });
  const kindError = useFieldErrorText(errorOf('kind'));
  const eventError = useFieldErrorText(errorOf('event'));
  const timeInput = (field: 'sendDate' | 'sendTime' | 'windowStart' | 'windowEnd', label: string, helperText?: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: input }) => {
        const Input = field === 'sendDate' ? DateInput : TimeInput;
        return (
          <Input
            ref={input.ref}
            name={input.name}
            label={label}
            required
            disabled={disabled}
            value={input.value}
            onValueChange={input.onChange}
            onBlur={input.onBlur}
            error={errorOf(field)}
            helperText={helperText}
          />
        );
      }}
    />
  );
  return (
    <FormSection title={t('general.title')} description={t('general.description')} titleRef={titleRef}>
      <TextInput
        label={t('general.name')}
        placeholder={t('general.namePlaceholder')}
        required
        disabled={disabled}
        error={errorOf('name')}
        errorValues={{ max: WHATSAPP_CAMPAIGN_LIMITS.nameMaxLength }}
        helperText={t('counter', { count: formatCount(name.length), max: formatCount(WHATSAPP_CAMPAIGN_LIMITS.nameMaxLength) })}
        {...register('name')}
      />
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <ChoiceCards
            id="whatsapp-campaign-kind"
            legend={t('general.kind')}
            options={WHATSAPP_CAMPAIGN_KINDS.map((value) => ({
              value,
              name: t(`general.kinds.${value}.name`),
              description: t(`general.kinds.${value}.description`),
            }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled}
            error={kindError}
          />
        )}
      />
      {kind === 'unique' ? (
        <>
          <SegmentField control={control} errorOf={errorOf} disabled={disabled} segments={segments} />
          <div className={formLayout.pair}>
            {timeInput('sendDate', t('general.sendDate'))}
            {timeInput('sendTime', t('general.sendTime'), t('general.timeZone', { timeZone }))}
          </div>
        </>
      ) : null}
      {kind === 'automated' ? (
        <>
          <Controller
            control={control}
            name="event"
            render={({ field }) => (
              <ChoiceCards
                id="whatsapp-campaign-event"
                legend={t('general.event')}
                options={WHATSAPP_CAMPAIGN_EVENTS.map((value) => ({
                  value,
                  name: t(`general.events.${value}.name`),
                  description: t(`general.events.${value}.description`),
                }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={disabled}
                error={eventError}
              />
            )}
          />
          {event === 'segmentEntry' ? (
            <SegmentField
              control={control}
              errorOf={errorOf}
              disabled={disabled}
              segments={segments}
              helperText={t('general.segmentEntryHelp')}
            />
          ) : null}
          <div className={formLayout.group}>
            <Controller
              control={control}
              name="hasDelay"
              render={({ field }) => (
                <Checkbox
                  name={field.name}
                  label={t('general.delay.toggle')}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  disabled={disabled}
                  helperText={t('general.delay.help')}
                />
              )}
            />
            {hasDelay ? (
              <div className={formLayout.pair}>
                <TextInput
                  label={t('general.delay.amount')}
                  inputMode="numeric"
                  required
                  disabled={disabled}
                  error={errorOf('delayAmount')}
                  {...register('delayAmount')}
                />
                <Controller
                  control={control}
                  name="delayUnit"
                  render={({ field }) => (
                    <Select
                      name={field.name}
                      label={t('general.delay.unit')}
                      disabled={disabled}
                      options={WHATSAPP_CAMPAIGN_DELAY_UNITS.map((unit) => ({ value: unit, label: t(`general.delay.units.${unit}`) }))}
                      value={field.value}
                      onValueChange={(unit) => {
                        if (unit) field.onChange(unit);
                      }}
                      error={errorOf('delayUnit')}
                    />
                  )}
                />
              </div>
            ) : null}
          </div>
          <div className={formLayout.group}>
            <Controller
              control={control}
              name="hasWindow"
              render={({ field }) => (
                <Checkbox
                  name={field.name}
                  label={t('general.window.toggle')}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  disabled={disabled}
                  helperText={t('general.window.help', { timeZone })}
                />
              )}
            />
            {hasWindow ? (
              <div className={formLayout.pair}>
                {timeInput('windowStart', t('general.window.start'))}
                {timeInput('windowEnd', t('general.window.end'))}
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </FormSection>
  );
}
