export {
  registerStripeSandbox,
  type StartedStripeSandbox,
  type StripeSandbox,
  type StripeSandboxOptions,
  startStripeSandbox,
} from './server.ts';
export type { DeliveryRecord, PendingDelivery, WebhookTarget } from './webhooks.ts';
