import { CHANGE_PLAN_PATH } from '../../features/account/routes/paths';
import { ACCOUNT_PATH, INTEGRATIONS_PATH } from '../../lib/paths';
import type { BannerTone } from '../../ui/banner';

/** The banners of SPEC §2, in the order they stack when several apply. */
export const BANNER_IDS = [
  'pastDue',
  'canceled',
  'subscriptionRequired',
  'trialEnding',
  'integrationRequired',
  'socialAdsTokenExpired',
  'messagingIntegrationMissing',
] as const;

export type BannerId = (typeof BANNER_IDS)[number];

export interface BannerConfig {
  id: BannerId;
  tone: BannerTone;
  /** Where the action link leads. Texts: `banners.<id>.message` and `banners.<id>.action` in common.json. */
  href: string;
}

export const BANNERS: Record<BannerId, BannerConfig> = {
  pastDue: { id: 'pastDue', tone: 'danger', href: ACCOUNT_PATH },
  canceled: { id: 'canceled', tone: 'warning', href: ACCOUNT_PATH },
  subscriptionRequired: { id: 'subscriptionRequired', tone: 'warning', href: CHANGE_PLAN_PATH },
  trialEnding: { id: 'trialEnding', tone: 'info', href: ACCOUNT_PATH },
  integrationRequired: { id: 'integrationRequired', tone: 'warning', href: INTEGRATIONS_PATH },
  socialAdsTokenExpired: { id: 'socialAdsTokenExpired', tone: 'warning', href: INTEGRATIONS_PATH },
  messagingIntegrationMissing: { id: 'messagingIntegrationMissing', tone: 'info', href: INTEGRATIONS_PATH },
};

/** What is known about the store, as far as banners care. */
export interface BannerState {
  /** The subscription, once known; while it is not, its banners wait rather than guess. */
  subscription?:
    | {
        status: 'active' | 'canceled' | 'past_due' | null;
        /** Days left of the free trial; null when the store is not on trial. */
        trialEndsInDays: number | null;
      }
    | undefined;
  hasStoreIntegration: boolean;
  socialAdsTokenExpired: boolean;
  hasMessagingIntegration: boolean;
}

/** The trial banner shows from this many days before the trial ends. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export interface ActiveBanner extends BannerConfig {
  /** For texts that count: days left of the trial. */
  days?: number;
}

/** The banners that apply to a store, most urgent first. */
export function bannersFor(state: BannerState): ActiveBanner[] {
  const active: ActiveBanner[] = [];
  const { subscription } = state;
  if (subscription?.status === 'past_due') active.push(BANNERS.pastDue);
  if (subscription?.status === 'canceled') active.push(BANNERS.canceled);
  if (subscription && subscription.status === null && subscription.trialEndsInDays === null) active.push(BANNERS.subscriptionRequired);
  if (subscription && subscription.trialEndsInDays !== null && subscription.trialEndsInDays <= TRIAL_ENDING_NOTICE_DAYS) {
    active.push({ ...BANNERS.trialEnding, days: Math.max(0, subscription.trialEndsInDays) });
  }
  if (!state.hasStoreIntegration) active.push(BANNERS.integrationRequired);
  // The social ads and messaging integrations need the store first: one step at a time.
  if (state.hasStoreIntegration && state.socialAdsTokenExpired) active.push(BANNERS.socialAdsTokenExpired);
  if (state.hasStoreIntegration && !state.hasMessagingIntegration) active.push(BANNERS.messagingIntegrationMissing);
  return active;
}
