import common from './es/common.json';
import toasts from './es/toasts.json';

/**
 * One text group of SPEC §2 per namespace, plus `auth` for the login screen, `legal` for the terms and the privacy
 * policy, and `whatsapp`, `createTemplate` and `createWhatsappCampaign` for the messaging pages SPEC §2 names no groups for.
 */
export const NAMESPACES = [
  'common',
  'toasts',
  'dashboard',
  'metrics',
  'campaignDetail',
  'campaigns',
  'createCampaign',
  'dates',
  'segments',
  'createSegment',
  'account',
  'cancelSubscription',
  'collaborators',
  'integrations',
  'onboarding',
  'chat',
  'whatsappCampaignDetail',
  'templateDetail',
  'whatsapp',
  'createTemplate',
  'createWhatsappCampaign',
  'auth',
  'legal',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** Every page loads these (SPEC §2, "Text groups per page"). */
export const BASE_NAMESPACES = ['common', 'toasts'] as const satisfies readonly Namespace[];

type Messages = { default: Record<string, unknown> };

/**
 * Explicit imports, so each group is its own chunk and a missing file fails the type check. The groups
 * every page loads come with the app's own code instead: no page's first draw waits for them to download.
 */
export const namespaceLoaders: Record<Namespace, () => Promise<Messages>> = {
  common: () => Promise.resolve({ default: common }),
  toasts: () => Promise.resolve({ default: toasts }),
  dashboard: () => import('./es/dashboard.json'),
  metrics: () => import('./es/metrics.json'),
  campaignDetail: () => import('./es/campaignDetail.json'),
  campaigns: () => import('./es/campaigns.json'),
  createCampaign: () => import('./es/createCampaign.json'),
  dates: () => import('./es/dates.json'),
  segments: () => import('./es/segments.json'),
  createSegment: () => import('./es/createSegment.json'),
  account: () => import('./es/account.json'),
  cancelSubscription: () => import('./es/cancelSubscription.json'),
  collaborators: () => import('./es/collaborators.json'),
  integrations: () => import('./es/integrations.json'),
  onboarding: () => import('./es/onboarding.json'),
  chat: () => import('./es/chat.json'),
  whatsappCampaignDetail: () => import('./es/whatsappCampaignDetail.json'),
  templateDetail: () => import('./es/templateDetail.json'),
  whatsapp: () => import('./es/whatsapp.json'),
  createTemplate: () => import('./es/createTemplate.json'),
  createWhatsappCampaign: () => import('./es/createWhatsappCampaign.json'),
  auth: () => import('./es/auth.json'),
  legal: () => import('./es/legal.json'),
};
