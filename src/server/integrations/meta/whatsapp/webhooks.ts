import { createHmac, timingSafeEqual } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { MESSAGING_LIMIT_TIERS, type MessagingLimitTier, type QualityRating, type TemplateCategory } from './types.ts';

/*
 * The WhatsApp Business Account webhooks Recompra subscribes to, as Meta sends them: a POST of
 * `{object: "whatsapp_business_account", entry: [{id: <WABA id>, time, changes: [{field, value}]}]}`,
 * signed with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body under the app secret>`, several
 * changes batched in one delivery, sometimes delivered twice and sometimes late (so a receiver applies a
 * change only when it is newer than what it holds, and ignores a change it already applied). Meta checks the
 * callback URL first with a GET handshake (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`, which
 * the endpoint echoes). The sandbox builds its payloads with these types.
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

/* The `messages` field: statuses of what the number sent, what customers sent it, and clicks (Meta's shapes). */

/** The business number a `messages` or `user_preferences` change is about. */
export interface WebhookMetadata {
  /** Digits only, as Meta writes it here: `56923456701`. */
  display_phone_number: string;
  phone_number_id: string;
}

/**
 * A WhatsApp user. `wa_id` is the phone's digits; since 2026 a user who chose a username may be known only by
 * the business-scoped user id (`user_id`, like `CL.1234567890123456789`), with no `wa_id` at all.
 */
export interface WebhookContact {
  profile?: { name?: string; username?: string };
  wa_id?: string;
  user_id?: string;
}

/** One of Meta's errors in a webhook (a failed status, or a change Meta could not process). */
export interface WebhookError {
  code: number;
  title: string;
  message?: string;
  error_data?: { details: string };
  href?: string;
}

export type MessageStatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** `statuses[]`: what happened to a message the number sent. */
export interface WebhookStatus {
  /** The wamid the send answered. */
  id: string;
  status: MessageStatusName;
  /** Unix seconds, as text. */
  timestamp: string;
  /** The user's wa_id (absent for a user known only by `recipient_user_id`). */
  recipient_id?: string;
  recipient_user_id?: string;
  biz_opaque_callback_data?: string;
  /** Per-message pricing (July 2025 on): billable, PMP, the template's category, regular or free. */
  pricing?: { billable: boolean; pricing_model: string; category: string; type?: string };
  errors?: WebhookError[];
}

/** `messages[]`: what a customer sent; the type's own object sits under the type's name (`text`, `image`…). */
export interface WebhookMessage {
  /** The user's wa_id; absent for a user known only by `from_user_id`. */
  from?: string;
  from_user_id?: string;
  id: string;
  timestamp: string;
  type: string;
  /** The business message this one answers (a quick reply's template, a reply, a reaction's target is in `reaction`). */
  context?: { from?: string; id: string };
  text?: { body: string };
  /** A template's quick-reply button tapped. */
  button?: { payload: string; text: string };
  interactive?: {
    type: 'button_reply' | 'list_reply' | string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string; description?: string };
  };
  reaction?: { message_id: string; emoji?: string };
  errors?: WebhookError[];
  [kind: string]: unknown;
}

/** `user_actions[]`: Meta's click events for messages sent through the Marketing Messages API. */
export interface WebhookUserAction {
  action_type: 'marketing_messages_link_click' | string;
  /** Unix seconds (as Meta writes it, number or text). */
  timestamp: string | number;
  marketing_messages_link_click_data?: {
    click_component?: 'cta' | 'body';
    product_id?: string;
    click_id?: string;
    /** Meta's token of the message, also on the message's record in the sandbox. */
    tracking_token?: string;
  };
}

export interface MessagesValue {
  messaging_product: 'whatsapp';
  metadata: WebhookMetadata;
  contacts?: WebhookContact[];
  messages?: WebhookMessage[];
  statuses?: WebhookStatus[];
  user_actions?: WebhookUserAction[];
  errors?: WebhookError[];
}

