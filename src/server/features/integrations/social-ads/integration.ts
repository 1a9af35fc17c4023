import type { ServerFeature } from '../../../platform/feature.ts';
import { adAccountHandlers, campaignTargetingHandlers, socialAdsHandlers } from './handlers.ts';
import { registerMetaTokenCheckJob, scheduleMetaTokenCheck } from './token-check.ts';

/** Social ads (Meta): Facebook Login's token, the assets campaigns use, and the nightly check of the token. */
export const socialAdsIntegration: ServerFeature = {
  name: 'integrations/social-ads',
  start: ({ db, jobs, meta }) => {
    registerMetaTokenCheckJob(jobs, db, meta);
    return { app: { ...socialAdsHandlers(meta), ...campaignTargetingHandlers(meta) }, backend: adAccountHandlers };
  },
  schedule: (db) => scheduleMetaTokenCheck(db),
};
