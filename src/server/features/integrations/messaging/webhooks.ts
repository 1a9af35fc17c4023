import type { FastifyInstance } from 'fastify';
import { toE164 } from '../../../../shared/whatsapp-campaigns.ts';
import {
  type MessagesValue,
  parseWhatsAppWebhook,
  pausedUntilOf,
  subscriptionChallenge,
  type UserPreferencesValue,
  verifyWhatsAppSignature,
  type WebhookContact,
  type WebhookMessage,
  type WhatsAppDeliveredChange,
} from '../../../integrations/meta/whatsapp/webhooks.ts';
import { storesOfWhatsappAccount, storesOfWhatsappNumber } from '../../../platform/connections/whatsapp-connection.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import { customersWithPhone } from '../../../platform/store-data/audiences.ts';
import type {
  StoreEvent,
  StoreEvents,
  WhatsappInboundMessage,
  WhatsappLinkClick,
  WhatsappStatusUpdate,
  WhatsappTemplateChange,
} from '../../../platform/store-data/store-events.ts';
import { recordWhatsappPreference } from '../../../platform/store-data/whatsapp-preferences.ts';
import { applyPhoneQualityUpdate } from './repository.ts';

/*
 * WhatsApp's webhooks (the `whatsapp_business_account` object our app is subscribed to on each connected
 * account, `subscribed_apps`). Meta first checks the address with a GET handshake (`hub.challenge`, our
 * verify token). Each POST is checked against the HMAC of its raw body under the app's secret, then
 * each change becomes what it is for the stores connected to that account: a template's review, pause or
 * quality a store event the templates apply once and only forward (a duplicate or late delivery changes
 * nothing); the number's quality the card's own. The `messages` field (statuses of what the store's number
 * sent, customers' messages, Meta's click events) becomes events of the stores sending from that number, and
 * `user_preferences` (stop or resume promotions) one per person of the account's stores, with the customers
 * that have that phone. They are only recorded, as delivered (repeats and any order included): what a stop
 * or a status means is for the features that subscribe. A bad signature or body writes nothing.
 */

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';

const messages = {
  badSignature: 'Firma inválida.',
  badHandshake: 'El token de verificación no coincide.',
  invalidPayload: 'El contenido del webhook no es una notificación válida de WhatsApp.',
};

/** A template's change as the templates feature reads it, Meta's words kept. */
function templateChangeOf(change: WhatsAppDeliveredChange, at: Date): WhatsappTemplateChange | null {
  const base = { wabaId: change.wabaId, at: at.toISOString() };
  if (change.field === 'message_template_status_update') {
    const value = change.value;
    return {
      ...base,
      metaTemplateId: String(value.message_template_id),
      event: value.event,
      reason: value.reason,
      detail: value.rejection_info
        ? `${value.rejection_info.reason} ${value.rejection_info.recommendation}`
        : (value.other_info?.description ?? null),
      pausedUntil: value.event === 'PAUSED' ? (pausedUntilOf(value, at)?.toISOString() ?? null) : null,
      quality: null,
    };
  }
  if (change.field === 'message_template_quality_update')
    return {
      ...base,
      metaTemplateId: String(change.value.message_template_id),
      event: null,
      reason: null,
      detail: null,
      pausedUntil: null,
      quality: change.value.new_quality_score,
    };
  return null;
}

/** Meta's Unix seconds (number or text) as an ISO instant; the delivery's time when it is missing. */
const instantOf = (timestamp: unknown, fallback: Date) => {
  const seconds = Number(timestamp);
  return (Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback).toISOString();
};

/** A wa_id (the phone's digits) as E.164; null for none. */
const phoneOfWaId = (waId: string | undefined) => (waId && /^\d{8,15}$/.test(waId) ? toE164(`+${waId}`) : null);

/** What the customer wrote or tapped, as text, when the message has any. */
function textOf(message: WebhookMessage): string | null {
  if (message.type === 'text') return message.text?.body ?? null;
  if (message.type === 'button') return message.button?.text ?? null;
  if (message.type === 'interactive') return message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? null;
  return null;
}

function inboundOf(message: WebhookMessage, contacts: readonly WebhookContact[], at: Date): WhatsappInboundMessage {
  const from = message.from ?? message.from_user_id ?? '';
  const contact = contacts.find((entry) => (message.from ? entry.wa_id === message.from : entry.user_id === message.from_user_id));
  return {
    messageId: message.id,
    from,
    phone: phoneOfWaId(message.from),
    profileName: contact?.profile?.name ?? null,
    at: instantOf(message.timestamp, at),
    type: message.type,
    text: textOf(message),
    contextMessageId: message.context?.id ?? null,
    buttonPayload: message.button?.payload ?? null,
    raw: message as Record<string, unknown>,
  };
}

