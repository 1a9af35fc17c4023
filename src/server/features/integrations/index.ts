import type { ServerFeature } from '../../platform/feature.ts';
import { shopifyAccess } from './connection.ts';
import { emailMarketingHandlers } from './email-marketing.ts';
import { integrationHandlers, storeConnectionHandlers } from './handlers.ts';
import { shopifyInstallHandlers, shopifyOAuthFor } from './install.ts';
import { klaviyoAccess, klaviyoSyncSubscriber, registerKlaviyoSyncJobs } from './klaviyo-sync.ts';
import { registerNightlyJob, scheduleNightly } from './nightly.ts';
import {
  adAccountHandlers,
  campaignTargetingHandlers,
  registerMetaTokenCheckJob,
  scheduleMetaTokenCheck,
  socialAdsHandlers,
} from './social-ads.ts';
import { registerSyncJob } from './sync.ts';
import { registerShopifyWebhooks } from './webhooks.ts';

export { connectStore } from './connection.ts';
export { INSTALL_CALLBACK_PATH } from './install.ts';

/**
 * The store platform (Shopify: connection, import, webhooks, nightly refresh), social ads (Meta) and
 * email marketing (Klaviyo, with each segment's list sync): SPEC §2 Integrations.
 */
export const integrationsFeature: ServerFeature = {
  name: 'integrations',
  subscribers: () => [klaviyoSyncSubscriber()],
  start: ({ app, db, config, events, jobs, secrets, meta }) => {
    const shopify = shopifyAccess(config.shopifyEndpoint, secrets, config.publicUrl);
    const klaviyo = klaviyoAccess(config.klaviyoBaseUrl, secrets);
    registerKlaviyoSyncJobs(jobs, db, klaviyo);
    registerSyncJob(jobs, { db, events }, shopify);
    registerNightlyJob(jobs, { db, events }, shopify);
    registerMetaTokenCheckJob(jobs, db, meta);
    registerShopifyWebhooks(app, db, events, config.shopifyWebhookSecret, secrets);
    return {
      app: { ...integrationHandlers, ...emailMarketingHandlers(klaviyo), ...socialAdsHandlers(meta), ...campaignTargetingHandlers(meta) },
      backend: { ...storeConnectionHandlers(shopify), ...shopifyInstallHandlers(shopify, shopifyOAuthFor(config)), ...adAccountHandlers },
    };
  },
  schedule: async (db) => {
    await scheduleNightly(db);
    await scheduleMetaTokenCheck(db);
  },
};
