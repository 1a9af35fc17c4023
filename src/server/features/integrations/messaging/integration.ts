import type { ServerFeature } from '../../../platform/feature.ts';
import { messagingHandlers } from './handlers.ts';

/** Messaging (WhatsApp): the account and number campaigns and chat use, read through the store's Meta connection. */
export const messagingIntegration: ServerFeature = {
  name: 'integrations/messaging',
  start: ({ meta }) => ({ app: messagingHandlers(meta) }),
};
