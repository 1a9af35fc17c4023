import type { ServerFeature } from '../../../platform/feature.ts';
import { emailMarketingHandlers } from './handlers.ts';
import { klaviyoAccess, klaviyoSyncSubscriber, registerKlaviyoSyncJobs } from './klaviyo-sync.ts';

/** Email marketing (Klaviyo): the store's key, and each segment's list kept in step by its sync. */
export const emailMarketingIntegration: ServerFeature = {
  name: 'integrations/email-marketing',
  subscribers: () => [klaviyoSyncSubscriber()],
  start: ({ db, config, jobs, secrets }) => {
    const klaviyo = klaviyoAccess(config.klaviyoBaseUrl, secrets);
    registerKlaviyoSyncJobs(jobs, db, klaviyo);
    return { app: emailMarketingHandlers(klaviyo) };
  },
};
