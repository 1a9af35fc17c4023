import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '../api/current-store';
import { isLastYearMissing, useStoreSync } from '../api/store-sync';
import { HOME_PATH } from '../lib/paths';
import { LoadingScreen } from '../ui/loading-screen';
import { RouterLink } from './shell/router-link';
import { SubscriptionRequiredState, usePlanRequired } from './subscription-required';

// A store's first minutes only: their code (forms, steps, progress) stays out of every other page's load.
const StoreFormRoute = lazy(() => import('../features/integrations/routes/store-form-route').then((m) => ({ default: m.StoreFormRoute })));
const FirstImportRoute = lazy(() =>
  import('../features/onboarding/routes/first-import-route').then((m) => ({ default: m.FirstImportRoute })),
);
const StoreConnectedNotice = lazy(() =>
  import('../features/onboarding/screens/store-connected-notice').then((m) => ({ default: m.StoreConnectedNotice })),
);
const WelcomeGuideRoute = lazy(() =>
  import('../features/onboarding/routes/welcome-guide-route').then((m) => ({ default: m.WelcomeGuideRoute })),
);

/**
 * The one place data screens wait for the store: without one, the welcome guide; while the last
 * year of orders downloads (or failed before it was in), the first-integration loading screen; once
 * that download ends before the merchant's eyes, the page with "Tienda conectada" and what comes next;
 * without plan or trial, the way to the plans instead of the page (SPEC §1: data needs a subscription).
 */
export function StoreReadyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { user, storeId } = useCurrentStore();
  const sync = useStoreSync(storeId);
  const plan = usePlanRequired(storeId);
  const importing = sync.data !== undefined && isLastYearMissing(sync.data);
  // Only a download watched here ends in the confirmation: a store already imported opens straight away.
  const [watchedImport, setWatchedImport] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // Set while rendering, as React advises for state derived from a change: no extra pass through an effect.
  if (importing && !watchedImport) setWatchedImport(true);
  const loading = <LoadingScreen layout="inline" label={t('pageLoading')} />;

  if (!user) return children;
  if (storeId === undefined)
    return (
      <Suspense fallback={loading}>
        <WelcomeGuideRoute storeForm={<StoreFormRoute storeId={null} afterCreate={HOME_PATH} />} />
      </Suspense>
    );
  // The subscription is read with the import's state, so a page without a plan never starts to load.
  if (sync.isPending || plan.pending) return loading;
  // Not knowing how the import goes must not lock the merchant out of the data already there.
  if (sync.isError || !isLastYearMissing(sync.data)) {
    // The same shape with or without the notice: closing it must not mount the page again.
    return (
      <>
        {watchedImport && !dismissed ? (
          <Suspense fallback={null}>
            <StoreConnectedNotice onDismiss={() => setDismissed(true)} />
          </Suspense>
        ) : null}
        {plan.required ? <SubscriptionRequiredState trialAvailable={plan.trialAvailable} linkComponent={RouterLink} /> : children}
      </>
    );
  }
  return (
    <Suspense fallback={loading}>
      <FirstImportRoute storeId={storeId} sync={sync.data} />
    </Suspense>
  );
}
