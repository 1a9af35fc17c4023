import type { FastifyInstance } from 'fastify';
import {
  parseWhatsAppWebhook,
  pausedUntilOf,
  subscriptionChallenge,
  verifyWhatsAppSignature,
  type WhatsAppDeliveredChange,
} from '../../../integrations/meta/whatsapp/webhooks.ts';
import { storesOfWhatsappAccount } from '../../../platform/connections/whatsapp-connection.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import type { StoreEvents, WhatsappTemplateChange } from '../../../platform/store-data/store-events.ts';
import { applyPhoneQualityUpdate } from './repository.ts';

/*
 * WhatsApp's webhooks (the `whatsapp_business_account` object our app is subscribed to on each connected
 * account, `subscribed_apps`). Meta first checks the address with a GET handshake (`hub.challenge`, our
 * verify token). Each POST is checked against the HMAC of its raw body under the app's secret, then
 * each change becomes what it is for the stores connected to that account: a template's review, pause or
 * quality a store event the templates apply once and only forward (a duplicate or late delivery changes
 * nothing); the number's quality the card's own. A bad signature or body writes nothing.
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

async function applyChange(tx: Queryable, events: StoreEvents, change: WhatsAppDeliveredChange): Promise<void> {
  // Meta's time of the change; a delivery that does not say is taken as of now.
  const at = change.time > 0 ? new Date(change.time * 1000) : new Date();
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
        for (const change of delivery.changes) await applyChange(tx, events, change);
      });
      return reply.code(200).send({ ok: true });
    });
  });
}
