import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { can } from '../../shared/permissions.ts';
import type { Auth } from './sessions.ts';
import { calendarOf } from './store-calendar.ts';

/**
 * What a browser opening a page of the app will ask for first, named in the `Link` header of the
 * page's own answer so it asks for all of it at once, before it has even read the page, instead of in
 * turns as the page and then the app's code run: on a phone's network each turn is a round trip.
 * In this order, as a phone's six connections take them:
 *
 * - The entry page's own small script that runs before the app's code (public/prime-intl.js): first,
 *   so that it arrives and runs while the browser waits for the rest, not in the middle of drawing.
 * - The entry page's stylesheet and scripts, then the route's own code: the files the build lists
 *   (vite.config.ts, `pageCode`).
 * - For a signed-in browser, the first data the app asks for (src/web/app/pages.tsx, `preloadPageAt`):
 *   the session, what the shell shows of the store and, for the dashboard at its default view, its
 *   figures. The browser keeps each answer for the app's own request of the same address; the
 *   first-load e2e test checks that the two lists are the same and nothing is asked for twice.
 */
interface PageCode {
  entry: { early: string[]; styles: string[]; scripts: string[] };
  routes: { path: string; files: string[] }[];
}

/** The route table's patterns (`/segments/:id`) as expressions matching a whole path. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

const classicScript = (file: string) => `<${file}>; rel=preload; as=script`;
const style = (file: string) => `<${file}>; rel=preload; as=style; crossorigin`;
const moduleScript = (file: string) => `<${file}>; rel=modulepreload; crossorigin`;
const appFetch = (path: string) => `</api${path}>; rel=preload; as=fetch; crossorigin`;
// The backend client sends its requests with credentials included, so its preloads must too.
const backendFetch = (base: string) => (path: string) => `<${base}${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/** The year in the store's country: the dashboard's and the first-steps guide's acquisition cost chart. */
const currentYear = (now: Date) => Number(calendarOf(null, null, now).today.slice(0, 4));

/** The requests of the app's start for a signed-in user (see `preloadPageAt`), as `Link` values. */
function firstData(pathname: string, search: string, auth: Auth, backendBase: string, now: Date): string[] {
  const backend = backendFetch(backendBase);
  const links = [appFetch('/auth/me'), appFetch('/private/stores')];
  const store = auth.storeId;
  if (store === null) return links;
  links.push(appFetch(`/private/stores/${store}/sync`), appFetch('/private/subscription'));
  if (can(auth.role, 'getIntegrations')) links.push(appFetch(`/private/stores/${store}/integrations`));
  // The dashboard's default view, which every sign-in opens; another view's figures depend on its
  // address, which the app reads.
  if ((pathname === '/' || pathname === '/dashboard') && search === '') {
    const year = currentYear(now);
    links.push(
      backend(`/stores/${store}/stats`),
      backend(`/stores/${store}/statsInRange?preset=last30Days&granularity=day`),
      backend(`/stores/${store}/stats/table?dimension=products&sort=income&order=desc&page=1&pageSize=10`),
      appFetch(`/private/stores/${store}/stats/charts/acquisitionCost?year=${year}`),
      appFetch(`/private/stores/${store}/adCampaigns/performance`),
      backend(`/stores/${store}/metaAdAccountProps`),
    );
    if (can(auth.role, 'inviteCollaborator') && can(auth.role, 'listStoreMembers'))
      links.push(appFetch(`/private/stores/${store}/members`));
  }
  return links;
}

/**
 * The `Link` values for a page of the built app in `webDir`, whose backend API the browser calls at
 * `backendBase`. The build's list is read once, since a rebuild means a restart; a build without it
 * (the tests' stand-in page) names no code.
 */
export function pageHints(webDir: string, backendBase: string): (url: string, auth: Auth | null, now?: Date) => Promise<string[]> {
  let code: Promise<{ entry: string[]; routes: { pattern: RegExp; files: string[] }[] }> | undefined;
  const loadCode = () =>
    readFile(join(webDir, '.vite/page-code.json'), 'utf8').then(
      (text) => {
        const { entry, routes } = JSON.parse(text) as PageCode;
        return {
          entry: [...entry.early.map(classicScript), ...entry.styles.map(style), ...entry.scripts.map(moduleScript)],
          routes: routes.map(({ path, files }) => ({ pattern: patternOf(path), files: files.map(moduleScript) })),
        };
      },
      () => ({ entry: [], routes: [] }),
    );
  return async (url, auth, now = new Date()) => {
    code ??= loadCode();
    const { entry, routes } = await code;
    const { pathname, search } = new URL(url, 'http://localhost');
    const route = routes.find(({ pattern }) => pattern.test(pathname));
    return [...entry, ...(route?.files ?? []), ...(auth ? firstData(pathname, search, auth, backendBase, now) : [])];
  };
}
