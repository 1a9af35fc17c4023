import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

type CampaignToDelete = Pick<components['schemas']['WhatsappCampaignSummary'], 'name' | 'kind' | 'status'>;

/** Which confirmation a deletion asks (SPEC §4): what is lost depends on how far the campaign went. */
export function deletionKind(campaign: Pick<CampaignToDelete, 'kind' | 'status'>): 'sent' | 'sending' | 'scheduled' | 'automated' {
  if (campaign.kind === 'automated') return 'automated';
  switch (campaign.status) {
    case 'created':
    case 'scheduled':
      return 'scheduled';
    case 'sent':
      return 'sent';
    default:
      return 'sending';
  }
}

export interface CampaignDeleteDialogProps {
  /** The campaign whose deletion is asked; null keeps the dialog closed. */
  campaign: CampaignToDelete | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The one question before deleting a WhatsApp campaign, asked alike from its list and its detail. */
export function CampaignDeleteDialog({ campaign, open, pending, onCancel, onConfirm }: CampaignDeleteDialogProps) {
  const { t } = useTranslation('whatsapp');
  return (
    <ConfirmDialog
      id="whatsapp-campaign-delete"
      open={open && campaign !== null}
      texts={{
        ...t('campaigns.delete', { returnObjects: true, name: campaign?.name ?? '' }),
        description: campaign ? t(`campaigns.delete.description.${deletionKind(campaign)}`) : undefined,
      }}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
