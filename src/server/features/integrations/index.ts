import { composeFeature } from '../../platform/feature.ts';
import { emailMarketingIntegration } from './email-marketing/integration.ts';
import { messagingIntegration } from './messaging/integration.ts';
import { integrationsOverview } from './overview.ts';
import { socialAdsIntegration } from './social-ads/integration.ts';
import { storeIntegration } from './store/integration.ts';

export { WHATSAPP_WEBHOOK_PATH } from './messaging/webhooks.ts';
export { connectStore } from './store/connection.ts';
export { INSTALL_CALLBACK_PATH } from './store/install.ts';
export { SHOPIFY_WEBHOOK_PATH } from './store/webhooks.ts';

/**
 * SPEC §2 Integrations, one folder per kind of platform, by what it does for the store: its store
 * (Shopify: connection, import, webhooks, nightly refresh), social ads (Meta), email marketing
 * (Klaviyo, with each segment's list sync) and messaging (WhatsApp, read through the social ads' Meta
 * connection). The folders never import each other (a lint rule); this one composes them, and the
 * overview reads each one's card.
 */
export const integrationsFeature = composeFeature('integrations', [
  storeIntegration,
  socialAdsIntegration,
  messagingIntegration,
  emailMarketingIntegration,
  integrationsOverview,
]);
