import { z } from 'zod';
import type { components } from './api/app.gen';
import { META_OBJECT_ID } from './social-ads';

type WhatsappSettingsRequest = components['schemas']['WhatsappSettingsRequest'];
type IntegrationState = components['schemas']['IntegrationState'];
export type WhatsappMessagingLimit = components['schemas']['WhatsappMessagingLimit'];

/** One choice of the messaging form: required (SPEC §5), and one of Meta's ids. */
const whatsappObjectId = z
  .string()
  .min(1, 'messagingForm.errors.required')
  .max(META_OBJECT_ID.maxLength, 'messagingForm.errors.notAnOption')
  .regex(META_OBJECT_ID.pattern, 'messagingForm.errors.notAnOption');

/** Mirrors `WhatsappSettingsRequest`; the messages are keys of the `integrations` text group. */
export const messagingSchema = z.strictObject({
  whatsappId: whatsappObjectId,
  whatsappPhoneNumberId: whatsappObjectId,
}) satisfies z.ZodType<WhatsappSettingsRequest, WhatsappSettingsRequest>;

export type MessagingInput = z.input<typeof messagingSchema>;
export type MessagingField = keyof MessagingInput;

/** The form's fields in the order it asks for them: the WhatsApp Business Account, then its number. */
export const MESSAGING_FIELDS = ['whatsappId', 'whatsappPhoneNumberId'] as const satisfies readonly MessagingField[];

/**
 * What the messaging integration waits for (SPEC §5): the store first, then the social ads integration,
 * whose business manager the WhatsApp Business Accounts are read from (the same Facebook Login). Null when
 * nothing is missing. The form and the server ask the same question.
 */
export type MessagingPrerequisite = 'store' | 'socialAds';

export function missingForMessaging(integrations: {
  store: IntegrationState;
  /** The social ads integration's state; it counts once its assets are saved. */
  socialAds: IntegrationState;
}): MessagingPrerequisite | null {
  if (integrations.store === 'notConnected') return 'store';
  if (integrations.socialAds === 'notConnected') return 'socialAds';
  return null;
}

/**
 * Unique customers the business may reach outside a conversation they started, in 24 hours, per tier
 * (null: unlimited). Meta sets it per business portfolio since October 2025.
 */
export const MESSAGING_LIMIT_CUSTOMERS: Record<NonNullable<WhatsappMessagingLimit>, number | null> = {
  TIER_250: 250,
  TIER_2K: 2000,
  TIER_10K: 10000,
  TIER_100K: 100000,
  TIER_UNLIMITED: null,
};
