import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions';
import {
  WHATSAPP_TEMPLATE_ERROR_CODES as CODES,
  WHATSAPP_TEMPLATE_ERRORS,
  type WhatsappTemplateInput,
} from '../../../../shared/whatsapp-templates';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError, serverFieldErrorsOf } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import { uploadHeaderFile, useCreateWhatsappTemplate, useUpdateWhatsappTemplate, useWhatsappTemplate } from '../api/templates';
import { formPathOf } from '../forms/template-form';
import type { TemplateSaveFailure } from '../screens/template-form-props';
import { TemplateFormScreen } from '../screens/template-form-screen';
import { templatePath, WHATSAPP_TEMPLATES_PATH } from './paths';

type Translate = (key: string) => string;

/**
 * SPEC §8's template errors on the form: 2046 on the message, 2047 on the name, 2048 on the phone, in our words
 * when the server named no field; every other field the server refused in its own words.
 */
export function templateServerErrorsOf(error: unknown, t: Translate): Partial<Record<string, string>> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const named = serverFieldErrorsOf(error, formPathOf);
  const own: Partial<Record<string, string>> = {};
  if (error.code === CODES.tooManyVariables) own.body = t(WHATSAPP_TEMPLATE_ERRORS.tooManyVariables);
  if (error.code === CODES.nameTaken) own.name = t('errors.nameTaken');
  if (error.code === CODES.invalidPhoneNumber && !Object.keys(named).some((path) => path.endsWith('phoneNumber')))
    own['buttons.0.phoneNumber'] = t(WHATSAPP_TEMPLATE_ERRORS.phoneInvalid);
  const merged = { ...own, ...named };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** What a failed save means on the form: the fields refused beside them, or the note above the buttons. */
export function templateSaveFailureOf(error: unknown): TemplateSaveFailure | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return { kind: 'other' };
  const { status, code, body } = error;
  if (status === 0) return { kind: 'network' };
  if (status === 409 && code === CODES.notConnected) return { kind: 'notConnected' };
  if (status === 409 && code === CODES.notEditable) return { kind: 'notEditable', message: body?.message ?? '' };
  const onField = code === CODES.tooManyVariables || code === CODES.nameTaken || code === CODES.invalidPhoneNumber;
  if (onField || ((status === 400 || status === 422) && Object.keys(serverFieldErrorsOf(error)).length > 0)) return { kind: 'fields' };
  // Meta's refusal, or another refusal of the server: its message appended to ours (SPEC §8).
  if (status >= 400 && status < 500 && body?.message) return { kind: 'refused', message: body.message };
  return { kind: 'other' };
}

/** What both pages share: the upload, the save and what follows it. */
function useTemplateFormPage(mode: 'create' | 'edit', save: ReturnType<typeof useCreateWhatsappTemplate>) {
  const { t } = useTranslation('toasts');
  const { t: tForm } = useTranslation('createTemplate');
  const navigate = useNavigate();
  const { role, storeId } = useCurrentStore();

  const onUploadHeaderFile = useCallback(
    (file: File) => uploadHeaderFile(storeId, file, tForm('header.file.uploadFailed')),
    [storeId, tForm],
  );

  const saveError = save.error;
  const serverErrors = useMemo(() => templateServerErrorsOf(saveError, tForm as Translate), [saveError, tForm]);

  return {
    whatsappHref: WHATSAPP_TEMPLATES_PATH,
    integrationsHref: can(role, 'updateMetaSettings') ? INTEGRATIONS_PATH : undefined,
    linkComponent: RouterLink,
    onUploadHeaderFile,
    onButtonLimit: () =>
      toaster.show({
        status: 'warning',
        message: t('whatsappTemplates.buttonLimit'),
        description: t('whatsappTemplates.buttonLimitDescription'),
      }),
    // Busy until the detail page replaces this one.
    saving: save.isPending || save.isSuccess,
    serverErrors,
    failure: templateSaveFailureOf(saveError),
    onCancel: () => void navigate(WHATSAPP_TEMPLATES_PATH),
    onSubmit: (input: WhatsappTemplateInput) =>
      save.mutate(input, {
        onSuccess: (template) => {
          toaster.show({
            status: 'success',
            message: t(mode === 'create' ? 'whatsappTemplates.created' : 'whatsappTemplates.updated', { name: template.name }),
            description: t('whatsappTemplates.reviewNote'),
          });
          void navigate(templatePath(template.id));
        },
      }),
  };
}

/** /whatsapp/templates/create. */
export function TemplateFormRoute() {
  const { storeId } = useCurrentStore();
  const create = useCreateWhatsappTemplate(storeId);
  const page = useTemplateFormPage('create', create);
  return <TemplateFormScreen mode="create" {...page} />;
}

/** /whatsapp/templates/:id asked to edit (the detail route hands it over). */
export function EditTemplate({ templateId }: { templateId: number }) {
  const { storeId } = useCurrentStore();
  const template = useWhatsappTemplate(storeId, templateId);
  const update = useUpdateWhatsappTemplate(storeId, templateId);
  const page = useTemplateFormPage('edit', update);
  return (
    <TemplateFormScreen
      mode="edit"
      template={loadableOf(template)}
      onRetry={() => void template.refetch()}
      templateHref={templatePath(templateId)}
      {...page}
    />
  );
}
