import { useId, useMemo } from 'react';
import { type FieldErrors, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { useWizard } from '../../../lib/use-wizard';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { EmptyState } from '../../../ui/empty-state';
import { formLayout } from '../../../ui/form-layout';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { Steps } from '../../../ui/steps';
import { WizardFooter } from '../../../ui/wizard-footer';
import {
  bodyOf,
  EMPTY_TEMPLATE_FORM,
  formFieldOf,
  TEMPLATE_STEPS,
  type TemplateFormValues,
  templateFormSchema,
  templateFormValuesOf,
} from '../forms/template-form';
import { TemplateInfoStep } from './template-form-info-step';
import { TemplateMessageStep } from './template-form-message-step';
import type { TemplateFormProps, TemplateSaveFailure, TemplateStepProps } from './template-form-props';
import { TemplatePreview, type TemplatePreviewContent } from './template-preview';
import { useTemplateStatusNote } from './template-status';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];

export interface TemplateFormScreenProps extends TemplateFormProps {
  /** Editing: the template as it loads. */
  template?: Loadable<WhatsappTemplate> | undefined;
  onRetry?: (() => void) | undefined;
  /** The WhatsApp page (templates tab), for the breadcrumbs. */
  whatsappHref: string;
  /** Editing: the template's detail, the way out when it cannot be edited now. */
  templateHref?: string | undefined;
  linkComponent?: LinkComponent | undefined;
}

export const templateFormLayout = {
  ...formLayout,
  page: css({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' }),
  // The preview goes beside the steps: wider than a form of one column.
  form: cx(formLayout.form, css({ maxW: '6xl' })),
  columns: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' },
    gap: '6',
    alignItems: 'start',
  }),
  aside: css({ display: 'flex', flexDirection: 'column', gap: '3', position: { lg: 'sticky' }, top: { lg: '4' }, minW: '0' }),
  asideTitle: css({ textStyle: 'sectionTitle', color: 'fg.default', m: '0' }),
};

/** Create or edit a template (SPEC §2): two steps beside the live WhatsApp preview, the template loaded first when editing. */
export function TemplateFormScreen({
  template,
  onRetry,
  whatsappHref,
  templateHref,
  linkComponent: Link = PlainLink,
  ...form
}: TemplateFormScreenProps) {
  const { t } = useTranslation('createTemplate');
  const { t: tCommon } = useTranslation('common');
  const { t: tDetail } = useTranslation('templateDetail');
  const noteOf = useTemplateStatusNote();
  const title = form.mode === 'create' ? t('title.create') : t('title.edit');
  const body =
    form.mode === 'create' || template === undefined ? (
      <TemplateForm {...form} linkComponent={Link} />
    ) : (
      <LoadableView
        loadable={template}
        loading={<SkeletonGroup className={templateFormLayout.section} items={[{ lines: 2 }, { lines: 5 }]} />}
        onRetry={onRetry}
      >
        {(loaded) =>
          loaded.editing.allowed ? (
            <TemplateForm
              key={loaded.id}
              {...form}
              defaultValues={form.defaultValues ?? templateFormValuesOf(loaded)}
              rejection={
                loaded.status === 'REJECTED'
                  ? t('rejected', { reason: tDetail(`rejectionReason.${loaded.rejectionReason ?? 'OTHER'}`) })
                  : undefined
              }
              linkComponent={Link}
            />
          ) : (
            <EmptyState
              title={t('notEditable.title')}
              description={noteOf(loaded) ?? tDetail(`notEditable.${loaded.editing.reason === 'disabled' ? 'disabled' : 'inReview'}`)}
              action={templateHref ? <Link href={templateHref}>{t('actions.backToTemplate')}</Link> : undefined}
            />
          )
        }
      </LoadableView>
    );
  return (
    <div className={templateFormLayout.page}>
      <Breadcrumbs items={[{ href: whatsappHref, label: tCommon('pageTitle.whatsapp') }, { label: title }]} linkComponent={Link} />
      <PageHeader title={title} description={t('description')} />
      {body}
    </div>
  );
}

/** The preview's content from the form as it stands. */
function previewOf(values: TemplateFormValues, emptyBody: string): TemplatePreviewContent {
  const input = bodyOf(values);
  return {
    header: {
      format: values.header.format,
      text: values.header.text,
      fileName: values.header.file?.name,
      url: values.header.file?.upload.state === 'uploaded' ? values.header.file.url : undefined,
    },
    // Nothing written yet: the bubble says where the message will show.
    body: values.body.trim() === '' ? emptyBody : values.body,
    footer: input.footer,
    variables: values.variables,
    buttons: values.buttons,
  };
}

