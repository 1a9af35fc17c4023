import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasSignedInIdentity } from '../api/csrf';
import { useLiveUpdates } from '../api/live';
import { sessionQueryOptions } from '../api/session';
import { useUnreadConversationCount } from '../features/chat/api/conversations';
import { pageNavigation } from '../lib/navigation';
import { LoadingScreen } from '../ui/loading-screen';
import { decideAccess, type SessionState } from './access';
import { NotFoundPage } from './not-found-page';
import { AppShell } from './shell/app-shell';
import { RouterLink } from './shell/router-link';
import { ShellBanners } from './shell/shell-banners';
import { ShellStore } from './shell/shell-store';

/**
 * The only place that applies SPEC §2's routing rules: a layout route around every protected page,
 * which renders the matched page only once the session allows it.
 */
export function RoleGuard() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const query = useQuery(sessionQueryOptions);
  const session: SessionState = query.isPending
    ? { status: 'pending' }
    : query.isError
      ? { status: 'error' }
      : { status: 'success', user: query.data };
  const decision = decideAccess({
    pathname: location.pathname,
    search: location.search,
    session,
    hasSignedInIdentity: hasSignedInIdentity(),
  });
  const leaveTo = decision.type === 'leave' ? decision.href : undefined;
  // What changes in the store reaches every page inside the guard while it is open.
  const openStore = decision.type === 'render' || decision.type === 'notFound' ? (decision.user.store ?? undefined) : undefined;
  useLiveUpdates(openStore);
  // The sidebar's chat badge: every role may use the chat, so every signed-in page with a store shows the count.
  const unreadChats = useUnreadConversationCount(openStore, openStore !== undefined).data?.count;
  // The narrow screens' navigation drawer is open on the page it was opened on: it closes by itself
  // once the page it led to opens.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const pathname = location.pathname;
  const onNavOpenChange = useCallback((open: boolean) => setNavOpenOn(open ? pathname : null), [pathname]);

  useEffect(() => {
    if (leaveTo) pageNavigation.assign(leaveTo);
  }, [leaveTo]);

  switch (decision.type) {
    case 'loading':
    case 'leave':
      return <LoadingScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'notFound':
    case 'render':
      return (
        <AppShell
          role={decision.user.role}
          user={decision.user}
          pathname={location.pathname}
          unreadChats={unreadChats}
          linkComponent={RouterLink}
          store={<ShellStore user={decision.user} />}
          banners={<ShellBanners user={decision.user} pathname={location.pathname} />}
          navOpen={navOpenOn === pathname}
          onNavOpenChange={onNavOpenChange}
        >
          {decision.type === 'notFound' ? (
            <NotFoundPage />
          ) : (
            <Suspense fallback={<LoadingScreen layout="inline" label={t('pageLoading')} />}>
              <Outlet />
            </Suspense>
          )}
        </AppShell>
      );
  }
}
