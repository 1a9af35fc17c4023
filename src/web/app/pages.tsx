import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router-dom';
import { can } from '../../shared/permissions';
import { type Role, sessionQueryOptions } from '../api/session';
import { storeSyncQueryOptions } from '../api/store-sync';
import { storesQueryOptions } from '../api/stores';
import { subscriptionQueryOptions } from '../features/account/api/subscription';
import { hasPlanAccess } from '../features/account/billing';
import { prefetchAccount, prefetchChangePlan } from '../features/account/routes/prefetch-account';
import { prefetchCampaignForm } from '../features/ad-campaigns/routes/prefetch-campaigns';
import { prefetchDashboard } from '../features/dashboard/routes/prefetch-dashboard';
import { integrationsQueryOptions } from '../features/integrations/api/integrations';
import { prefetchSegmentDetail, prefetchSegmentForm, prefetchSegments } from '../features/segments/routes/prefetch-segments';
import { loadNamespaces } from '../i18n';
import { prefetchFirstSteps } from './first-steps/step-queries';
import { ROUTES, type RouteDef, type ScreenId } from './routes';
import { isDataPath } from './store-ready-gate';

/** Where the app starts: the signed-in user's store and role, the address's query and the record it names. */
interface StartingPoint {
  role: Role;
  storeId: number;
  search: URLSearchParams;
  /** The number in the address (`/segments/:id`), or null for a page that names none (or names it wrongly). */
  recordId: number | null;
}

type PageModule = { default: ComponentType };

/** What a page asks for while the app starts (see `preloadPageAt`). */
type Prefetch = (queryClient: QueryClient, start: StartingPoint) => void;

const screenLoaders: Record<ScreenId, () => Promise<PageModule>> = {
  // The first-steps guide reads several features' data, so the dashboard gets it from here.
  dashboard: () =>
    Promise.all([import('../features/dashboard/routes/dashboard-route'), import('./first-steps/first-steps')]).then(
      ([dashboard, guide]) => ({
        default: () => (
          <dashboard.DashboardRoute
            firstSteps={({ currentYear, openInvestment }, sections) => (
              <guide.FirstSteps currentYear={currentYear} onSetInvestment={openInvestment}>
                {sections}
              </guide.FirstSteps>
            )}
          />
        ),
      }),
    ),
  integrations: () => import('../features/integrations/routes/integrations-route').then((m) => ({ default: m.IntegrationsRoute })),
  login: () => import('../features/session/routes/login-route').then((m) => ({ default: m.LoginRoute })),
  logout: () => import('../features/session/routes/logout-route').then((m) => ({ default: m.LogoutRoute })),
  signup: () => import('../features/session/routes/signup-route').then((m) => ({ default: m.SignupRoute })),
  passwordReset: () => import('../features/session/routes/password-reset-route').then((m) => ({ default: m.PasswordResetRoute })),
  invitation: () => import('../features/session/routes/invitation-route').then((m) => ({ default: m.InvitationRoute })),
  // The account page's "Tienda" tab is the team feature's screen; features never import each other, so they meet here.
  account: () =>
    Promise.all([import('../features/account/routes/account-route'), import('../features/team/routes/team-route')]).then(
      ([account, team]) => ({ default: () => <account.AccountRoute storeTab={<team.TeamRoute />} /> }),
    ),
  changePlan: () => import('../features/account/routes/change-plan-route').then((m) => ({ default: m.ChangePlanRoute })),
  paymentMethod: () => import('../features/account/routes/payment-method-route').then((m) => ({ default: m.PaymentMethodRoute })),
  segments: () => import('../features/segments/routes/segments-route').then((m) => ({ default: m.SegmentsRoute })),
  segmentDetail: () => import('../features/segments/routes/segment-detail-route').then((m) => ({ default: m.SegmentDetailRoute })),
  segmentForm: () => import('../features/segments/routes/segment-form-route').then((m) => ({ default: m.SegmentFormRoute })),
  campaigns: () => import('../features/ad-campaigns/routes/campaigns-route').then((m) => ({ default: m.CampaignsRoute })),
  campaignDetail: () => import('../features/ad-campaigns/routes/campaign-detail-route').then((m) => ({ default: m.CampaignDetailRoute })),
  campaignForm: () => import('../features/ad-campaigns/routes/campaign-form-route').then((m) => ({ default: m.CampaignFormRoute })),
  terms: () => import('../features/legal/routes/legal-routes').then((m) => ({ default: m.TermsRoute })),
  privacy: () => import('../features/legal/routes/legal-routes').then((m) => ({ default: m.PrivacyRoute })),
  underConstruction: () => import('./under-construction-page').then((m) => ({ default: m.UnderConstructionPage })),
};

/**
 * What each page asks for while the app starts. Its code comes with the app's, small as it is: the
 * requests go out as soon as the session names the store, not once the page's code has arrived and run.
 * At a page's default view (no query) the server carries these answers in the page (src/server/platform/
 * pages/page-hints.ts, `PAGE_DATA`), refusals too. A prefetch served a refusal is asked again once the page
 * mounts, so a page whose first answer depends on the store's state (the campaigns list is a 409
 * without Meta) has none: the page's own first request takes the carried answer.
 */
const prefetchers: Partial<Record<ScreenId, Prefetch>> = {
  dashboard: (queryClient, { role, storeId, search }) => {
    prefetchDashboard(queryClient, storeId, search);
    prefetchFirstSteps(queryClient, role, storeId);
  },
  segments: (queryClient, { storeId }) => prefetchSegments(queryClient, storeId),
  segmentDetail: (queryClient, { storeId, recordId, search }) => {
    // Another page or order of the members depends on the address, which the page reads.
    if (recordId !== null && search.size === 0) prefetchSegmentDetail(queryClient, storeId, recordId);
  },
  segmentForm: (queryClient, { storeId, recordId }) => prefetchSegmentForm(queryClient, storeId, recordId),
  campaignForm: (queryClient, { storeId, recordId }) => {
    if (recordId === null) prefetchCampaignForm(queryClient, storeId);
  },
  account: (queryClient) => prefetchAccount(queryClient),
  changePlan: (queryClient, { storeId }) => prefetchChangePlan(queryClient, storeId),
};

/** The record an address names (`/segments/12`), if it names one by a valid number. */
function recordIdOf(params: Record<string, string | undefined>): number | null {
  const id = Number(params.id);
  return params.id !== undefined && /^\d+$/.test(params.id) && id > 0 ? id : null;
}

const loading = new Map<RouteDef, Promise<PageModule>>();

/** A route's page, ready to render: its code chunk and its text groups, fetched together once. */
function loadPage(route: RouteDef): Promise<PageModule> {
  let page = loading.get(route);
  if (!page) {
    page = Promise.all([screenLoaders[route.screen](), loadNamespaces(route.namespaces)]).then(([module]) => module);
    loading.set(route, page);
  }
  return page;
}

function lazyPage(route: RouteDef): LazyExoticComponent<ComponentType> {
  return lazy(() => loadPage(route));
}

/**
 * Starts fetching the page at an address while the app is still starting, with the session and,
 * once it names the store, what the shell, the store-ready gate and the page ask for first: a phone
 * then waits once for all of them instead of for each in turn as the parts render. A failure is
 * left to the parts' own render, which explains it.
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
      prefetchers[route.screen]?.(queryClient, { ...point, search: new URLSearchParams(search), recordId });
    })
    .catch(() => undefined);
}

/** One lazy page per route of the table, created once (nothing loads until a page renders). */
export const PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map(ROUTES.map((route) => [route.path, lazyPage(route)]));
