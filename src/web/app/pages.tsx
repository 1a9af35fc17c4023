import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router-dom';
import { can } from '../../shared/permissions';
import { sessionQueryOptions } from '../api/session';
import { storeSyncQueryOptions } from '../api/store-sync';
import { storesQueryOptions } from '../api/stores';
import { subscriptionQueryOptions } from '../features/account/api/subscription';
import { hasPlanAccess } from '../features/account/billing';
import { unreadConversationCountQuery } from '../features/chat/api/conversations';
import { integrationsQueryOptions } from '../features/integrations/api/integrations';
import { loadNamespaces } from '../i18n';
import type { PageRoute } from '../lib/routes';
import { isDataPath, ROUTES } from './routes';

type PageModule = { default: ComponentType };

/** The record an address names (`/segments/12`), if it names one by a valid number. */
function recordIdOf(params: Record<string, string | undefined>): number | null {
  const id = Number(params.id);
  return params.id !== undefined && /^\d+$/.test(params.id) && id > 0 ? id : null;
}

const loading = new Map<PageRoute, Promise<PageModule>>();

/** A route's page, ready to render: its code chunk and its text groups, fetched together once. */
function loadPage(route: PageRoute): Promise<PageModule> {
  let page = loading.get(route);
  if (!page) {
    page = Promise.all([route.page.load(), loadNamespaces(route.namespaces)]).then(([component]) => ({ default: component }));
    loading.set(route, page);
  }
  return page;
}

function lazyPage(route: PageRoute): LazyExoticComponent<ComponentType> {
  return lazy(() => loadPage(route));
}

/**
 * Starts fetching the page at an address while the app is still starting, with the session and,
 * once it names the store, what the shell, the store-ready gate and the page ask for first: a phone
 * then waits once for all of them instead of for each in turn as the parts render. A failure is
 * left to the parts' own render, which explains it.
 *
 * What the page asks for is its route's `prefetch`, whose code comes with the app's, small as it is:
 * the requests go out as soon as the session names the store, not once the page's code has arrived
 * and run. At a page's default view (no query) the server carries these answers in the page
 * (src/server/platform/pages/page-hints.ts, `PAGE_DATA`), refusals too. A prefetch served a refusal is
 * asked again once the page mounts, so a page whose first answer depends on the store's state (the
 * campaigns list is a 409 without Meta) has none: the page's own first request takes the carried answer.
 */
export function preloadPageAt({ pathname, search }: Pick<Location, 'pathname' | 'search'>, queryClient: QueryClient): void {
  const [found] = ROUTES.flatMap((route) => {
    const match = matchPath(route.path, pathname);
    return match ? [{ route, recordId: recordIdOf(match.params) }] : [];
  });
  if (!found || found.route.public) return;
  const { route, recordId } = found;
  loadPage(route);
  const store = queryClient.fetchQuery(sessionQueryOptions).then((user) => {
    if (!user) return null;
    // The shell names the store, or offers to switch, from the list.
    void queryClient.prefetchQuery(storesQueryOptions);
    if (user.store === null) return null;
    void queryClient.prefetchQuery(storeSyncQueryOptions(user.store));
    // The sidebar's unread chat count (role-guard.tsx).
    void queryClient.prefetchQuery(unreadConversationCountQuery(user.store));
    const subscription = queryClient.fetchQuery(subscriptionQueryOptions(user.store));
    if (can(user.role, 'getIntegrations')) void queryClient.prefetchQuery(integrationsQueryOptions(user.store));
    return { role: user.role, storeId: user.store, subscription };
  });
  store
    .then(async (start) => {
      if (!start) return;
      // A store without plan or trial shows the way to the plans, not its data: nothing is asked that the server would refuse.
      const { subscription, ...point } = start;
      if (isDataPath(route.path)) {
        const state = await subscription.catch(() => undefined);
        if (state && !hasPlanAccess(state, Date.now())) return;
      }
      route.prefetch?.(queryClient, { ...point, search: new URLSearchParams(search), recordId });
    })
    .catch(() => undefined);
}

/** One lazy page per route of the table, created once (nothing loads until a page renders). */
export const PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map(ROUTES.map((route) => [route.path, lazyPage(route)]));
