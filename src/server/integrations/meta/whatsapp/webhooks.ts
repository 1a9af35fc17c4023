import type { MessagingLimitTier, QualityRating, TemplateCategory } from './types.ts';

/*
 * The WhatsApp Business Account webhooks Recompra subscribes to, as Meta sends them: a POST of
 * `{object: "whatsapp_business_account", entry: [{id: <WABA id>, time, changes: [{field, value}]}]}`,
 * signed with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body under the app secret>`, several
 * changes batched in one delivery, sometimes delivered twice and sometimes late. The sandbox builds its
 * payloads with these types.
 */

export const WHATSAPP_WEBHOOK_OBJECT = 'whatsapp_business_account';

/** `message_template_status_update`: a template was approved, rejected, paused, disabled, reinstated… */
export interface TemplateStatusUpdate {
  event: 'APPROVED' | 'REJECTED' | 'PENDING' | 'PAUSED' | 'DISABLED' | 'REINSTATED' | 'FLAGGED' | 'PENDING_DELETION' | 'IN_APPEAL';
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  /** The rejection's reason (INVALID_FORMAT, PROMOTIONAL…), else NONE or null. */
  reason: string | null;
  message_template_category?: TemplateCategory;
  /** Only for a rejection with INVALID_FORMAT. */
  rejection_info?: { reason: string; recommendation: string };
  /** Only when disabled: Unix seconds as text. */
  disable_info?: { disable_date: string };
  /** Only when paused: FIRST_PAUSE or SECOND_PAUSE, and Meta's text. */
  other_info?: { title: string; description: string };
}

/** `message_template_quality_update`. */
export interface TemplateQualityUpdate {
  previous_quality_score: QualityRating;
  new_quality_score: QualityRating;
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
}

/** `phone_number_quality_update`: the number's quality changed (FLAGGED, UNFLAGGED) or its portfolio's limit moved. */
export interface PhoneNumberQualityUpdate {
  display_phone_number: string;
  event: 'FLAGGED' | 'UNFLAGGED' | 'DOWNGRADE' | 'UPGRADE' | 'ONBOARDING';
  current_limit: MessagingLimitTier;
  /** The portfolio's limit as a number (-1 unlimited). */
  max_daily_conversations_per_business?: number;
}

export interface WhatsAppChangeValues {
  message_template_status_update: TemplateStatusUpdate;
  message_template_quality_update: TemplateQualityUpdate;
  phone_number_quality_update: PhoneNumberQualityUpdate;
}
export type WhatsAppWebhookField = keyof WhatsAppChangeValues;
export const WHATSAPP_WEBHOOK_FIELDS: readonly WhatsAppWebhookField[] = [
  'message_template_status_update',
  'message_template_quality_update',
  'phone_number_quality_update',
];

export type WhatsAppChange = { [F in WhatsAppWebhookField]: { field: F; value: WhatsAppChangeValues[F] } }[WhatsAppWebhookField];

export interface WhatsAppWebhookEntry {
  /** The WhatsApp Business Account's id. */
  id: string;
  /** Unix seconds. */
  time: number;
  changes: WhatsAppChange[];
}

export interface WhatsAppWebhookPayload {
  object: typeof WHATSAPP_WEBHOOK_OBJECT;
  entry: WhatsAppWebhookEntry[];
}
