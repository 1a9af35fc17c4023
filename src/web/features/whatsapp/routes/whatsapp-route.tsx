import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import { useDeleteWhatsappCampaign, useWhatsappCampaigns } from '../api/campaigns';
import { whatsappNotConnected } from '../api/not-connected';
import { useDeleteWhatsappTemplate, useWhatsappTemplates } from '../api/templates';
import type { CampaignAction, WhatsappCampaignListItem } from '../screens/whatsapp-campaigns-tab';
import {
  type TemplateAction,
  WHATSAPP_TABS,
  WhatsappScreen,
  type WhatsappScreenProps,
  type WhatsappTab,
  type WhatsappTemplateListItem,
} from '../screens/whatsapp-screen';
import { CREATE_TEMPLATE_PATH, CREATE_WHATSAPP_CAMPAIGN_PATH, templateEditPath, templatePath, whatsappCampaignPath } from './paths';

const TAB_PARAM = 'tab';

/** /whatsapp: the campaigns and templates tabs (SPEC §2), the tab in the address. */
export function WhatsappRoute() {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const { role, storeId } = useCurrentStore();
  const [search, setSearch] = useSearchParams();
  const tab: WhatsappTab = WHATSAPP_TABS.find((value) => value === search.get(TAB_PARAM)) ?? 'campaigns';
  const templates = useWhatsappTemplates(storeId);
  const deletion = useDeleteWhatsappTemplate(storeId);
  const [infoOpen, setInfoOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<WhatsappTemplateListItem | null>(null);
  const campaigns = useWhatsappCampaigns(storeId);
  const campaignDeletion = useDeleteWhatsappCampaign(storeId);
  const [campaignDeleteTarget, setCampaignDeleteTarget] = useState<WhatsappCampaignListItem | null>(null);

  const loaded = loadableOf(templates);
  const items: Loadable<readonly WhatsappTemplateListItem[]> =
    loaded.status === 'success' ? { status: 'success', data: loaded.data.templates } : loaded;
  const loadedCampaigns = loadableOf(campaigns);
  const campaignItems: Loadable<readonly WhatsappCampaignListItem[]> =
    loadedCampaigns.status === 'success' ? { status: 'success', data: loadedCampaigns.data.campaigns } : loadedCampaigns;

  const actOnCampaign = (campaign: WhatsappCampaignListItem, action: CampaignAction) => {
    if (action === 'view') void navigate(whatsappCampaignPath(campaign.id));
    else setCampaignDeleteTarget(campaign);
  };

  const confirmCampaignDelete = () => {
    if (!campaignDeleteTarget) return;
    const { name } = campaignDeleteTarget;
    campaignDeletion.mutate(campaignDeleteTarget.id, {
      onSuccess: () => {
        setCampaignDeleteTarget(null);
        toaster.show({ status: 'success', message: t('whatsappCampaigns.deleted', { name }) });
      },
      onError: () => toaster.show({ status: 'error', message: t('whatsappCampaigns.deleteFailed') }),
    });
  };

  const act = (template: WhatsappTemplateListItem, action: TemplateAction) => {
    if (action === 'view') void navigate(templatePath(template.id));
    else if (action === 'edit') void navigate(templateEditPath(template.id));
    else setDeleteTarget(template);
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    const { name } = deleteTarget;
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        toaster.show({ status: 'success', message: t('whatsappTemplates.deleted', { name }) });
      },
      onError: () => toaster.show({ status: 'error', message: t('whatsappTemplates.deleteFailed') }),
    });
  };

  const props: WhatsappScreenProps = {
    tab,
    onTabChange: (value) =>
      setSearch(
        (current) => {
          if (value === 'campaigns') current.delete(TAB_PARAM);
          else current.set(TAB_PARAM, value);
          return current;
        },
        { replace: true },
      ),
    campaigns: campaignItems,
    onCampaignsRetry: () => void campaigns.refetch(),
    hasApprovedTemplate: templates.data ? templates.data.templates.some((template) => template.status === 'APPROVED') : null,
    createCampaignHref: CREATE_WHATSAPP_CAMPAIGN_PATH,
    campaignHref: whatsappCampaignPath,
    onCampaignAction: actOnCampaign,
    campaignDeleteTarget,
    campaignDeleting: campaignDeletion.isPending,
    onCampaignDeleteCancel: () => setCampaignDeleteTarget(null),
    onCampaignDeleteConfirm: confirmCampaignDelete,
    templates: items,
    onRetry: () => void templates.refetch(),
    notConnected: whatsappNotConnected(templates.error) || whatsappNotConnected(campaigns.error),
    // Integrations open to the roles that may manage the Meta business WhatsApp belongs to (SPEC §2: not collaborators).
    integrationsHref: can(role, 'updateMetaSettings') ? INTEGRATIONS_PATH : undefined,
    createTemplateHref: CREATE_TEMPLATE_PATH,
    templateHref: templatePath,
    onTemplateAction: act,
    infoOpen,
    onInfoOpenChange: setInfoOpen,
    deleteTarget,
    deleting: deletion.isPending,
    onDeleteCancel: () => setDeleteTarget(null),
    onDeleteConfirm: confirmDelete,
    linkComponent: RouterLink,
  };
  return <WhatsappScreen {...props} />;
}
