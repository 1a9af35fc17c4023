import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadNamespaces } from '../i18n';
import { ROUTES, type RouteDef, type ScreenId } from './routes';

type PageModule = { default: ComponentType };

const screenLoaders: Record<ScreenId, () => Promise<PageModule>> = {
  dashboard: () => import('../features/dashboard/routes/dashboard-route').then((m) => ({ default: m.DashboardRoute })),
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
  underConstruction: () => import('./under-construction-page').then((m) => ({ default: m.UnderConstructionPage })),
};

/** A route's page: its code chunk and its text groups load together, on first render. */
function lazyPage(route: RouteDef): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [module] = await Promise.all([screenLoaders[route.screen](), loadNamespaces(route.namespaces)]);
    return module;
  });
}

/** One lazy page per route of the table, created once (nothing loads until a page renders). */
export const PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map(ROUTES.map((route) => [route.path, lazyPage(route)]));
