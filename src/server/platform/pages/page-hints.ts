import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { can } from '../../../shared/permissions.ts';
import type { Auth } from '../security/sessions.ts';
import { calendarOf } from '../store-data/store-calendar.ts';

/**
 * What a browser opening a page of the app will need first, so that it never waits for it in turns
 * as the page and then the app's code run: on a phone's network each turn is a round trip.
 *
 * The code, named in the `Link` header of the page's own answer, in this order, as a phone's six
 * connections take them:
 * - The entry page's own small script that runs before the app's code (public/prime-intl.js): first,
 *   so that it arrives and runs while the browser waits for the rest, not in the middle of drawing.
 * - The entry page's stylesheet and scripts, then the route's own code: the files the build lists
 *   (vite.config.ts, `pageCode`).
 *
 * For a signed-in browser, the first data the app asks for (src/web/app/pages.tsx, `preloadPageAt`):
 * the session, what the shell shows of the store and, for the dashboard at its default view, its
 * figures. The server answers those on this server itself and writes the answers into the page
 * (platform/pages/first-answers.ts), which saves the phone a dozen requests that would hold its six
 * connections while the code waits; a backend API on another host is named in the `Link` header
 * instead, and the browser keeps each answer for the app's own request. The first-load e2e test
 * checks that the server's list and the app's are the same and nothing is asked for twice.
 */
export interface PageHints {
  /** `Link` header values. */
  links: string[];
  /** Addresses on this server whose answers the page carries. */
  answers: string[];
}

interface PageCode {
  entry: { early: string[]; styles: string[]; scripts: string[] };
  routes: { path: string; files: string[] }[];
}

/** The route table's patterns (`/segments/:id`) as expressions matching a whole path, parameters captured by name. */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

