export { createDemoStore, type DemoStore, type GeneratorOptions, TIMELINE_SECONDS, TIMELINE_START_MS } from './generator.ts';
export type { AppConfiguration, CustomerRequestOptions, LifecycleDelivery } from './lifecycle.ts';
export { registerShopifySandboxOAuth, SANDBOX_APP, type SandboxApp, type SandboxOAuthOptions, signInstallRedirect } from './oauth.ts';
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
export {
  checkoutPayload,
  customerPayload,
  deliverWebhook,
  orderCheckoutPayload,
  orderPayload,
  refundPayload,
  type WebhookTarget,
} from './webhooks.ts';
