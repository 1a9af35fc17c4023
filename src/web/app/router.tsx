import { Suspense, useMemo } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { LoadingScreen } from '../ui/loading-screen';
import { DocumentTitle } from './document-title';
import { PAGES } from './pages';
import { RoleGuard } from './role-guard';
import { RouteErrorBoundary } from './route-error';
import { isDataPath, ROUTES } from './routes';
import { StoreReadyGate } from './store-ready-gate';

/** The route table as router entries: public pages stand alone, the rest render inside the guard. */
export function buildRoutes(): RouteObject[] {
  const publicRoutes: RouteObject[] = ROUTES.filter((route) => route.public).map((route) => {
    const Page = PAGES.get(route.path);
    return {
      path: route.path,
      element: (
        <>
          <DocumentTitle title={route.title} />
          <Suspense fallback={<LoadingScreen />}>{Page ? <Page /> : null}</Suspense>
        </>
      ),
    };
  });
  const protectedRoutes: RouteObject[] = ROUTES.filter((route) => !route.public).map((route) => {
    const Page = PAGES.get(route.path);
    if (!Page) return { path: route.path };
    // Data screens wait for a connected store and its last year of orders.
    return {
      path: route.path,
      element: (
        <>
          <DocumentTitle title={route.title} />
          {isDataPath(route.path) ? (
            <StoreReadyGate>
              <Page />
            </StoreReadyGate>
          ) : (
            <Page />
          )}
        </>
      ),
    };
  });
  // A page that fails (its code did not load, or it threw) shows a Spanish screen in its place; inside
  // the shell, the navigation stays.
  const guardedOutlet = (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
  return [
    {
      element: guardedOutlet,
      children: [
        ...publicRoutes,
        // The catch-all sends unknown paths through the same rules: to sign in, or "no such page" in the shell.
        { element: <RoleGuard />, children: [{ element: guardedOutlet, children: [...protectedRoutes, { path: '*' }] }] },
      ],
    },
  ];
}

/**
 * The app's pages, under a `BrowserRouter` (or a `MemoryRouter` in tests). The router's declarative
 * form is enough here: pages load their own data, and it leaves the data router's code (about 14 KB
 * compressed) out of what a phone downloads before the first page.
 */
export function AppRoutes() {
  const routes = useMemo(() => buildRoutes(), []);
  return useRoutes(routes);
}
