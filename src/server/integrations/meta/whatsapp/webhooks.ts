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
