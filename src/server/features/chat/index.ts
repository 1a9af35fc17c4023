import type { ServerFeature } from '../../platform/feature.ts';
import { chatSubscriber } from './conversation-events.ts';
import { chatHandlers } from './handlers.ts';

/** The WhatsApp inbox: customers' conversations with the store's number, within WhatsApp's 24-hour rule (SPEC §2 Chat). */
export const chatFeature: ServerFeature = {
  name: 'chat',
  subscribers: () => [chatSubscriber()],
  start: ({ meta }) => ({ app: chatHandlers(meta) }),
};
