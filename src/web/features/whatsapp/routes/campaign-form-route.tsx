import { type UseQueryResult, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { components } from '../../../../shared/api/app.gen';
import { formatDateTime, TIME_ZONE } from '../../../../shared/format';
import { can } from '../../../../shared/permissions';
import { WHATSAPP_CAMPAIGN_ERROR_CODES } from '../../../../shared/whatsapp-campaigns';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError, serverFieldErrorsOf } from '../../../api/errors';
import { whatsappTemplateKeys } from '../../../api/keys';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { segmentsQueryOptions } from '../../../api/segment-list';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { useNow } from '../../../lib/use-now';
import { toaster } from '../../../ui/toaster';
import { useCreateWhatsappCampaign, useWhatsappCampaignAudience, useWhatsappCampaigns } from '../api/campaigns';
import { whatsappTemplateQueryOptions } from '../api/template-queries';
import { uploadHeaderFile, useWhatsappTemplates } from '../api/templates';
import { type CampaignChoices, formPathOf } from '../forms/campaign-form';
import type { CampaignSegmentOption } from '../screens/campaign-form-general-step';
import type { CampaignSaveFailure } from '../screens/campaign-form-props';
import { WhatsappCampaignFormScreen } from '../screens/campaign-form-screen';
import { CREATE_TEMPLATE_PATH, WHATSAPP_PATH, whatsappCampaignPath } from './paths';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];

/** What a failed save means on the form: the fields refused beside them, or the note above the buttons. */
export function campaignSaveFailureOf(error: unknown): CampaignSaveFailure | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return { kind: 'other' };
  const { status, code, body } = error;
  if (status === 0) return { kind: 'network' };
  if (status === 409 && code === WHATSAPP_CAMPAIGN_ERROR_CODES.notConnected) return { kind: 'notConnected' };
  if (status === 400 && Object.keys(serverFieldErrorsOf(error)).length > 0) return { kind: 'fields' };
  if (status >= 400 && status < 500 && body?.message) return { kind: 'refused', message: body.message };
  return { kind: 'other' };
}

const NO_CHOICES: CampaignChoices = { templateId: null, segmentId: null, event: null };

/** The templates' details as one answer: loading until each is here, failed when one failed. */
function combineDetails(details: readonly UseQueryResult<WhatsappTemplate>[]): Loadable<readonly WhatsappTemplate[]> {
  for (const detail of details) {
    const loaded = loadableOf(detail);
    if (loaded.status === 'error') return loaded;
  }
  const data = details.flatMap((detail) => (detail.data === undefined ? [] : [detail.data]));
  return data.length === details.length ? { status: 'success', data } : { status: 'loading' };
}

/** The approved templates with their content, in the list's order: the list first, then each one's detail. */
function useApprovedTemplates(storeId: number | undefined) {
  const queryClient = useQueryClient();
  const list = useWhatsappTemplates(storeId);
  const approved = (list.data?.templates ?? []).filter((template) => template.status === 'APPROVED');
  // Combined, the answer is a new object only when a detail moves: the form's rules are remade with it.
  const details = useQueries({
    queries: approved.map((template) => whatsappTemplateQueryOptions(storeId, template.id)),
    combine: combineDetails,
  });
  const listed = loadableOf(list);
  return {
    templates: listed.status === 'success' ? details : listed,
    retry: () => void queryClient.invalidateQueries({ queryKey: whatsappTemplateKeys.all(storeId) }),
  };
}

/** /whatsapp/campaigns/create. */
export function WhatsappCampaignFormRoute() {
  const { t } = useTranslation('toasts');
  const { t: tForm } = useTranslation('createWhatsappCampaign');
  const { t: tTemplate } = useTranslation('createTemplate');
  const navigate = useNavigate();
  const now = useNow();
  const { role, storeId } = useCurrentStore();
  const campaigns = useWhatsappCampaigns(storeId);
  const segmentList = useQuery(segmentsQueryOptions(storeId));
  const { templates, retry } = useApprovedTemplates(storeId);
  const [choices, setChoices] = useState<CampaignChoices>(NO_CHOICES);
  const audience = useWhatsappCampaignAudience(storeId, choices);
  const create = useCreateWhatsappCampaign(storeId);

  const { data: segmentData, error: segmentError, isError: segmentsFailed, isFetching: segmentsFetching } = segmentList;
  const segments: Loadable<readonly CampaignSegmentOption[]> = useMemo(() => {
    const loaded = loadableOf({ data: segmentData, error: segmentError, isError: segmentsFailed, isFetching: segmentsFetching });
    if (loaded.status !== 'success') return loaded;
    const named = loaded.data.segments.map((segment) => ({
      id: segment.id,
      name: segment.key ? tForm(`defaultSegments.${segment.key}`) : (segment.name ?? ''),
    }));
    return { status: 'success', data: named };
  }, [segmentData, segmentError, segmentsFailed, segmentsFetching, tForm]);

  const onChoicesChange = useCallback(
    (next: CampaignChoices) =>
      setChoices((current) =>
        current.templateId === next.templateId && current.segmentId === next.segmentId && current.event === next.event ? current : next,
      ),
    [],
  );

  const onUploadHeaderFile = useCallback(
    (file: File) => uploadHeaderFile(storeId, file, tTemplate('header.file.uploadFailed')),
    [storeId, tTemplate],
  );

  const saveError = create.error;
  const serverErrors = useMemo(
    () => (saveError instanceof ApiError ? serverFieldErrorsOf(saveError, (path) => formPathOf(path)) : undefined),
    [saveError],
  );

  return (
    <WhatsappCampaignFormScreen
      whatsappHref={WHATSAPP_PATH}
      createTemplateHref={CREATE_TEMPLATE_PATH}
      integrationsHref={can(role, 'updateMetaSettings') ? INTEGRATIONS_PATH : undefined}
      linkComponent={RouterLink}
      now={now}
      // The store's clock as the server says it; Chile's until the list answers.
      timeZone={campaigns.data?.timeZone ?? TIME_ZONE}
      segments={segments}
      templates={templates}
      onTemplatesRetry={retry}
      audience={choices.templateId === null ? null : loadableOf(audience)}
      onChoicesChange={onChoicesChange}
      onUploadHeaderFile={onUploadHeaderFile}
      // Busy until the detail page replaces this one.
      saving={create.isPending || create.isSuccess}
      serverErrors={serverErrors}
      failure={campaignSaveFailureOf(saveError)}
      onCancel={() => void navigate(WHATSAPP_PATH)}
      onSubmit={(input) =>
        create.mutate(input, {
          onSuccess: (campaign) => {
            toaster.show({
              status: 'success',
              message: t('whatsappCampaigns.created', { name: campaign.name }),
              description:
                campaign.kind === 'unique' && campaign.sendAt
                  ? t('whatsappCampaigns.scheduledNote', { date: formatDateTime(campaign.sendAt) })
                  : t('whatsappCampaigns.activeNote'),
            });
            void navigate(whatsappCampaignPath(campaign.id));
          },
        })
      }
    />
  );
}