const classicScript = (file: string) => `<${file}>; rel=preload; as=script`;
const style = (file: string) => `<${file}>; rel=preload; as=style; crossorigin`;
const moduleScript = (file: string) => `<${file}>; rel=modulepreload; crossorigin`;
// The backend client sends its requests with credentials included, so its preloads must too.
const backendFetch = (address: string) => `<${address}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/** The year in the store's country: the dashboard's and the first-steps guide's acquisition cost chart. */
const currentYear = (now: Date) => Number(calendarOf(null, null, now).today.slice(0, 4));

/** How a page's own first requests are named: the store, the page's address parameters, the moment. */
interface PageDataContext {
  app: (path: string) => string;
  backend: (path: string) => string;
  store: number;
  params: Record<string, string>;
  auth: Auth;
  now: Date;
}

/**
 * What each page asks for first at its default view (an address without a query), beyond what the
 * shell asks for on every page: the app's side of this list is each route's `prefetch` in the web
 * features' route modules (src/web/features/<feature>/routes/index.ts), and the first-load e2e test checks
 * that both are the same, page by page. Another view's requests depend on its query, which the app reads.
 */
// Only GETs: a page carries answers to reads.
const PAGE_DATA: { path: string; data: (context: PageDataContext) => string[] }[] = [
  ...['/', '/dashboard'].map((path) => ({
    path,
    data: ({ app, backend, store, auth, now }: PageDataContext) => [
      backend(`/stores/${store}/stats`),
      backend(`/stores/${store}/statsInRange?preset=last30Days&granularity=day`),
      backend(`/stores/${store}/stats/table?dimension=products&sort=income&order=desc&page=1&pageSize=10`),
      app(`/private/stores/${store}/stats/charts/acquisitionCost?year=${currentYear(now)}`),
      app(`/private/stores/${store}/adCampaigns/performance`),
      backend(`/stores/${store}/metaAdAccountProps`),
      // The WhatsApp campaigns sending now (without WhatsApp connected, the 409 the part hides itself on).
      app(`/private/stores/${store}/whatsappCampaigns`),
      ...(can(auth.role, 'inviteCollaborator') && can(auth.role, 'listStoreMembers') ? [app(`/private/stores/${store}/members`)] : []),
    ],
  })),
  {
    path: '/segments',
    data: ({ app, backend, store }) => [
      app(`/private/stores/${store}/segments`),
      backend(`/stores/${store}/segments/stats`),
      app(`/private/stores/${store}/emailMarketing/segmentSyncs`),
    ],
  },
  // The form's live count is a POST, which a page cannot carry.
  { path: '/segments/create', data: ({ backend, store }) => [backend(`/stores/${store}/productTypes`)] },
  {
    path: '/segments/:id/edit',
    data: ({ app, backend, store, params }) => [
      app(`/private/stores/${store}/segments/${params.id}`),
      backend(`/stores/${store}/productTypes`),
    ],
  },
  {
    // A ready segment's figures and first page of members; one still building has none to show yet.
    path: '/segments/:id',
    data: ({ app, backend, store, params }) => [
      app(`/private/stores/${store}/segments/${params.id}`),
      backend(`/stores/${store}/segments/${params.id}/stats`),
      backend(`/stores/${store}/segments/${params.id}/stats/table?sort=totalSpent&order=desc&page=1&pageSize=10`),
    ],
  },
  { path: '/campaigns', data: ({ app, store }) => [app(`/private/stores/${store}/adCampaigns`)] },
  {
    path: '/campaigns/create',
    data: ({ app, backend, store }) => [backend(`/stores/${store}/metaAdAccountProps`), app(`/private/stores/${store}/segments`)],
  },
  { path: '/whatsapp', data: ({ app, store }) => [app(`/private/stores/${store}/whatsappTemplates`)] },
  // Before `:id`, which would take "create" for an id.
  { path: '/whatsapp/templates/create', data: () => [] },
  { path: '/whatsapp/templates/:id', data: ({ app, store, params }) => [app(`/private/stores/${store}/whatsappTemplates/${params.id}`)] },
  { path: '/account', data: ({ app }) => [app('/private/me/account_details')] },
  { path: '/account/change-plan', data: ({ app, store }) => [app('/private/plans'), app(`/private/stores/${store}/ordersCount`)] },
];

const PAGE_DATA_PATTERNS = PAGE_DATA.map(({ path, data }) => ({ pattern: patternOf(path), data }));

/** The requests of the app's start for a signed-in user (see `preloadPageAt`), as addresses. */
function firstData(pathname: string, search: string, auth: Auth, backendBase: string, now: Date): string[] {
  const app = (path: string) => `/api${path}`;
  const backend = (path: string) => `${backendBase}${path}`;
  const addresses = [app('/auth/me'), app('/private/stores')];
  const store = auth.storeId;
  if (store === null) return addresses;
  // The sidebar's unread chat count: every role may open the chat (SPEC §2).
  addresses.push(
    app(`/private/stores/${store}/sync`),
    app('/private/subscription'),
    app(`/private/stores/${store}/conversations/unreadCount`),
  );
  if (can(auth.role, 'getIntegrations')) addresses.push(app(`/private/stores/${store}/integrations`));
  if (search !== '') return addresses;
  for (const { pattern, data } of PAGE_DATA_PATTERNS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    // The app's pages name records by number; any other address is one the page itself explains.
    const params = { ...match.groups };
    if (Object.values(params).some((value) => !/^\d+$/.test(value))) return addresses;
    return [...addresses, ...data({ app, backend, store, params, auth, now })];
  }
  return addresses;
}

/**
 * What a page of the built app in `webDir` needs first, whose backend API the browser calls at
 * `backendBase` (a path on this server, or another host). The build's list is read once, since a
 * rebuild means a restart; a build without it (the tests' stand-in page) names no code.
 */
export function pageHints(webDir: string, backendBase: string): (url: string, auth: Auth | null, now?: Date) => Promise<PageHints> {
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
    const data = auth ? firstData(pathname, search, auth, backendBase, now) : [];
    const elsewhere = data.filter((address) => !address.startsWith('/'));
    return {
      links: [...entry, ...(route?.files ?? []), ...elsewhere.map(backendFetch)],
      answers: data.filter((address) => address.startsWith('/')),
    };
  };
}
