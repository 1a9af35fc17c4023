import type { ServerFeature } from '../../../platform/feature.ts';
import { shopifyAccess } from './connection.ts';
import { registerDataRequestJob } from './data-requests.ts';
import { storeConnectionHandlers, storeSyncHandlers } from './handlers.ts';
import { shopifyInstallHandlers, shopifyOAuthFor } from './install.ts';
import { registerNightlyJob, scheduleNightly } from './nightly.ts';
import { registerSyncJob } from './sync.ts';
import { registerShopifyWebhooks } from './webhooks.ts';

/** The store platform (Shopify): connection by token or by installing our app, the import, webhooks and the nightly refresh. */
export const storeIntegration: ServerFeature = {
  name: 'integrations/store',
  start: ({ app, db, config, events, jobs, mailer, secrets }) => {
    const shopify = shopifyAccess(config.shopifyEndpoint, secrets, config.publicUrl);
    registerSyncJob(jobs, { db, events }, shopify);
    registerNightlyJob(jobs, { db, events }, shopify);
    registerDataRequestJob(jobs, db, mailer);
    registerShopifyWebhooks(app, db, events, config.shopifyWebhookSecret, secrets);
    return {
      app: storeSyncHandlers,
      backend: { ...storeConnectionHandlers(shopify), ...shopifyInstallHandlers(shopify, shopifyOAuthFor(config)) },
    };
  },
  schedule: (db) => scheduleNightly(db),
};
