import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { Role } from '../api/session';
import type common from '../i18n/es/common.json';
import { BASE_NAMESPACES, type Namespace } from '../i18n/namespaces';

/*
 * What a feature's route module (features/<feature>/routes/index.ts) declares about its pages, and
 * what src/web/app builds the route table, the role guard's rules, the pages' code and their first
 * requests from (app/features.ts lists the modules).
 */

export const ALL_ROLES = ['recompraAdmin', 'admin', 'user', 'colaborator'] as const satisfies readonly Role[];

/** What the browser's tab says on a page ("Inicio · Recompra"): a key of `pageTitle` in common.json. */
export type PageTitle = Exclude<keyof (typeof common)['pageTitle'], 'format'>;

/** The text groups a page loads (SPEC §2): those every page loads, then its own. */
export const pageTexts = (...groups: Namespace[]): readonly Namespace[] => [...BASE_NAMESPACES, ...groups];

/**
 * Code loaded the first time it is needed, in chunks of its own (so a page's code stays out of the
 * others'), named by the exports it loads: the build finds their modules by those names and lists
 * each route's files for the server (vite.config.ts, `pageCode`).
 */
export interface LazyCode<T> {
  load: () => Promise<T>;
  exports: readonly string[];
}

/** One export of a lazily imported module: `lazyExport(() => import('./segments-route'), 'SegmentsRoute')`. */
export function lazyExport<M, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyCode<M[K]> {
  return { load: () => load().then((module) => module[name]), exports: [name] };
}

/** A page and a part it shows, loaded together; `compose` gives the part to the page. */
export function withPart<P, C, R = ComponentType>(page: LazyCode<P>, part: LazyCode<C>, compose: (page: P, part: C) => R): LazyCode<R> {
  return {
    load: () => Promise.all([page.load(), part.load()]).then(([loadedPage, loadedPart]) => compose(loadedPage, loadedPart)),
    exports: [...page.exports, ...part.exports],
  };
}

/** Where the app starts: the signed-in user's store and role, the address's query and the record it names. */
export interface PageStart {
  role: Role;
  storeId: number;
  search: URLSearchParams;
  /** The number in the address (`/segments/12`), or null for a page that names none (or names it wrongly). */
  recordId: number | null;
}

/**
 * What a page asks for while the app starts, before its code has arrived (app/pages.tsx,
 * `preloadPageAt`). Small, as it comes with the app's code.
 */
export type Prefetch = (queryClient: QueryClient, start: PageStart) => void;

/**
 * A part that another feature, or the app, hands to a page (features never import each other; they
 * meet in app/features.ts), with what it asks for while the app starts.
 */
export interface PagePart<C> extends LazyCode<C> {
  prefetch?: Prefetch;
}

export interface PageRoute {
  /** react-router pattern. */
  path: string;
  title: PageTitle;
  roles: readonly Role[];
  /** Text groups the page loads (SPEC §2), `common` and `toasts` included: see `pageTexts`. */
  namespaces: readonly Namespace[];
  page: LazyCode<ComponentType>;
  prefetch?: Prefetch;
  /** Rendered without the role guard (the login screen). */
  public?: boolean;
}

/** What a feature's route module exports. */
export interface FeatureRoutes {
  /** In the order the router tries them: a fixed address (`/segments/create`) before a pattern it matches (`/segments/:id`). */
  routes: readonly PageRoute[];
  /**
   * The address under which the feature's pages show the store's data (SPEC §2): they wait for a
   * connected store, its last year of orders and a plan (app/store-ready-gate.tsx).
   */
  dataSection?: string;
}

/** The route an address opens: the first whose pattern matches it whole. */
export function routeAt(routes: readonly PageRoute[], pathname: string): PageRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** Whether the role may open the address, by the routes' rules. */
export function mayOpen(routes: readonly PageRoute[], role: Role, pathname: string): boolean {
  return routeAt(routes, pathname)?.roles.includes(role) ?? false;
}
