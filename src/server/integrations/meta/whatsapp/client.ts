import type { GraphCaller } from '../ads-client.ts';
import { MetaUnavailableError } from '../errors.ts';
import {
  type GraphSubscribedApp,
  type GraphWhatsAppBusinessAccount,
  type GraphWhatsAppPhoneNumber,
  MESSAGING_LIMIT_TIERS,
  type MessagingLimitTier,
  type QualityRating,
  type WhatsAppBusinessAccount,
  type WhatsAppPhoneNumber,
  type WhatsAppSubscribedApp,
} from './types.ts';

/*
 * The WhatsApp Business Management API calls, over the person's connection of meta/client.ts (token,
 * appsecret_proof, retries, throttling, Meta's errors, lists followed by their cursor): no maintained
 * official Node SDK can be pointed at the sandbox, so the client is this thin typed layer. Needs
 * whatsapp_business_management (and business_management to list a business's accounts).
 */

export interface WhatsAppCalls {
  /** The business's owned and client WhatsApp Business Accounts, each once (owned first). */
  businessAccounts(businessId: string): Promise<WhatsAppBusinessAccount[]>;
  /** The WABA's business phone numbers, with their quality and the portfolio's messaging limit. */
  phoneNumbers(wabaId: string): Promise<WhatsAppPhoneNumber[]>;
  phoneNumber(phoneNumberId: string): Promise<WhatsAppPhoneNumber>;
  /** The business portfolio's messaging limit (shared by all its numbers); null when Meta did not say. */
  messagingLimit(businessId: string): Promise<MessagingLimitTier | null>;
  /** The apps subscribed to the WABA's webhooks. */
  subscribedApps(wabaId: string): Promise<WhatsAppSubscribedApp[]>;
  /** Subscribes the calling app to the WABA's webhooks (repeating it changes nothing). */
  subscribeApp(wabaId: string): Promise<void>;
  unsubscribeApp(wabaId: string): Promise<void>;
}

const WABA_FIELDS = 'id,name,currency,timezone_id,business_verification_status,account_review_status,message_template_namespace';
const PHONE_FIELDS =
  'id,display_phone_number,verified_name,quality_rating,code_verification_status,name_status,throughput,whatsapp_business_manager_messaging_limit';

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

const QUALITY: readonly QualityRating[] = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'];
const qualityOf = (value: unknown): QualityRating => (QUALITY.includes(value as QualityRating) ? (value as QualityRating) : 'UNKNOWN');

const limitOf = (value: unknown): MessagingLimitTier | null =>
  MESSAGING_LIMIT_TIERS.includes(value as MessagingLimitTier) ? (value as MessagingLimitTier) : null;

const accountOf =
  (ownership: WhatsAppBusinessAccount['ownership']) =>
  (raw: GraphWhatsAppBusinessAccount): WhatsAppBusinessAccount => ({
    id: text(raw.id),
    name: text(raw.name),
    ownership,
    currency: text(raw.currency),
    timezoneId: text(raw.timezone_id),
    businessVerificationStatus: text(raw.business_verification_status),
    accountReviewStatus: text(raw.account_review_status),
    messageTemplateNamespace: text(raw.message_template_namespace),
  });

export const phoneNumberOf = (raw: GraphWhatsAppPhoneNumber): WhatsAppPhoneNumber => ({
  id: text(raw.id),
  displayPhoneNumber: text(raw.display_phone_number),
  verifiedName: text(raw.verified_name),
  qualityRating: qualityOf(raw.quality_rating),
  codeVerificationStatus: text(raw.code_verification_status),
  nameStatus: text(raw.name_status),
  throughputLevel: text(raw.throughput?.level),
  messagingLimit: limitOf(raw.whatsapp_business_manager_messaging_limit),
});

const node = (id: string) => `/${encodeURIComponent(id)}`;

export function createWhatsAppCalls(graph: GraphCaller): WhatsAppCalls {
  return {
    async businessAccounts(businessId) {
      const owned = await graph.list(`${node(businessId)}/owned_whatsapp_business_accounts`, { fields: WABA_FIELDS }, accountOf('owned'));
      const client = await graph.list(
        `${node(businessId)}/client_whatsapp_business_accounts`,
        { fields: WABA_FIELDS },
        accountOf('client'),
      );
      const seen = new Set(owned.map((account) => account.id));
      return [...owned, ...client.filter((account) => !seen.has(account.id))];
    },

    phoneNumbers: (wabaId) => graph.list(`${node(wabaId)}/phone_numbers`, { fields: PHONE_FIELDS }, phoneNumberOf),

    async phoneNumber(phoneNumberId) {
      return phoneNumberOf((await graph.get(node(phoneNumberId), { fields: PHONE_FIELDS })) as unknown as GraphWhatsAppPhoneNumber);
    },

    async messagingLimit(businessId) {
      const body = await graph.get(node(businessId), { fields: 'id,whatsapp_business_manager_messaging_limit' });
      return limitOf(body.whatsapp_business_manager_messaging_limit);
    },

    subscribedApps: (wabaId) =>
      graph.list(`${node(wabaId)}/subscribed_apps`, {}, (raw: GraphSubscribedApp) => ({
        id: text(raw.whatsapp_business_api_data?.id),
        name: text(raw.whatsapp_business_api_data?.name),
        link: text(raw.whatsapp_business_api_data?.link),
      })),

    async subscribeApp(wabaId) {
      // Subscribing twice leaves one subscription: safe to repeat after a 5xx.
      const body = await graph.post(`${node(wabaId)}/subscribed_apps`, {}, { idempotent: true });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó la suscripción', 200);
    },

    async unsubscribeApp(wabaId) {
      const body = await graph.delete(`${node(wabaId)}/subscribed_apps`, {}, { idempotent: true });
      if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó la baja de la suscripción', 200);
    },
  };
}
