import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces } from '../i18n';
import { ROUTES, type RouteDef, type ScreenId } from './routes';

type PageModule = { default: ComponentType };

const screenLoaders: Record<ScreenId, () => Promise<PageModule>> = {
  dashboard: () => import('../features/dashboard/routes/dashboard-route').then((m) => ({ default: m.DashboardRoute })),
  integrations: () =>
    import('../features/integrations/routes/integrations-route').then((m) => ({ default: m.IntegrationsRoute })),
  login: () => import('../features/session/routes/login-route').then((m) => ({ default: m.LoginRoute })),
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
export const PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map(
  ROUTES.filter((route) => !route.serverOnly).map((route) => [route.path, lazyPage(route)]),
);