/** `user_preferences`: a user stopped or resumed the business's marketing messages. */
export interface UserPreferencesValue {
  messaging_product: 'whatsapp';
  metadata: WebhookMetadata;
  contacts?: WebhookContact[];
  user_preferences: Array<{
    wa_id?: string;
    user_id?: string;
    detail: string;
    category: 'marketing_messages' | string;
    value: 'stop' | 'resume' | string;
    timestamp: number | string;
  }>;
}

export interface WhatsAppChangeValues {
  message_template_status_update: TemplateStatusUpdate;
  message_template_quality_update: TemplateQualityUpdate;
  phone_number_quality_update: PhoneNumberQualityUpdate;
  messages: MessagesValue;
  user_preferences: UserPreferencesValue;
}
export type WhatsAppWebhookField = keyof WhatsAppChangeValues;
export const WHATSAPP_WEBHOOK_FIELDS: readonly WhatsAppWebhookField[] = [
  'message_template_status_update',
  'message_template_quality_update',
  'phone_number_quality_update',
  'messages',
  'user_preferences',
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

/** `X-Hub-Signature-256` for a webhook body: `sha256=` and the hex HMAC-SHA256 of the raw bytes under the app secret. */
export function signWhatsAppWebhook(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True when `header` is the signature of exactly these bytes (check the raw body, before parsing it). */
export function verifyWhatsAppSignature(rawBody: string | Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWhatsAppWebhook(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The GET handshake Meta sends to a callback URL before using it: the challenge to answer (as plain text,
 * status 200) when the mode is `subscribe` and the verify token is ours; null otherwise (answer 403).
 */
export function subscriptionChallenge(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || challenge === '') return null;
  const expected = Buffer.from(verifyToken);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? challenge : null;
}

const QUALITY = { enum: ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] };
const TEMPLATE_ID = { type: 'integer', minimum: 1 };
const TEXT = { type: 'string', minLength: 1 };

const STATUS_SCHEMA = {
  type: 'object',
  required: ['event', 'message_template_id', 'message_template_name', 'message_template_language'],
  properties: {
    event: { type: 'string', minLength: 1 },
    message_template_id: TEMPLATE_ID,
    message_template_name: TEXT,
    message_template_language: TEXT,
    reason: { type: ['string', 'null'] },
    message_template_category: { type: 'string' },
    rejection_info: { type: 'object', required: ['reason', 'recommendation'] },
    disable_info: { type: 'object', required: ['disable_date'] },
    other_info: { type: 'object', required: ['title'] },
  },
};

const QUALITY_SCHEMA = {
  type: 'object',
  required: ['previous_quality_score', 'new_quality_score', 'message_template_id', 'message_template_name', 'message_template_language'],
  properties: {
    previous_quality_score: QUALITY,
    new_quality_score: QUALITY,
    message_template_id: TEMPLATE_ID,
    message_template_name: TEXT,
    message_template_language: TEXT,
  },
};

const PHONE_SCHEMA = {
  type: 'object',
  required: ['display_phone_number', 'event', 'current_limit'],
  properties: {
    display_phone_number: TEXT,
    event: { enum: ['FLAGGED', 'UNFLAGGED', 'DOWNGRADE', 'UPGRADE', 'ONBOARDING'] },
    current_limit: { enum: [...MESSAGING_LIMIT_TIERS] },
    max_daily_conversations_per_business: { type: 'integer' },
  },
};

const METADATA = {
  type: 'object',
  required: ['phone_number_id'],
  properties: { phone_number_id: { type: 'string', pattern: '^[0-9]+$' }, display_phone_number: { type: 'string' } },
};
const WEBHOOK_ERRORS = {
  type: 'array',
  items: { type: 'object', required: ['code'], properties: { code: { type: 'integer' }, title: { type: 'string' } } },
};
const TIMESTAMP = { type: ['string', 'integer'] };

const MESSAGES_SCHEMA = {
  type: 'object',
  required: ['metadata'],
  properties: {
    metadata: METADATA,
    contacts: { type: 'array', items: { type: 'object' } },
    statuses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'status', 'timestamp'],
        properties: {
          id: TEXT,
          status: { enum: ['sent', 'delivered', 'read', 'failed', 'deleted', 'warning', 'played'] },
          timestamp: TIMESTAMP,
          recipient_id: { type: 'string' },
          errors: WEBHOOK_ERRORS,
        },
      },
    },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'timestamp', 'type'],
        properties: { id: TEXT, timestamp: TIMESTAMP, type: TEXT, from: { type: 'string' }, from_user_id: { type: 'string' } },
      },
    },
    user_actions: {
      type: 'array',
      items: { type: 'object', required: ['action_type'], properties: { action_type: TEXT, timestamp: TIMESTAMP } },
    },
    errors: WEBHOOK_ERRORS,
  },
};

