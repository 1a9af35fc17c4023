import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export interface DisconnectDialogProps {
  open: boolean;
  disconnecting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation before Recompra forgets a connection that works through Meta: the social ads token and
 * assets, or the WhatsApp account and number. What was made in Meta stays there; the texts say what stops.
 */
export function DisconnectDialog({
  integration,
  open,
  disconnecting,
  onCancel,
  onConfirm,
}: DisconnectDialogProps & { integration: 'socialAds' | 'messaging' }) {
  const { t } = useTranslation('integrations');
  return (
    <ConfirmDialog
      id={integration === 'socialAds' ? 'social-ads-disconnect' : 'messaging-disconnect'}
      open={open}
      texts={t(`${integration}.disconnectDialog`, { returnObjects: true })}
      pending={disconnecting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
