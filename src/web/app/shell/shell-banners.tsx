import { can } from '../../../shared/permissions';
import type { Role, SessionUser } from '../../api/session';
import { useSubscription } from '../../features/account/api/subscription';
import { hasPlanAccess, type SubscriptionState, trialDaysLeft } from '../../features/account/billing';
import { CHAT_PATH } from '../../features/chat/routes/paths';
import { type Integrations, useIntegrations } from '../../features/integrations/api/integrations';
import { WHATSAPP_PATH } from '../../features/whatsapp/routes/paths';
import { useNow } from '../../lib/use-now';
import { canAccess } from '../access';
import { isDataPath } from '../routes';
import { AppBanner } from './app-banner';
import { type ActiveBanner, type BannerState, bannersFor } from './banners';
import { OfflineBanner, useOnline } from './offline-banner';
import { RouterLink } from './router-link';

/** Sections where a missing messaging app stops the work; elsewhere that banner would only nag. */
const MESSAGING_SECTIONS = [WHATSAPP_PATH, CHAT_PATH];

const within = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);

export interface ShellBannerInput {
  role: Role;
  pathname: string;
  storeId: number | null;
  /** The store's integrations; undefined while unknown (or not the role's to see). */
  integrations: Integrations | undefined;
  /** The store's subscription; undefined while unknown (its banners wait for it). */
  subscription?: SubscriptionState | undefined;
  /** The clock the trial's days are counted against. */
  now?: number;
}

/** The subscription as the banners read it: no plan (none yet, or one that ended), its status, the trial's days left. */
export function subscriptionBanner(state: SubscriptionState | undefined, now: number): BannerState['subscription'] {
  if (!state) return undefined;
  const { subscription } = state;
  if (subscription === null || !hasPlanAccess(state, now)) return { status: null, trialEndsInDays: null };
  return { status: subscription.status, trialEndsInDays: trialDaysLeft(subscription, now) };
}

/**
 * The banners the shell shows on this page. A banner never shows on the page its link leads to, nor
 * to a role that cannot open that page; the welcome guide already asks for the store where it stands
 * in for a data page, and a data page without a plan says so itself. The subscription's banners wait for
 * the subscription's data.
 */
export function shellBanners({ role, pathname, storeId, integrations, subscription, now = Date.now() }: ShellBannerInput): ActiveBanner[] {
  // Only the roles that read the integrations wait for them.
  if (storeId !== null && !integrations && can(role, 'getIntegrations')) return [];
  const banners = bannersFor({
    subscription: storeId === null ? undefined : subscriptionBanner(subscription, now),
    hasStoreIntegration: storeId !== null && integrations?.store.state !== 'notConnected',
    socialAdsTokenExpired: integrations?.socialAds.state === 'needsAttention',
    hasMessagingIntegration: integrations?.messaging.state === 'connected',
  });
  return banners.filter(
    (banner) =>
      canAccess(role, banner.href) &&
      !within(pathname, banner.href) &&
      !(banner.id === 'integrationRequired' && storeId === null && isDataPath(pathname)) &&
      // A data page without a plan says so itself, with the same way out.
      !(banner.id === 'subscriptionRequired' && isDataPath(pathname)) &&
      (banner.id !== 'messagingIntegrationMissing' || MESSAGING_SECTIONS.some((section) => within(pathname, section))),
  );
}

/** The shell's banners for the signed-in user's current store. */
export function ShellBanners({ user, pathname }: { user: SessionUser; pathname: string }) {
  const storeId = user.store;
  // Only roles that may read the integrations ask for them; the query waits for a store.
  const integrations = useIntegrations(storeId ?? undefined, can(user.role, 'getIntegrations'));
  const subscription = useSubscription(storeId ?? undefined);
  const now = useNow();
  const online = useOnline();
  const banners = shellBanners({
    role: user.role,
    pathname,
    storeId,
    integrations: integrations.data,
    subscription: subscription.data,
    now,
  });
  return (
    <>
      <OfflineBanner online={online} />
      {banners.map((banner) => (
        <AppBanner key={banner.id} banner={banner} linkComponent={RouterLink} />
      ))}
    </>
  );
}
