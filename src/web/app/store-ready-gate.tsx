import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionQueryOptions } from '../api/session';
import { isLastYearMissing, useStoreSync } from '../api/store-sync';
import { StoreFormRoute } from '../features/integrations/routes/store-form-route';
import { FirstImportRoute } from '../features/onboarding/routes/first-import-route';
import { WelcomeGuideRoute } from '../features/onboarding/routes/welcome-guide-route';
import { LoadingScreen } from '../ui/loading-screen';
import { HOME_PATH } from './routes';

/** Sections that show the store's data (SPEC §2: they need a connected store and its last year of orders). */
const DATA_SECTIONS = ['/dashboard', '/segments', '/campaigns', '/whatsapp', '/chat'] as const;

export function isDataPath(path: string): boolean {
  return path === '/' || DATA_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));
}

/**
 * The one place data screens wait for the store: without one, the welcome guide; while the last
 * year of orders downloads (or failed before it was in), the first-integration loading screen.
 */
export function StoreReadyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { data: user } = useQuery(sessionQueryOptions);
  const storeId = user?.store ?? null;
  const sync = useStoreSync(storeId);

  if (!user) return children;
  if (storeId === null) return <WelcomeGuideRoute storeForm={<StoreFormRoute storeId={null} afterCreate={HOME_PATH} />} />;
  if (sync.isPending) return <LoadingScreen layout="inline" label={t('pageLoading')} />;
  // Not knowing how the import goes must not lock the merchant out of the data already there.
  if (sync.isError || !isLastYearMissing(sync.data)) return children;
  return <FirstImportRoute storeId={storeId} sync={sync.data} />;
}