/** The `messages` field: statuses, customers' messages and click events, each an event of every store on that number. */
async function messageEvents(tx: Queryable, value: MessagesValue, at: Date, storeId: number): Promise<StoreEvent[]> {
  const phoneNumberId = value.metadata.phone_number_id;
  const recorded: StoreEvent[] = [];
  const statuses: WhatsappStatusUpdate[] = (value.statuses ?? []).flatMap((status) =>
    status.status === 'sent' || status.status === 'delivered' || status.status === 'read' || status.status === 'failed'
      ? [
          {
            messageId: status.id,
            status: status.status,
            at: instantOf(status.timestamp, at),
            recipient: status.recipient_id ?? status.recipient_user_id ?? '',
            callback: status.biz_opaque_callback_data ?? null,
            errors: (status.errors ?? []).map((error) => ({
              code: error.code,
              title: error.title,
              details: error.error_data?.details ?? error.message ?? null,
            })),
          },
        ]
      : [],
  );
  if (statuses.length > 0) recorded.push({ kind: 'whatsapp_message_statuses', detail: { phoneNumberId, statuses } });
  const messages = (value.messages ?? []).map((message) => inboundOf(message, value.contacts ?? [], at));
  if (messages.length > 0) {
    const customers = new Set<string>();
    for (const phone of new Set(messages.flatMap((message) => (message.phone ? [message.phone] : []))))
      for (const id of await customersWithPhone(tx, storeId, phone)) customers.add(id);
    recorded.push({ kind: 'whatsapp_messages_received', customers: [...customers], detail: { phoneNumberId, messages } });
  }
  const clicks: WhatsappLinkClick[] = (value.user_actions ?? []).flatMap((action) => {
    const data = action.marketing_messages_link_click_data;
    if (action.action_type !== 'marketing_messages_link_click' || !data) return [];
    return [
      {
        trackingToken: data.tracking_token ?? null,
        clickId: data.click_id ?? null,
        component: data.click_component === 'body' ? 'body' : 'cta',
        at: instantOf(action.timestamp, at),
      },
    ];
  });
  if (clicks.length > 0) recorded.push({ kind: 'whatsapp_link_clicks', detail: { phoneNumberId, clicks } });
  return recorded;
}

/**
 * `user_preferences`: a person stopped or resumed marketing. Kept as the customer's own word for every store on the
 * account (the audience leaves them out until they consent again), with the event for those stores' customers.
 */
async function applyPreferences(tx: Queryable, events: StoreEvents, value: UserPreferencesValue, at: Date, storeId: number): Promise<void> {
  for (const preference of value.user_preferences) {
    const phone = phoneOfWaId(preference.wa_id);
    // A person known only by their business-scoped id has no phone to match a customer by.
    if (preference.category !== 'marketing_messages' || !phone || (preference.value !== 'stop' && preference.value !== 'resume')) continue;
    await recordWhatsappPreference(tx, events, storeId, {
      phone,
      optedOut: preference.value === 'stop',
      source: 'meta',
      at: instantOf(preference.timestamp, at),
    });
  }
}

/**
 * A delivery's events, by store, recorded together once every change is read: a big send's delivery carries
 * dozens of statuses, and one event per number's run of statuses keeps up with Meta where one per change fell behind.
 */
class DeliveryEvents {
  private readonly byStore = new Map<number, StoreEvent[]>();

  add(storeId: number, recorded: StoreEvent[]): void {
    const list = this.byStore.get(storeId) ?? [];
    for (const event of recorded) {
      const last = list.at(-1);
      if (
        event.kind === 'whatsapp_message_statuses' &&
        last?.kind === 'whatsapp_message_statuses' &&
        last.detail.phoneNumberId === event.detail.phoneNumberId
      )
        last.detail = { ...last.detail, statuses: [...last.detail.statuses, ...event.detail.statuses] };
      else list.push(event);
    }
    this.byStore.set(storeId, list);
  }

  async record(tx: Queryable, events: StoreEvents): Promise<void> {
    for (const [storeId, list] of this.byStore) await events.record(tx, storeId, list);
  }
}

async function applyChange(tx: Queryable, events: StoreEvents, change: WhatsAppDeliveredChange, delivery: DeliveryEvents): Promise<void> {
  // Meta's time of the change; a delivery that does not say is taken as of now.
  const at = change.time > 0 ? new Date(change.time * 1000) : new Date();
  if (change.field === 'messages') {
    for (const storeId of await storesOfWhatsappNumber(tx, change.wabaId, change.value.metadata.phone_number_id))
      delivery.add(storeId, await messageEvents(tx, change.value, at, storeId));
    return;
  }
  if (change.field === 'user_preferences') {
    for (const storeId of await storesOfWhatsappAccount(tx, change.wabaId)) await applyPreferences(tx, events, change.value, at, storeId);
    return;
  }
  if (change.field === 'phone_number_quality_update') {
    const { value } = change;
    await applyPhoneQualityUpdate(tx, change.wabaId, {
      displayPhoneNumber: value.display_phone_number,
      flagged: value.event === 'FLAGGED',
      limit: value.current_limit,
    });
    return;
  }
  const templateChange = templateChangeOf(change, at);
  if (!templateChange) return;
  for (const storeId of await storesOfWhatsappAccount(tx, change.wabaId))
    await events.record(tx, storeId, [{ kind: 'whatsapp_template_changed', detail: templateChange }]);
}

export function registerWhatsappWebhooks(
  app: FastifyInstance,
  db: Database,
  events: StoreEvents,
  { appSecret, verifyToken }: { appSecret: string; verifyToken: string },
): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const challenge = subscriptionChallenge(request.query as Record<string, unknown>, verifyToken);
      if (challenge === null) return reply.code(403).send({ code: 'invalid_verify_token', message: messages.badHandshake });
      return reply.code(200).type('text/plain').send(challenge);
    });
    scope.post(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!verifyWhatsAppSignature(raw, typeof signature === 'string' ? signature : undefined, appSecret))
        return reply.code(401).send({ code: 'invalid_signature', message: messages.badSignature });
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ code: 'invalid_payload', message: messages.invalidPayload });
      }
      const delivery = parseWhatsAppWebhook(payload);
      if (!delivery) return reply.code(400).send({ code: 'invalid_payload', message: messages.invalidPayload });
      // All the delivery's changes, or none: Meta sends it again when we do not answer 200.
      await db.transaction(async (tx) => {
        const recorded = new DeliveryEvents();
        for (const change of delivery.changes) await applyChange(tx, events, change, recorded);
        await recorded.record(tx, events);
      });
      return reply.code(200).send({ ok: true });
    });
  });
}
