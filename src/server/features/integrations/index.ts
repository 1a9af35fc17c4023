import { composeFeature } from '../../platform/feature.ts';
import { emailMarketingIntegration } from './email-marketing/integration.ts';
import { overviewHandlers } from './overview.ts';
import { socialAdsIntegration } from './social-ads/integration.ts';
import { storeIntegration } from './store/integration.ts';

export { connectStore } from './store/connection.ts';
export { INSTALL_CALLBACK_PATH } from './store/install.ts';
export { SHOPIFY_WEBHOOK_PATH } from './store/webhooks.ts';

/**
 * SPEC §2 Integrations, one folder per kind of platform, by what it does for the store: its store
 * (Shopify: connection, import, webhooks, nightly refresh), social ads (Meta) and email marketing
 * (Klaviyo, with each segment's list sync). Messaging (WhatsApp) joins them as one more folder and one
 * more line here. The folders never import each other (a lint rule); this one composes them.
 */
export const integrationsFeature = composeFeature('integrations', [storeIntegration, socialAdsIntegration, emailMarketingIntegration], {
  app: overviewHandlers,
});
