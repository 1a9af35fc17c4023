import type { ServerFeature } from '../../../platform/feature.ts';
import { messagingHandlers } from './handlers.ts';
import { registerWhatsappWebhooks } from './webhooks.ts';

/**
 * Messaging (WhatsApp): the account and number campaigns and chat use, read through the store's Meta
 * connection, and the webhooks Meta sends about them.
 */
export const messagingIntegration: ServerFeature = {
  name: 'integrations/messaging',
  start: ({ app, db, events, config, meta }) => {
    registerWhatsappWebhooks(app, db, events, { appSecret: config.meta.appSecret, verifyToken: config.meta.webhookVerifyToken });
    return { app: messagingHandlers(meta) };
  },
};
