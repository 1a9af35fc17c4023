import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/dialog';

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
      title={t('socialAds.disconnectDialog.title')}
      description={t('socialAds.disconnectDialog.description')}
      cancelLabel={t('socialAds.disconnectDialog.cancel')}
      confirmLabel={t('socialAds.disconnectDialog.confirm')}
      busy={disconnecting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
