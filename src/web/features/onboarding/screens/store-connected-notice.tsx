import { useTranslation } from 'react-i18next';
import { Banner } from '../../../ui/banner';

export interface StoreConnectedNoticeProps {
  onDismiss: () => void;
}

/**
 * Once the first import is in, above the page that now has its data: the store is connected, and
 * what comes next, said as it is today (there are no plans to choose yet).
 */
export function StoreConnectedNotice({ onDismiss }: StoreConnectedNoticeProps) {
  const { t } = useTranslation('onboarding');
  return (
    <Banner
      tone="success"
      message={
        <>
          <strong>{t('storeConnected.title')}</strong> {t('storeConnected.next')}
        </>
      }
      onDismiss={onDismiss}
    />
  );
}
