import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { loadableOf } from '../../../api/loadable';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import { useDeleteWhatsappTemplate, useWhatsappTemplate } from '../api/templates';
import { TemplateDetailScreen } from '../screens/template-detail-screen';
import { TEMPLATE_EDIT_PARAM, templateEditPath, WHATSAPP_TEMPLATES_PATH } from './paths';
import { EditTemplate } from './template-form-route';

/** /whatsapp/templates/:id: the template's detail, or its form when the address asks to edit it. */
export function TemplateDetailRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const templateId = Number(id);
  if (search.has(TEMPLATE_EDIT_PARAM)) return <EditTemplate templateId={templateId} />;
  return <TemplateDetail templateId={templateId} />;
}

function TemplateDetail({ templateId }: { templateId: number }) {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const template = useWhatsappTemplate(storeId, templateId);
  const deletion = useDeleteWhatsappTemplate(storeId);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <TemplateDetailScreen
      template={loadableOf(template)}
      onRetry={() => void template.refetch()}
      whatsappHref={WHATSAPP_TEMPLATES_PATH}
      editHref={templateEditPath(templateId)}
      deleteOpen={deleteOpen}
      onDeleteOpenChange={setDeleteOpen}
      deleting={deletion.isPending}
      onDeleteConfirm={() =>
        deletion.mutate(templateId, {
          onSuccess: () => {
            toaster.show({ status: 'success', message: t('whatsappTemplates.deleted', { name: template.data?.name ?? '' }) });
            void navigate(WHATSAPP_TEMPLATES_PATH);
          },
          onError: () => toaster.show({ status: 'error', message: t('whatsappTemplates.deleteFailed') }),
        })
      }
      linkComponent={RouterLink}
    />
  );
}
