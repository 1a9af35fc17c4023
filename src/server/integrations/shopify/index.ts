export * from './client.ts';
export { signWebhook, verifyWebhook } from './webhooks.ts';
export { WEBHOOK_TOPIC_HEADER } from './types.ts';
