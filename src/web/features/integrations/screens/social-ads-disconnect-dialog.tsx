import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export interface SocialAdsDisconnectDialogProps {
  open: boolean;
  disconnecting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before Recompra forgets the store's Meta token and assets (what was made in Meta stays there). */
export function SocialAdsDisconnectDialog({ open, disconnecting, onCancel, onConfirm }: SocialAdsDisconnectDialogProps) {
  const { t } = useTranslation('integrations');
  return (
    <ConfirmDialog
      id="social-ads-disconnect"
      open={open}
      texts={t('socialAds.disconnectDialog', { returnObjects: true })}
      pending={disconnecting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
