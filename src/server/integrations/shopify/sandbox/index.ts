export {
  SANDBOX_PREFIX,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
  registerShopifySandbox,
  startShopifySandbox,
  type SandboxOptions,
  type ShopifySandbox,
  type StartedSandbox,
  type TickReport,
  type WebhookSubscription,
} from './server.ts';
export { checkoutPayload, deliverWebhook, orderPayload, type WebhookTarget } from './webhooks.ts';
export { TIMELINE_START_MS, TIMELINE_SECONDS, createDemoStore, type DemoStore, type GeneratorOptions } from './generator.ts';
