import type { Role, SessionUser } from '../api/session';
import { LOGIN_PATH, LOGOUT_PATH } from '../features/session/routes/paths';
import { HOME_PATH } from '../lib/paths';
import { mayOpen, type PageRoute, routeAt } from '../lib/routes';
import { ROUTES, SIDEBAR_ENTRIES, type SidebarKey } from './routes';

export const findRoute = (pathname: string): PageRoute | undefined => routeAt(ROUTES, pathname);

export const canAccess = (role: Role, pathname: string): boolean => mayOpen(ROUTES, role, pathname);

export type SessionState = { status: 'pending' } | { status: 'success'; user: SessionUser | null } | { status: 'error' };

export type AccessDecision =
  | { type: 'loading' }
  | { type: 'render'; route: PageRoute; user: SessionUser }
  /** A signed-in user at an address that is no page: said so, inside the shell. */
  | { type: 'notFound'; user: SessionUser }
  /** Client-side navigation inside the app. */
  | { type: 'redirect'; to: string }
  /** Full page navigation to a server path. */
  | { type: 'leave'; href: string };

export interface AccessInput {
  pathname: string;
  /** `location.search`, with its leading "?" or empty. */
  search: string;
  session: SessionState;
  /** A session cookie was issued at some point (the CSRF cookie is readable). */
  hasSignedInIdentity: boolean;
}

export function loginHref(pathname: string, search: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ returnTo: `${pathname}${search}` }).toString()}`;
}

/** SPEC §2 routing rules as a pure function: where a protected path leads for this session. */
export function decideAccess({ pathname, search, session, hasSignedInIdentity }: AccessInput): AccessDecision {
  if (session.status === 'pending') return { type: 'loading' };
  const user = session.status === 'success' ? session.user : null;
  if (user === null) {
    return hasSignedInIdentity ? { type: 'leave', href: LOGOUT_PATH } : { type: 'leave', href: loginHref(pathname, search) };
  }
  if (pathname === '/') return { type: 'redirect', to: HOME_PATH };
  const route = findRoute(pathname);
  if (!route) return { type: 'notFound', user };
  if (route.public || !route.roles.includes(user.role)) {
    return { type: 'redirect', to: HOME_PATH };
  }
  return { type: 'render', route, user };
}

/** Sidebar entries the role may open, in SPEC §2 order. */
export function sidebarEntriesFor(role: Role): readonly { key: SidebarKey; path: string }[] {
  return SIDEBAR_ENTRIES.filter((entry) => canAccess(role, entry.path));
}

/** The sidebar entry that owns a path (`/segments/12` belongs to segments). */
export function activeSidebarKey(pathname: string): SidebarKey | undefined {
  const entry = SIDEBAR_ENTRIES.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return entry?.key;
}
