export { appSecretProof, LONG_LIVED_SECONDS, type SandboxMetaApp, type SandboxToken, SHORT_LIVED_SECONDS } from './auth.ts';
export { SANDBOX_META_IDS, SANDBOX_META_USERS } from './demo.ts';
export { AD_SUBCODES, type GraphErrorFields } from './errors.ts';
export { MIN_IMAGE_HEIGHT, MIN_IMAGE_WIDTH } from './media.ts';
export type { MetaRateLimits } from './rate-limits.ts';
export { CHILE_CITIES, CHILE_REGIONS, INTERESTS } from './search.ts';
export {
  type IssueTokenOptions,
  META_SANDBOX_PREFIX,
  type MetaSandbox,
  type MetaSandboxOptions,
  registerMetaSandbox,
  SANDBOX_META_APP,
  type StartedMetaSandbox,
  startMetaSandbox,
  type WhatsAppSandboxControl,
} from './server.ts';
export type { MetaSandboxStore, SandboxAdAccount, SandboxBusiness, SandboxCustomAudience, SandboxUser } from './store.ts';
export { MAX_INTERESTS } from './targeting.ts';
export type { WhatsAppWebhookDelivery, WhatsAppWebhookHabits } from './whatsapp-webhooks.ts';