const PREFERENCES_SCHEMA = {
  type: 'object',
  required: ['metadata', 'user_preferences'],
  properties: {
    metadata: METADATA,
    user_preferences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['category', 'value'],
        properties: { category: TEXT, value: TEXT, wa_id: { type: 'string' }, user_id: { type: 'string' }, timestamp: TIMESTAMP },
      },
    },
  },
};

const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['object', 'entry'],
  properties: {
    object: { const: WHATSAPP_WEBHOOK_OBJECT },
    entry: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'changes'],
        properties: {
          id: { type: 'string', pattern: '^[0-9]+$' },
          time: { type: 'integer' },
          changes: { type: 'array', items: { type: 'object', required: ['field', 'value'], properties: { field: { type: 'string' } } } },
        },
      },
    },
  },
};

const ajv = new Ajv2020({ strict: false, allErrors: false });
const validEnvelope = ajv.compile(ENVELOPE_SCHEMA) as ValidateFunction<{
  object: typeof WHATSAPP_WEBHOOK_OBJECT;
  entry: Array<{ id: string; time?: number; changes: Array<{ field: string; value: unknown }> }>;
}>;
const VALID_VALUE: { [F in WhatsAppWebhookField]: ValidateFunction } = {
  message_template_status_update: ajv.compile(STATUS_SCHEMA),
  message_template_quality_update: ajv.compile(QUALITY_SCHEMA),
  phone_number_quality_update: ajv.compile(PHONE_SCHEMA),
  messages: ajv.compile(MESSAGES_SCHEMA),
  user_preferences: ajv.compile(PREFERENCES_SCHEMA),
};

/** One change of a delivery, with the WABA it is about and when Meta says it happened (Unix seconds, 0 when not said). */
export type WhatsAppDeliveredChange = WhatsAppChange & { wabaId: string; time: number };

/**
 * The delivery's changes of the fields we handle, each checked against its field's schema; changes of other
 * fields are skipped (an app subscribed to more fields gets them too). Null when the body is not a
 * WhatsApp Business Account webhook or one of our changes is malformed: answer 400.
 */
export function parseWhatsAppWebhook(payload: unknown): { changes: WhatsAppDeliveredChange[]; skipped: number } | null {
  if (!validEnvelope(payload)) return null;
  const changes: WhatsAppDeliveredChange[] = [];
  let skipped = 0;
  for (const entry of payload.entry)
    for (const change of entry.changes) {
      const field = change.field as WhatsAppWebhookField;
      if (!WHATSAPP_WEBHOOK_FIELDS.includes(field)) {
        skipped += 1;
        continue;
      }
      if (!VALID_VALUE[field](change.value)) return null;
      changes.push({ field, value: change.value, wabaId: entry.id, time: entry.time ?? 0 } as WhatsAppDeliveredChange);
    }
  return { changes, skipped };
}

/**
 * How long Meta pauses a template whose quality fell to RED, by its PAUSED event's `other_info.title`: 3 hours
 * the first time, 6 the second (Meta's pacing today; SPEC §4 says 24). The event names no end: it is counted
 * from the change's time.
 */
export const TEMPLATE_PAUSE_HOURS: Readonly<Record<string, number>> = { FIRST_PAUSE: 3, SECOND_PAUSE: 6 };

/** Until when a PAUSED template stays paused, from its event and the change's time; null when Meta did not say which pause. */
export function pausedUntilOf(update: TemplateStatusUpdate, changedAt: Date): Date | null {
  const hours = update.other_info ? TEMPLATE_PAUSE_HOURS[update.other_info.title] : undefined;
  return hours === undefined ? null : new Date(changedAt.getTime() + hours * 3_600_000);
}
