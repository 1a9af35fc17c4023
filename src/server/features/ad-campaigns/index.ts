import type { ServerFeature } from '../../platform/feature.ts';
import { adCampaignHandlers, registerAdCampaignDiscardJob } from './handlers.ts';
import { adCampaignInsightsHandlers, registerAdInsightsJob, scheduleAdInsightsRefresh } from './insights.ts';
import { adMediaUploads } from './media.ts';

/** Meta ad campaigns: the wizard's rules, publication, media, insights and attribution (SPEC §2 Campaigns). */
export const adCampaignsFeature: ServerFeature = {
  name: 'ad-campaigns',
  start: ({ db, jobs, meta }) => {
    registerAdCampaignDiscardJob(jobs, db, meta);
    registerAdInsightsJob(jobs, db, meta);
    return {
      app: { ...adCampaignHandlers(meta), ...adCampaignInsightsHandlers(meta) },
      // An ad's video may weigh up to 300 MB (SPEC §5): received to disk, within its type's limit; every other body stays within the app's 1 MB.
      uploads: { uploadAdMedia: adMediaUploads },
    };
  },
  schedule: async (db) => {
    await scheduleAdInsightsRefresh(db);
  },
};
