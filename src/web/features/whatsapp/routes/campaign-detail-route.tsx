import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { components } from '../../../../shared/api/app.gen';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { RouterLink } from '../../../lib/router-link';
import { toaster } from '../../../ui/toaster';
import { useDeleteWhatsappCampaign, useWhatsappCampaign, useWhatsappCampaignRecipients, type WhatsappCampaign } from '../api/campaigns';
import type { RecipientFilter } from '../screens/campaign-detail-chats';
import { CampaignDetailScreen, campaignHasStarted } from '../screens/campaign-detail-screen';
import { WHATSAPP_PATH } from './paths';

type WhatsappCampaignRecipient = components['schemas']['WhatsappCampaignRecipient'];

/** /whatsapp/campaigns/:id: the campaign's state, figures and chats, kept current by the live channel. */
export function WhatsappCampaignDetailRoute() {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const { id } = useParams();
  const campaignId = Number(id);
  const validId = Number.isInteger(campaignId) && campaignId > 0;
  const campaign = useWhatsappCampaign(validId ? storeId : undefined, validId ? campaignId : 0);
  const [filter, setFilter] = useState<RecipientFilter>('all');
  const [page, setPage] = useState(1);
  // Before it sends, a campaign has no chats to ask for.
  const started = validId && campaign.data !== undefined && campaignHasStarted(campaign.data);
  const recipients = useWhatsappCampaignRecipients(storeId, campaignId, { filter, page }, started);
  const [replyTo, setReplyTo] = useState<WhatsappCampaignRecipient | null>(null);
  const deletion = useDeleteWhatsappCampaign(storeId);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const notFound = !validId || (campaign.error instanceof ApiError && campaign.error.status === 404);
  const item: Loadable<WhatsappCampaign | null> = notFound ? { status: 'success', data: null } : loadableOf(campaign);
  const name = campaign.data?.name ?? '';

  return (
    <CampaignDetailScreen
      campaign={item}
      onRetry={() => void campaign.refetch()}
      chats={{
        recipients: loadableOf(recipients),
        onRetry: () => void recipients.refetch(),
        filter,
        onFilterChange: (next) => {
          setFilter(next);
          setPage(1);
        },
        page,
        onPageChange: setPage,
        replyTo,
        onReplyToChange: setReplyTo,
      }}
      whatsappHref={WHATSAPP_PATH}
      deleteOpen={deleteOpen}
      onDeleteOpenChange={setDeleteOpen}
      deleting={deletion.isPending}
      onDeleteConfirm={() =>
        deletion.mutate(campaignId, {
          onSuccess: () => {
            toaster.show({ status: 'success', message: t('whatsappCampaigns.deleted', { name }) });
            void navigate(WHATSAPP_PATH, { replace: true });
          },
          onError: () => {
            setDeleteOpen(false);
            toaster.show({ status: 'error', message: t('whatsappCampaigns.deleteFailed') });
          },
        })
      }
      linkComponent={RouterLink}
    />
  );
}
