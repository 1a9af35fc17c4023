import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { useWizard } from '../../../lib/use-wizard';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import type { MediaItem } from '../../../ui/file-upload';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { Steps } from '../../../ui/steps';
import {
  CAMPAIGN_STEPS,
  type CampaignFormField,
  type CampaignFormValues,
  campaignFormSchema,
  campaignFormValuesOf,
  EMPTY_CAMPAIGN_FORM,
} from '../forms/campaign-form';
import { CampaignAudienceStep } from './campaign-form-audience-step';
import { CampaignFormFailure } from './campaign-form-failure';
import { CampaignInfoStep } from './campaign-form-info-step';
import { campaignFormLayout } from './campaign-form-layout';
import { CampaignMediaStep } from './campaign-form-media-step';
import type { CampaignFormProps, StepProps } from './campaign-form-props';
import { CampaignTrackingStep } from './campaign-form-tracking-step';
import { CampaignTypeStep } from './campaign-form-type-step';

type AdCampaign = components['schemas']['AdCampaign'];

export interface CampaignFormScreenProps extends CampaignFormProps {
  /** Editing: the campaign as it loads. */
  campaign?: Loadable<AdCampaign> | undefined;
  onRetry?: (() => void) | undefined;
  /** The campaigns list, for the breadcrumbs and the way out of a campaign that cannot be edited. */
  campaignsHref: string;
  linkComponent?: LinkComponent | undefined;
}

/** Create or edit an ad campaign (SPEC §2): the five-step wizard, the campaign loaded first when editing. */
export function CampaignFormScreen({
  campaign,
  onRetry,
  campaignsHref,
  linkComponent: Link = PlainLink,
  ...form
}: CampaignFormScreenProps) {
  const { t } = useTranslation('createCampaign');
  const { t: tCommon } = useTranslation('common');
  const title = form.mode === 'create' ? t('title.create') : t('title.edit');
  // Without a campaign to load (creating, or a story that gives the fields itself) the form shows at once.
  const body =
    form.mode === 'create' || campaign === undefined ? (
      <CampaignForm {...form} linkComponent={Link} />
    ) : (
      <LoadableView
        loadable={campaign}
        loading={<SkeletonGroup className={campaignFormLayout.section} items={[{ lines: 2 }, { lines: 5 }]} />}
        onRetry={onRetry}
      >
        {(loaded) =>
          loaded.editable ? (
            <CampaignForm
              key={loaded.id}
              {...form}
              defaultValues={form.defaultValues ?? campaignFormValuesOf(loaded)}
              linkComponent={Link}
            />
          ) : (
            <EmptyState
              title={t('notEditable.title')}
              description={t(loaded.notEditableReason === 'segmentDeleted' ? 'notEditable.segmentDeleted' : 'notEditable.finished')}
              action={<Link href={campaignsHref}>{t('actions.backToCampaigns')}</Link>}
            />
          )
        }
      </LoadableView>
    );
  return (
    <div className={campaignFormLayout.page}>
      <Breadcrumbs items={[{ href: campaignsHref, label: tCommon('pageTitle.campaigns') }, { label: title }]} linkComponent={Link} />
      <PageHeader title={title} description={t('description')} />
      {body}
    </div>
  );
}

/** The server's words for a field while its value is still the one it refused. */
function useServerErrors(serverErrors: CampaignFormProps['serverErrors'], values: CampaignFormValues) {
  const [refused, setRefused] = useState<{ errors: CampaignFormProps['serverErrors']; values: string }>({ errors: undefined, values: '' });
  if (refused.errors !== serverErrors) setRefused({ errors: serverErrors, values: JSON.stringify(values) });
  const refusedValues = useMemo(() => (refused.values ? (JSON.parse(refused.values) as Record<string, unknown>) : {}), [refused.values]);
  return (field: CampaignFormField): string | undefined => {
    const message = serverErrors?.[field];
    if (message === undefined) return undefined;
    return JSON.stringify(values[field]) === JSON.stringify(refusedValues[field]) ? message : undefined;
  };
}

