import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../ui/banner';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a connection, kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * One page-level "Sin conexión" instead of every widget failing on its own: while offline, queries
 * wait (they neither fail nor retry) and what was loaded stays on screen; they resume when the
 * connection comes back.
 */
export function OfflineBanner({ online }: { online: boolean }) {
  const { t } = useTranslation('common');
  return online ? null : <Banner tone="warning" message={t('offline.banner')} />;
}
