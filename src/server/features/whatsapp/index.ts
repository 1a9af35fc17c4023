import type { ServerFeature } from '../../platform/feature.ts';
import { campaignSubscriber } from './campaign-events.ts';
import { whatsappCampaignHandlers } from './campaign-handlers.ts';
import { metaMessagePort, registerOptOutConfirmation } from './campaign-meta-port.ts';
import { registerSenderJobs, scheduleOutboxSweep } from './campaign-sender.ts';
import { whatsappTemplateHandlers } from './handlers.ts';
import { templateMediaUploads } from './media.ts';
import { registerTemplateSyncJobs, scheduleTemplateSync, templateStatusSubscriber } from './template-status.ts';

/** WhatsApp's message templates, through Meta's review, and the campaigns that send them (SPEC §2 WhatsApp). */
export const whatsappFeature: ServerFeature = {
  name: 'whatsapp',
  subscribers: (events) => [templateStatusSubscriber(), campaignSubscriber(events)],
  start: ({ db, jobs, meta, events, config }) => {
    registerTemplateSyncJobs(jobs, db, meta, events);
    const port = metaMessagePort(db, meta);
    registerSenderJobs(jobs, db, port, config.whatsappSending, events);
    registerOptOutConfirmation(jobs, db, meta);
    return {
      app: { ...whatsappTemplateHandlers(meta), ...whatsappCampaignHandlers() },
      // A header's document may weigh up to 100 MB: received to disk, within its type's limit.
      uploads: { uploadWhatsappTemplateMedia: templateMediaUploads },
    };
  },
  schedule: async (db, config) => {
    await scheduleTemplateSync(db);
    await scheduleOutboxSweep(db, config.whatsappSending.sweepEveryMs);
  },
};
