import type { Role } from '../api/session';
import { BASE_NAMESPACES, type Namespace } from '../i18n/namespaces';
import {
  ACCOUNT_PATH,
  CHANGE_PLAN_PATH,
  INVITATION_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  PAYMENT_METHOD_PATH,
  PRIVACY_PATH,
  RESET_PASSWORD_PATH,
  SIGNUP_PATH,
  TERMS_PATH,
} from '../lib/paths';

export const ALL_ROLES = ['recompraAdmin', 'admin', 'user', 'colaborator'] as const satisfies readonly Role[];

/** Screens that exist so far; every other route shows UnderConstruction. */
export type ScreenId =
  | 'dashboard'
  | 'integrations'
  | 'login'
  | 'logout'
  | 'signup'
  | 'passwordReset'
  | 'invitation'
  | 'account'
  | 'changePlan'
  | 'paymentMethod'
  | 'segments'
  | 'segmentDetail'
  | 'segmentForm'
  | 'campaigns'
  | 'campaignDetail'
  | 'campaignForm'
  | 'terms'
  | 'privacy'
  | 'underConstruction';

/** What the browser's tab says on each page ("Inicio · Recompra"): keys of `pageTitle` in common.json. */
export type PageTitle =
  | 'dashboard'
  | 'segments'
  | 'createSegment'
  | 'segment'
  | 'editSegment'
  | 'campaigns'
  | 'createCampaign'
  | 'campaign'
  | 'editCampaign'
  | 'whatsapp'
  | 'createTemplate'
  | 'template'
  | 'createWhatsappCampaign'
  | 'whatsappCampaign'
  | 'chat'
  | 'account'
  | 'changePlan'
  | 'paymentMethod'
  | 'integrations'
  | 'login'
  | 'signup'
  | 'passwordReset'
  | 'invitation'
  | 'logout'
  | 'terms'
  | 'privacy'
  | 'notFound';

export interface RouteDef {
  /** react-router pattern. */
  path: string;
  title: PageTitle;
  roles: readonly Role[];
  /** Text groups the page loads (SPEC §2), `common` and `toasts` included. */
  namespaces: readonly Namespace[];
  screen: ScreenId;
  /** Rendered without the role guard (the login screen). */
  public?: boolean;
}

const withBase = (...groups: Namespace[]): readonly Namespace[] => [...BASE_NAMESPACES, ...groups];

const DASHBOARD_GROUPS = withBase('dashboard', 'metrics', 'campaignDetail', 'campaigns', 'dates');
const SEGMENT_GROUPS = withBase('segments', 'metrics', 'createSegment');
const ACCOUNT_GROUPS = withBase('account', 'cancelSubscription', 'collaborators');
const INTEGRATION_GROUPS = withBase('integrations', 'onboarding');
const CHAT_GROUPS = withBase('chat', 'whatsappCampaignDetail', 'templateDetail');
// SPEC §2 names no groups for the campaign and messaging pages; they load the groups named after them (the
// wizard's, createCampaign, as the segment form's is createSegment).
const CAMPAIGN_GROUPS = withBase('campaigns', 'campaignDetail', 'createCampaign');
const WHATSAPP_GROUPS = withBase('whatsappCampaignDetail', 'templateDetail');

