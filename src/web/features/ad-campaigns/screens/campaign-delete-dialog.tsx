import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export interface CampaignDeleteDialogProps {
  /** The campaign's name while the confirmation is open; null when closed. */
  name: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before a campaign, its ads and its audience are deleted in Meta for good. */
export function CampaignDeleteDialog({ name, deleting, onCancel, onConfirm }: CampaignDeleteDialogProps) {
  const { t } = useTranslation('campaigns');
  return (
    <ConfirmDialog
      id="campaign-delete"
      open={name !== null}
      texts={t('delete', { returnObjects: true, name: name ?? '' })}
      pending={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
