import type { ServerFeature } from '../../platform/feature.ts';
import { chatMediaUploads } from './attachments.ts';
import { chatSubscriber } from './conversation-events.ts';
import { chatHandlers } from './handlers.ts';
import { registerChatMediaJob } from './media.ts';

/** The WhatsApp inbox: customers' conversations with the store's number, within WhatsApp's 24-hour rule (SPEC §2 Chat). */
export const chatFeature: ServerFeature = {
  name: 'chat',
  subscribers: () => [chatSubscriber()],
  // An attachment may weigh up to 100 MB (a document): received to disk, within its kind's limit.
  start: ({ meta, clock, jobs, db }) => {
    registerChatMediaJob(jobs, db, meta);
    return { app: chatHandlers(meta, clock), uploads: { sendConversationMedia: chatMediaUploads } };
  },
};