/** SPEC §2 route table. Order matters only for readability; matching is exact per pattern. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'dashboard', roles: ALL_ROLES, namespaces: DASHBOARD_GROUPS, screen: 'dashboard' },
  { path: '/dashboard', title: 'dashboard', roles: ALL_ROLES, namespaces: DASHBOARD_GROUPS, screen: 'dashboard' },
  { path: '/segments', title: 'segments', roles: ALL_ROLES, namespaces: SEGMENT_GROUPS, screen: 'segments' },
  { path: '/segments/create', title: 'createSegment', roles: ALL_ROLES, namespaces: SEGMENT_GROUPS, screen: 'segmentForm' },
  { path: '/segments/:id', title: 'segment', roles: ALL_ROLES, namespaces: SEGMENT_GROUPS, screen: 'segmentDetail' },
  { path: '/segments/:id/edit', title: 'editSegment', roles: ALL_ROLES, namespaces: SEGMENT_GROUPS, screen: 'segmentForm' },
  { path: '/campaigns', title: 'campaigns', roles: ALL_ROLES, namespaces: CAMPAIGN_GROUPS, screen: 'campaigns' },
  { path: '/campaigns/create', title: 'createCampaign', roles: ALL_ROLES, namespaces: CAMPAIGN_GROUPS, screen: 'campaignForm' },
  { path: '/campaigns/:id', title: 'campaign', roles: ALL_ROLES, namespaces: CAMPAIGN_GROUPS, screen: 'campaignDetail' },
  // Not in SPEC §2's table: the wizard edits a campaign at its own address, as the segment form does.
  { path: '/campaigns/:id/edit', title: 'editCampaign', roles: ALL_ROLES, namespaces: CAMPAIGN_GROUPS, screen: 'campaignForm' },
  { path: '/whatsapp', title: 'whatsapp', roles: ALL_ROLES, namespaces: WHATSAPP_GROUPS, screen: 'underConstruction' },
  {
    path: '/whatsapp/templates/create',
    title: 'createTemplate',
    roles: ALL_ROLES,
    namespaces: WHATSAPP_GROUPS,
    screen: 'underConstruction',
  },
  { path: '/whatsapp/templates/:id', title: 'template', roles: ALL_ROLES, namespaces: WHATSAPP_GROUPS, screen: 'underConstruction' },
  {
    path: '/whatsapp/campaigns/create',
    title: 'createWhatsappCampaign',
    roles: ALL_ROLES,
    namespaces: WHATSAPP_GROUPS,
    screen: 'underConstruction',
  },
  {
    path: '/whatsapp/campaigns/:id',
    title: 'whatsappCampaign',
    roles: ALL_ROLES,
    namespaces: WHATSAPP_GROUPS,
    screen: 'underConstruction',
  },
  { path: '/chat', title: 'chat', roles: ALL_ROLES, namespaces: CHAT_GROUPS, screen: 'underConstruction' },
  { path: ACCOUNT_PATH, title: 'account', roles: ALL_ROLES, namespaces: ACCOUNT_GROUPS, screen: 'account' },
  { path: CHANGE_PLAN_PATH, title: 'changePlan', roles: ALL_ROLES, namespaces: ACCOUNT_GROUPS, screen: 'changePlan' },
  {
    path: PAYMENT_METHOD_PATH,
    title: 'paymentMethod',
    roles: ['admin', 'user', 'colaborator'],
    namespaces: ACCOUNT_GROUPS,
    screen: 'paymentMethod',
  },
  {
    path: '/integrations',
    title: 'integrations',
    roles: ['recompraAdmin', 'admin', 'user'],
    namespaces: INTEGRATION_GROUPS,
    screen: 'integrations',
  },
  { path: LOGIN_PATH, title: 'login', roles: ALL_ROLES, namespaces: withBase('auth'), screen: 'login', public: true },
  { path: SIGNUP_PATH, title: 'signup', roles: ALL_ROLES, namespaces: withBase('auth'), screen: 'signup', public: true },
  {
    path: RESET_PASSWORD_PATH,
    title: 'passwordReset',
    roles: ALL_ROLES,
    namespaces: withBase('auth'),
    screen: 'passwordReset',
    public: true,
  },
  { path: INVITATION_PATH, title: 'invitation', roles: ALL_ROLES, namespaces: withBase('auth'), screen: 'invitation', public: true },
  // A page that posts the sign-out (with the CSRF token), so a link from another site cannot end the session.
  { path: LOGOUT_PATH, title: 'logout', roles: ALL_ROLES, namespaces: withBase('auth'), screen: 'logout', public: true },
  // Not in SPEC §2's table: the terms and the privacy policy the plan's checkbox and sign-up link to, open to anyone.
  { path: TERMS_PATH, title: 'terms', roles: ALL_ROLES, namespaces: withBase('legal'), screen: 'terms', public: true },
  { path: PRIVACY_PATH, title: 'privacy', roles: ALL_ROLES, namespaces: withBase('legal'), screen: 'privacy', public: true },
];

export type SidebarKey = 'dashboard' | 'segments' | 'campaigns' | 'integrations' | 'whatsapp' | 'account' | 'chat';

/** SPEC §2 sidebar, in order. `path` is both the link and the access check. */
export const SIDEBAR_ENTRIES: readonly { key: SidebarKey; path: string }[] = [
  { key: 'dashboard', path: '/dashboard' },
  { key: 'segments', path: '/segments' },
  { key: 'campaigns', path: '/campaigns' },
  { key: 'integrations', path: '/integrations' },
  { key: 'whatsapp', path: '/whatsapp' },
  { key: 'account', path: ACCOUNT_PATH },
  { key: 'chat', path: '/chat' },
];
