import { useEffect, useId, useMemo } from 'react';
import { type FieldErrors, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import type { WhatsappCampaignInput } from '../../../../shared/whatsapp-campaigns';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { useWizard } from '../../../lib/use-wizard';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { PageHeader } from '../../../ui/page-header';
import { Steps } from '../../../ui/steps';
import { WizardFooter } from '../../../ui/wizard-footer';
import {
  type CampaignChoices,
  campaignPreviewOf,
  chosenTemplate,
  EMPTY_WHATSAPP_CAMPAIGN_FORM,
  formFieldOf,
  sendInstantOf,
  WHATSAPP_CAMPAIGN_STEPS,
  type WhatsappCampaignFormValues,
  whatsappCampaignFormSchema,
} from '../forms/campaign-form';
import { CampaignGeneralStep, type CampaignSegmentOption } from './campaign-form-general-step';
import { CampaignMessageStep } from './campaign-form-message-step';
import type { CampaignSaveFailure, CampaignStepProps } from './campaign-form-props';
import { templateFormLayout as layout } from './template-form-screen';
import { TemplatePreview } from './template-preview';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappCampaignAudience = components['schemas']['WhatsappCampaignAudience'];

const NO_TEMPLATES: readonly WhatsappTemplate[] = [];

export interface WhatsappCampaignFormProps {
  /** The moment the rules judge "not in the past" against (milliseconds). */
  now: number;
  /** The store's time zone (IANA): the day and hour are read on its clock, and the form says which it is. */
  timeZone: string;
  segments: Loadable<readonly CampaignSegmentOption[]>;
  /** The store's APPROVED templates with their content: the only ones a campaign can send. */
  templates: Loadable<readonly WhatsappTemplate[]>;
  onTemplatesRetry?: (() => void) | undefined;
  /** What the choices so far reach and cost, with a real customer for the preview; null until a template is chosen. */
  audience: Loadable<WhatsappCampaignAudience> | null;
  /** The choices the audience depends on changed: the container asks for it again. */
  onChoicesChange: (choices: CampaignChoices) => void;
  /** Uploads another header file; rejects with the server's words for what it refused. */
  onUploadHeaderFile: (file: File) => Promise<{ mediaId: number; url: string }>;
  onSubmit: (input: WhatsappCampaignInput) => void;
  onCancel: () => void;
  saving?: boolean | undefined;
  /** The server's words for the fields it refused, by the form's path (`name`, `sendTime`, `variables.codigo`). */
  serverErrors?: Partial<Record<string, string>> | undefined;
  failure?: CampaignSaveFailure | null | undefined;
  /** Where the WhatsApp connection is made (/integrations); absent for roles that cannot open it. */
  integrationsHref?: string | undefined;
  createTemplateHref: string;
  /** A story's fields, or the empty form. */
  defaultValues?: WhatsappCampaignFormValues | undefined;
  /** The step shown first, from 0 (stories start on any). */
  defaultStep?: number | undefined;
  linkComponent?: LinkComponent | undefined;
}

export interface WhatsappCampaignFormScreenProps extends WhatsappCampaignFormProps {
  /** The WhatsApp page (campaigns tab), for the breadcrumbs. */
  whatsappHref: string;
}

/** /whatsapp/campaigns/create (SPEC §2): the two steps beside the live preview. */
export function WhatsappCampaignFormScreen({ whatsappHref, linkComponent: Link = PlainLink, ...form }: WhatsappCampaignFormScreenProps) {
  const { t } = useTranslation('createWhatsappCampaign');
  const { t: tCommon } = useTranslation('common');
  return (
    <div className={layout.page}>
      <Breadcrumbs items={[{ href: whatsappHref, label: tCommon('pageTitle.whatsapp') }, { label: t('title') }]} linkComponent={Link} />
      <PageHeader title={t('title')} description={t('description')} />
      <WhatsappCampaignForm {...form} linkComponent={Link} />
    </div>
  );
}

function FailureNote({
  failure,
  integrationsHref,
  linkComponent,
}: {
  failure: CampaignSaveFailure;
  integrationsHref: string | undefined;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('createWhatsappCampaign');
  switch (failure.kind) {
    case 'notConnected':
      return (
        <Banner
          tone="danger"
          message={t('failure.notConnected')}
          action={integrationsHref ? { href: integrationsHref, label: t('failure.notConnectedAction') } : undefined}
          linkComponent={linkComponent}
        />
      );
    case 'refused':
      return <Banner tone="danger" message={t('failure.refused', { message: failure.message })} />;
    case 'fields':
      return <Banner tone="danger" message={t('failure.fields')} />;
    case 'network':
      return <Banner tone="danger" message={t('failure.network')} />;
    default:
      return <Banner tone="danger" message={t('failure.other')} />;
  }
}

/** The two steps, one at a time, beside the preview; "Siguiente" checks the step's fields, "Atrás" keeps everything. */
export function WhatsappCampaignForm({
  now,
  timeZone,
  segments,
  templates,
  onTemplatesRetry,
  audience,
  onChoicesChange,
  onUploadHeaderFile,
  onSubmit,
  onCancel,
  saving = false,
  serverErrors,
  failure,
  integrationsHref,
  createTemplateHref,
  defaultValues = EMPTY_WHATSAPP_CAMPAIGN_FORM,
  defaultStep = 0,
  linkComponent = PlainLink,
}: WhatsappCampaignFormProps) {
  const { t } = useTranslation('createWhatsappCampaign');
  const stepsId = useId();
  const list = templates.status === 'success' ? templates.data : NO_TEMPLATES;
  // The rules read the moment, the store's clock and the templates as they are when they run.
  const schema = useMemo(() => whatsappCampaignFormSchema({ now, timeZone, templates: list }), [now, timeZone, list]);
  const form = useZodForm(schema, { textGroup: 'createWhatsappCampaign', defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, control, handleSubmit, setValue, formState } = form;
  const errors: FieldErrors<WhatsappCampaignFormValues> = formState.errors;
  const values = useWatch({ control }) as WhatsappCampaignFormValues;
  const template = chosenTemplate(values, list);

  // The wizard goes to the step of the first field the server refused, whatever part of it.
  const refusedFields = useMemo(
    () =>
      serverErrors
        ? Object.fromEntries(Object.entries(serverErrors).map(([path, message]) => [formFieldOf(path) ?? path, message]))
        : undefined,
    [serverErrors],
  );
  const wizard = useWizard({ steps: WHATSAPP_CAMPAIGN_STEPS, form, defaultStep, serverErrors: refusedFields });
  const { step, current, last, titleRef } = wizard;
  const errorOf: CampaignStepProps['errorOf'] = (path) => {
    const own = get(errors, path) as { message?: string } | undefined;
    return own?.message ? { message: own.message } : serverErrors?.[path];
  };

  // The container asks what these choices reach (and for a customer to fill the preview with).
  const { kind, event, segmentId, templateId } = values;
  useEffect(() => {
    const withSegment = kind === 'unique' || (kind === 'automated' && event === 'segmentEntry');
    onChoicesChange({
      templateId: templateId === null ? null : Number(templateId),
      segmentId: withSegment && segmentId !== null ? Number(segmentId) : null,
      event: kind === 'automated' ? event : null,
    });
  }, [kind, event, segmentId, templateId, onChoicesChange]);

  const sendAt = (kind === 'unique' ? sendInstantOf(values.sendDate, values.sendTime, timeZone) : null) ?? now;
  const sample = audience?.status === 'success' ? audience.data.sample : null;
  const uploading = values.headerFile?.upload.state === 'uploading';
  const stepProps: CampaignStepProps = { control, errorOf, disabled: saving };
  const sampleName = [sample?.firstName, sample?.lastName].filter(Boolean).join(' ');
  const previewNote = !template
    ? null
    : audience?.status === 'loading'
      ? t('preview.loading')
      : sampleName
        ? t('preview.sample', { name: sampleName })
        : t('preview.noSample');
  return (
    <form className={layout.form} noValidate aria-busy={saving || undefined} onSubmit={handleSubmit(onSubmit, wizard.onInvalid)}>
      <Steps
        id={stepsId}
        step={step}
        phoneTitles="current"
        onStepChange={saving ? undefined : wizard.goTo}
        items={WHATSAPP_CAMPAIGN_STEPS.map(({ id }) => ({ value: id, title: t(`steps.${id}`) }))}
      />
      <div className={layout.columns}>
        {current === 'general' ? (
          <CampaignGeneralStep {...stepProps} register={register} segments={segments} timeZone={timeZone} titleRef={titleRef} />
        ) : (
          <CampaignMessageStep
            {...stepProps}
            register={register}
            setValue={setValue}
            templates={templates}
            onTemplatesRetry={onTemplatesRetry}
            audience={audience}
            sendAt={sendAt}
            onUploadHeaderFile={onUploadHeaderFile}
            createTemplateHref={createTemplateHref}
            linkComponent={linkComponent}
            titleRef={titleRef}
          />
        )}
        <aside className={layout.aside} aria-labelledby={`${stepsId}-preview`}>
          <h2 id={`${stepsId}-preview`} className={layout.asideTitle}>
            {t('preview.title')}
          </h2>
          {template ? (
            <TemplatePreview content={campaignPreviewOf(template, values, sample)} />
          ) : (
            <p className={layout.note}>{t('preview.empty')}</p>
          )}
          {previewNote ? <p className={layout.note}>{previewNote}</p> : null}
        </aside>
      </div>
      {failure ? <FailureNote failure={failure} integrationsHref={integrationsHref} linkComponent={linkComponent} /> : null}
      <WizardFooter
        texts={{
          cancel: t('actions.cancel'),
          back: t('actions.back'),
          next: t('actions.next'),
          // While the header's file is still uploading, sending waits for it (the button says why).
          submit: uploading ? t('actions.waitingForUpload') : t(kind === 'unique' ? 'actions.schedule' : 'actions.create'),
          saving: t('saving'),
        }}
        step={step}
        last={last}
        saving={saving}
        submitWaiting={uploading}
        onCancel={onCancel}
        onBack={wizard.back}
        onNext={() => void wizard.next()}
      />
    </form>
  );
}
