import type { ServerFeature } from '../../platform/feature.ts';
import { whatsappTemplateHandlers } from './handlers.ts';
import { templateMediaUploads } from './media.ts';
import { registerTemplateSyncJobs, scheduleTemplateSync, templateStatusSubscriber } from './template-status.ts';

/** WhatsApp's message templates, through Meta's review (SPEC §2 WhatsApp); campaigns come next. */
export const whatsappFeature: ServerFeature = {
  name: 'whatsapp',
  subscribers: () => [templateStatusSubscriber()],
  start: ({ db, jobs, meta, events }) => {
    registerTemplateSyncJobs(jobs, db, meta, events);
    return {
      app: whatsappTemplateHandlers(meta),
      // A header's document may weigh up to 100 MB: received to disk, within its type's limit.
      uploads: { uploadWhatsappTemplateMedia: templateMediaUploads },
    };
  },
  schedule: async (db) => {
    await scheduleTemplateSync(db);
  },
};