function FailureNote({
  failure,
  mode,
  integrationsHref,
  linkComponent,
}: {
  failure: TemplateSaveFailure;
  mode: TemplateFormProps['mode'];
  integrationsHref: string | undefined;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('createTemplate');
  switch (failure.kind) {
    case 'refused':
      return <Banner tone="danger" message={t(`failure.refused.${mode}`, { message: failure.message })} />;
    case 'notEditable':
      return <Banner tone="danger" message={failure.message} />;
    case 'notConnected':
      return (
        <Banner
          tone="danger"
          message={t('failure.notConnected')}
          action={integrationsHref ? { href: integrationsHref, label: t('failure.notConnectedAction') } : undefined}
          linkComponent={linkComponent}
        />
      );
    case 'fields':
      return <Banner tone="danger" message={t('failure.fields')} />;
    case 'network':
      return <Banner tone="danger" message={t('failure.network')} />;
    default:
      return <Banner tone="danger" message={t(`failure.other.${mode}`)} />;
  }
}

/** The two steps, one at a time, beside the preview; "Siguiente" checks the step's fields, "Atrás" keeps everything. */
export function TemplateForm({
  mode,
  defaultValues = EMPTY_TEMPLATE_FORM,
  defaultStep = 0,
  onUploadHeaderFile,
  onButtonLimit,
  onSubmit,
  onCancel,
  saving = false,
  serverErrors,
  failure,
  integrationsHref,
  rejection,
  linkComponent = PlainLink,
}: TemplateFormProps & { rejection?: string | undefined; linkComponent?: LinkComponent | undefined }) {
  const { t } = useTranslation('createTemplate');
  const stepsId = useId();
  const form = useZodForm(templateFormSchema, { textGroup: 'createTemplate', defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, control, handleSubmit, setValue, getValues, formState } = form;
  const errors: FieldErrors<TemplateFormValues> = formState.errors;
  const values = useWatch({ control }) as TemplateFormValues;
  const uploading = values.header?.file?.upload.state === 'uploading';
  // The wizard goes to the step of the first field the server refused, whatever part of it.
  // A new object only for a new refusal: the wizard moves once per refusal.
  const refusedFields = useMemo(
    () =>
      serverErrors
        ? Object.fromEntries(Object.entries(serverErrors).map(([path, message]) => [formFieldOf(path) ?? path, message]))
        : undefined,
    [serverErrors],
  );
  const wizard = useWizard({ steps: TEMPLATE_STEPS, form, defaultStep, serverErrors: refusedFields });
  const { step, current, last, titleRef } = wizard;
  const errorOf: TemplateStepProps['errorOf'] = (path) => {
    const own = get(errors, path) as { message?: string } | undefined;
    return own?.message ? { message: own.message } : serverErrors?.[path];
  };
  const stepProps: TemplateStepProps = { control, register, errors, errorOf, disabled: saving };
  return (
    <form
      className={templateFormLayout.form}
      noValidate
      aria-busy={saving || undefined}
      onSubmit={handleSubmit(onSubmit, wizard.onInvalid)}
    >
      <Steps
        id={stepsId}
        step={step}
        phoneTitles="current"
        onStepChange={saving ? undefined : wizard.goTo}
        items={TEMPLATE_STEPS.map(({ id }) => ({ value: id, title: t(`steps.${id}`) }))}
      />
      {rejection ? <Banner tone="warning" message={rejection} /> : null}
      <div className={templateFormLayout.columns}>
        {current === 'info' ? (
          <TemplateInfoStep {...stepProps} nameFixed={mode === 'edit'} titleRef={titleRef} />
        ) : (
          <TemplateMessageStep
            {...stepProps}
            setValue={setValue}
            getValues={getValues}
            onUploadHeaderFile={onUploadHeaderFile}
            onButtonLimit={onButtonLimit}
            titleRef={titleRef}
          />
        )}
        <aside className={templateFormLayout.aside} aria-labelledby={`${stepsId}-preview`}>
          <h2 id={`${stepsId}-preview`} className={templateFormLayout.asideTitle}>
            {t('preview.title')}
          </h2>
          <TemplatePreview content={previewOf(values, t('preview.empty'))} />
          <p className={templateFormLayout.note}>{t('preview.note')}</p>
        </aside>
      </div>
      {failure ? <FailureNote failure={failure} mode={mode} integrationsHref={integrationsHref} linkComponent={linkComponent} /> : null}
      <WizardFooter
        texts={{
          cancel: t('actions.cancel'),
          back: t('actions.back'),
          next: t('actions.next'),
          // While the header's file is still uploading, sending waits for it (the button says why).
          submit: uploading ? t('actions.waitingForUpload') : t(mode === 'create' ? 'actions.create' : 'actions.save'),
          saving: t(`saving.${mode}`),
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