/** The five steps, one at a time; "Siguiente" checks the step's fields, "Atrás" keeps everything. */
export function CampaignForm({
  mode,
  defaultValues = EMPTY_CAMPAIGN_FORM,
  defaultStep = 0,
  now,
  onUploadMedia,
  onChoicesChange,
  onSubmit,
  onCancel,
  saving = false,
  serverErrors,
  failure,
  integrationsHref,
  linkComponent,
  ...options
}: CampaignFormProps & { linkComponent?: LinkComponent | undefined }) {
  const { t } = useTranslation('createCampaign');
  const stepsId = useId();

  // The rules read the moment, the ad account and the segments as they are when they run.
  const segmentsList = options.segments.status === 'success' ? options.segments.data : undefined;
  const minDailyBudget = options.adAccount.status === 'success' ? options.adAccount.data.minDailyBudget : undefined;
  const schema = useMemo(
    () =>
      campaignFormSchema({
        now,
        minDailyBudget,
        customersOf: (segmentId) => segmentsList?.find((segment) => segment.id === segmentId)?.customers,
      }),
    [now, minDailyBudget, segmentsList],
  );
  const form = useZodForm(schema, { textGroup: 'createCampaign', defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, control, handleSubmit, setValue, getValues, getFieldState, formState } = form;
  const errors: FieldErrors<CampaignFormValues> = formState.errors;
  const values = useWatch({ control }) as CampaignFormValues;
  const serverErrorOf = useServerErrors(serverErrors, values);
  const errorOf: StepProps['errorOf'] = (field) => {
    const own = errors[field];
    return own?.message ? { message: own.message } : serverErrorOf(field);
  };
  const wizard = useWizard({ steps: CAMPAIGN_STEPS, form, defaultStep, serverErrors });
  const { step, current, last, titleRef: stepTitle } = wizard;

  // The container reads Meta's options for the type and catalog chosen.
  const { type, productCatalogId } = values;
  useEffect(() => {
    onChoicesChange?.({ type, productCatalogId });
  }, [type, productCatalogId, onChoicesChange]);

  const updateMedia = useCallback(
    (update: (items: MediaItem[]) => MediaItem[]) =>
      setValue('media', update(getValues('media')), {
        // Checked again once it has been checked (a submit, or "Siguiente" on its step): an error never outlives its cause.
        shouldValidate: formState.isSubmitted || getFieldState('media').invalid,
        shouldDirty: true,
      }),
    [setValue, getValues, getFieldState, formState.isSubmitted],
  );

  const stepProps: StepProps = { control, errors, errorOf, disabled: saving };
  return (
    <form
      className={campaignFormLayout.form}
      noValidate
      aria-busy={saving || undefined}
      onSubmit={handleSubmit(onSubmit, wizard.onInvalid)}
    >
      <Steps
        id={stepsId}
        step={step}
        phoneTitles="current"
        onStepChange={saving ? undefined : wizard.goTo}
        items={CAMPAIGN_STEPS.map(({ id }) => ({ value: id, title: t(`steps.${id}`) }))}
      />
      {current === 'type' ? <CampaignTypeStep {...stepProps} fixed={mode === 'edit'} titleRef={stepTitle} /> : null}
      {current === 'info' ? (
        <CampaignInfoStep
          {...stepProps}
          register={register}
          adAccount={options.adAccount}
          catalogs={options.catalogs}
          productSets={options.productSets}
          onCatalogChosen={() => setValue('productSetId', null)}
          titleRef={stepTitle}
        />
      ) : null}
      {current === 'audience' ? (
        <CampaignAudienceStep
          {...stepProps}
          segments={options.segments}
          locationSearch={options.locationSearch}
          interestSearch={options.interestSearch}
          titleRef={stepTitle}
        />
      ) : null}
      {current === 'media' ? (
        <CampaignMediaStep {...stepProps} onUploadMedia={onUploadMedia} updateMedia={updateMedia} titleRef={stepTitle} />
      ) : null}
      {current === 'tracking' ? <CampaignTrackingStep {...stepProps} register={register} {...options} titleRef={stepTitle} /> : null}
      {failure ? (
        <CampaignFormFailure failure={failure} mode={mode} integrationsHref={integrationsHref} linkComponent={linkComponent} />
      ) : null}
      {/* Keyed per step: "Siguiente" moves on before the browser ends its click, so a footer reused on the
          last step would turn that very button into the submit one. */}
      <div key={last ? 'last' : 'step'} className={campaignFormLayout.footer}>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <div className={campaignFormLayout.buttons}>
          {saving ? (
            <span className={campaignFormLayout.status} role="status">
              <Spinner size="sm" />
              {t(`saving.${mode}`)}
            </span>
          ) : null}
          {step > 0 ? (
            <Button variant="outline" onClick={wizard.back} disabled={saving}>
              {t('actions.back')}
            </Button>
          ) : null}
          {last ? (
            <Button type="submit" disabled={saving}>
              {t(mode === 'create' ? 'actions.create' : 'actions.save')}
            </Button>
          ) : (
            <Button onClick={() => void wizard.next()} disabled={saving}>
              {t('actions.next')}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
