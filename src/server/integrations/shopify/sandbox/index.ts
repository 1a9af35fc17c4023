export { createDemoStore, type DemoStore, type GeneratorOptions, TIMELINE_SECONDS, TIMELINE_START_MS } from './generator.ts';
export {
  registerShopifySandbox,
  SANDBOX_PREFIX,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
  type SandboxOptions,
  type ShopifySandbox,
  type StartedSandbox,
  startShopifySandbox,
  type TickReport,
  type WebhookSubscription,
} from './server.ts';
export { checkoutPayload, deliverWebhook, orderPayload, type WebhookTarget } from './webhooks.ts';
