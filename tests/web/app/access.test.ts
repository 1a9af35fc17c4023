import { describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import type { components } from '../../../src/shared/api/app.gen';
import { type AccessInput, activeSidebarKey, decideAccess, findRoute, sidebarEntriesFor } from '../../../src/web/app/access';
import { ROUTES } from '../../../src/web/app/routes';

type Role = components['schemas']['Role'];

const roles: Role[] = ['recompraAdmin', 'admin', 'user', 'colaborator'];

const signedIn = (role: Role, pathname: string, search = ''): AccessInput => ({
  pathname,
  search,
  session: { status: 'success', user: sessionUsers[role] },
  hasSignedInIdentity: true,
});

const everyoneAllowed = [
  '/dashboard',
  '/segments',
  '/segments/create',
  '/segments/42',
  '/campaigns',
  '/campaigns/create',
  '/campaigns/7',
  '/whatsapp',
  '/whatsapp/templates/create',
  '/whatsapp/templates/3',
  '/whatsapp/campaigns/create',
  '/whatsapp/campaigns/9',
  '/chat',
  '/account',
  '/account/change-plan',
];

describe('decideAccess', () => {
  describe.each(roles)('as %s', (role) => {
    it.each(everyoneAllowed)('renders %s', (pathname) => {
      const decision = decideAccess(signedIn(role, pathname));
      expect(decision.type).toBe('render');
    });

    it('sends / to /dashboard', () => {
      expect(decideAccess(signedIn(role, '/'))).toEqual({ type: 'redirect', to: '/dashboard' });
    });

    it('says an unknown path is no page, inside the shell', () => {
      expect(decideAccess(signedIn(role, '/no-such-page'))).toMatchObject({ type: 'notFound', user: { role } });
    });
  });

  it.each([
    ['recompraAdmin', '/integrations', 'render'],
    ['admin', '/integrations', 'render'],
    ['user', '/integrations', 'render'],
    ['colaborator', '/integrations', 'redirect'],
    ['recompraAdmin', '/account/payment-method', 'redirect'],
    ['admin', '/account/payment-method', 'render'],
    ['user', '/account/payment-method', 'render'],
    ['colaborator', '/account/payment-method', 'render'],
  ] as const)('as %s, %s leads to %s', (role, pathname, type) => {
    const decision = decideAccess(signedIn(role, pathname));
    expect(decision.type).toBe(type);
    if (decision.type === 'redirect') expect(decision.to).toBe('/dashboard');
  });

  it('waits while the session loads', () => {
    expect(decideAccess({ pathname: '/segments', search: '', session: { status: 'pending' }, hasSignedInIdentity: false })).toEqual({
      type: 'loading',
    });
  });

  it('sends a visitor without a session (204) to the login with the path and query to return to', () => {
    const decision = decideAccess({
      pathname: '/segments/42',
      search: '?tab=custom&page=2',
      session: { status: 'success', user: null },
      hasSignedInIdentity: false,
    });
    expect(decision).toEqual({
      type: 'leave',
      href: '/api/auth/login?returnTo=%2Fsegments%2F42%3Ftab%3Dcustom%26page%3D2',
    });
  });

  it('sends a visitor whose session check failed, without an identity, to the login', () => {
    const decision = decideAccess({
      pathname: '/dashboard',
      search: '',
      session: { status: 'error' },
      hasSignedInIdentity: false,
    });
    expect(decision).toEqual({ type: 'leave', href: '/api/auth/login?returnTo=%2Fdashboard' });
  });

  it('signs out when the check failed but a signed-in identity exists', () => {
    const decision = decideAccess({
      pathname: '/dashboard',
      search: '',
      session: { status: 'error' },
      hasSignedInIdentity: true,
    });
    expect(decision).toEqual({ type: 'leave', href: '/api/auth/logout' });
  });

  it('signs out on 204 when a signed-in identity exists (the session expired)', () => {
    const decision = decideAccess({
      pathname: '/chat',
      search: '',
      session: { status: 'success', user: null },
      hasSignedInIdentity: true,
    });
    expect(decision).toEqual({ type: 'leave', href: '/api/auth/logout' });
  });
});

describe('route table', () => {
  it('gives every page common and toasts', () => {
    for (const route of ROUTES) {
      expect(route.namespaces.slice(0, 2)).toEqual(['common', 'toasts']);
    }
  });

  it('loads the SPEC text groups per page', () => {
    const groupsOf = (path: string) => ROUTES.find((route) => route.path === path)?.namespaces;
    expect(groupsOf('/dashboard')).toEqual(['common', 'toasts', 'dashboard', 'metrics', 'campaignDetail', 'campaigns', 'dates']);
    expect(groupsOf('/segments/:id')).toEqual(['common', 'toasts', 'segments', 'metrics', 'createSegment']);
    expect(groupsOf('/account/payment-method')).toEqual(['common', 'toasts', 'account', 'cancelSubscription', 'collaborators']);
    expect(groupsOf('/integrations')).toEqual(['common', 'toasts', 'integrations', 'onboarding']);
    expect(groupsOf('/chat')).toEqual(['common', 'toasts', 'chat', 'whatsappCampaignDetail', 'templateDetail']);
  });

  it('serves the sign-out address as a public page, which posts the sign-out itself', () => {
    expect(findRoute('/api/auth/logout')).toMatchObject({ title: 'logout', public: true });
  });
});

describe('sidebar', () => {
  it('lists the SPEC entries in order, hiding integrations from a colaborator', () => {
    expect(sidebarEntriesFor('admin').map((entry) => entry.key)).toEqual([
      'dashboard',
      'segments',
      'campaigns',
      'integrations',
      'whatsapp',
      'account',
      'chat',
    ]);
    expect(sidebarEntriesFor('colaborator').map((entry) => entry.key)).not.toContain('integrations');
  });

  it('marks the entry that owns a nested path', () => {
    expect(activeSidebarKey('/whatsapp/templates/3')).toBe('whatsapp');
    expect(activeSidebarKey('/account/change-plan')).toBe('account');
    expect(activeSidebarKey('/api/auth/login')).toBeUndefined();
  });
});
