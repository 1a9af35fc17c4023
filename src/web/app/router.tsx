import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../ui/loading-screen';
import { DocumentTitle } from './document-title';
import { PAGES } from './pages';
import { RoleGuard } from './role-guard';
import { RouteErrorBoundary } from './route-error';
import { ROUTES } from './routes';
import { isDataPath, StoreReadyGate } from './store-ready-gate';

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
  const errorElement = <RouteErrorBoundary />;
  return [
    {
      errorElement,
      children: [
        ...publicRoutes,
        // The catch-all sends unknown paths through the same rules: to sign in, or "no such page" in the shell.
        { element: <RoleGuard />, children: [{ errorElement, children: [...protectedRoutes, { path: '*' }] }] },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
