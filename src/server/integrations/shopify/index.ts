export * from './client.ts';
export { WEBHOOK_TOPIC_HEADER } from './types.ts';
export { signWebhook, verifyWebhook } from './webhooks.ts';
