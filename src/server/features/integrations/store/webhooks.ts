import type { FastifyInstance } from 'fastify';
import { parseDelivery, staleness, verifyWebhook } from '../../../integrations/shopify/webhooks.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import type { SecretBox } from '../../../platform/security/secrets.ts';
import type { StoreEvents } from '../../../platform/store-data/store-events.ts';
import { type ApplicableDelivery, applyDelivery } from './deliveries.ts';
import { connectionsOfShop, type ShopConnectionRow } from './repository.ts';

/*
 * Shopify's webhooks keep the data current between nightly refreshes. Each delivery is checked
 * against the HMAC of its raw body, its trigger time and the shape its topic promises, then applied
 * once, in the same transaction that records its id: an unsigned, forged, stale, malformed or
 * replayed delivery writes nothing. The HMAC covers only the body, so a captured body can come back
 * under a fresh delivery id, another topic or a new time: the topic's shape and the rule that an
 * older `updated_at` never replaces a newer one, nor revives what a later deletion erased, are what keep
 * such a replay from changing anything.
 */

const messages = {
  badSignature: 'Firma inválida.',
  missingHeaders: 'Faltan encabezados del webhook.',
  unknownShop: 'Tienda desconocida.',
  notJson: 'El contenido del webhook no es JSON válido.',
  invalidOrder: 'El contenido del webhook no es un pedido válido de Shopify.',
  invalidCheckout: 'El contenido del webhook no es un carrito válido de Shopify.',
  invalidRefund: 'El contenido del webhook no es un reembolso válido de Shopify.',
  invalidCustomer: 'El contenido del webhook no es un cliente válido de Shopify.',
  invalidProduct: 'El contenido del webhook no es un producto válido de Shopify.',
  invalidCompliance: 'El contenido del webhook no es una solicitud de privacidad válida de Shopify.',
  invalidShop: 'El contenido del webhook no es una tienda válida de Shopify.',
  unstorable: 'El contenido del webhook tiene valores que no podemos guardar.',
  noTriggerTime: 'Falta la fecha de envío del webhook o no es válida.',
  future: 'La fecha de envío del webhook está en el futuro.',
  tooOld: 'El webhook es demasiado antiguo para aplicarlo.',
};

/** Where Shopify posts every webhook, the compliance ones included (`shopify.app.toml` names it too). */
export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

/** The mandatory compliance topics: applied to the shop's stores even after it uninstalled the app. */
const PRIVACY_KINDS = new Set<ApplicableDelivery['kind']>(['customerRedact', 'customerDataRequest', 'shopRedact']);

/** A PostgreSQL data exception (SQLSTATE class 22: bad text encoding, out-of-range number or date…). */
const isDataException = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && /^22[0-9A-Z]{3}$/.test((error as { code: string }).code);

/**
 * `secret` is our app's client secret, which signs the webhooks of the stores that installed it; a store
 * connected with its own app's token and that app's secret (sealed in `secrets`) checks them with that one.
 */
export function registerShopifyWebhooks(app: FastifyInstance, db: Database, events: StoreEvents, secret: string, secrets: SecretBox): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(SHOPIFY_WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      const hmac = header('x-shopify-hmac-sha256');
      const shop = header('x-shopify-shop-domain')?.toLowerCase();
      const signedByUs = verifyWebhook(raw, hmac, secret);
      // The stores reading this shop that the signature convinces, each with its app's secret: a delivery
      // signed with one merchant's own secret reaches only the stores holding that secret.
      const connections =
        hmac && shop ? await signedConnections(db, secrets, shop, (own) => (own ? verifyWebhook(raw, hmac, own) : signedByUs)) : [];
      if (!signedByUs && connections.length === 0)
        return reply.code(401).send({ code: 'invalid_signature', message: messages.badSignature });
      const webhookId = header('x-shopify-webhook-id');
      const topic = header('x-shopify-topic')?.toLowerCase();
      if (!webhookId || !topic || !shop) return reply.code(400).send({ code: 'missing_headers', message: messages.missingHeaders });
      const stale = staleness(header('x-shopify-triggered-at'));
      if (stale) return reply.code(400).send({ code: 'stale_delivery', message: messages[stale] });
      // Checked just above: a valid ISO 8601 time.
      const triggeredAt = new Date(header('x-shopify-triggered-at')!.trim()).toISOString();
      if (connections.length === 0) return reply.code(404).send({ code: 'unknown_shop', message: messages.unknownShop });
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ code: 'invalid_payload', message: messages.notJson });
      }
      const delivery = parseDelivery(topic, payload);
      if ('refused' in delivery) return reply.code(400).send({ code: 'invalid_payload', message: messages[delivery.refused] });
      // A topic we do not apply is acknowledged, so Shopify does not retry it, and leaves no trace.
      if (delivery.kind === 'ignored') return reply.code(200).send({ ok: true });
      // A shop that uninstalled the app is no longer followed: what it still sends (a late or retried
      // delivery) is acknowledged and dropped, except the privacy requests, which are owed whatever happens.
      const applying = PRIVACY_KINDS.has(delivery.kind) ? connections : connections.filter((connection) => !connection.uninstalled);
      try {
        // Every store that reads this shop gets the delivery, once each, all or none.
        await db.transaction(async (tx) => {
          for (const { store_id: storeId } of applying)
            await applyDelivery(tx, events, storeId, { webhookId, topic, triggeredAt }, delivery);
        });
      } catch (error) {
        // The schema should have caught it; whatever still slipped through is the sender's data, not our fault.
        if (!isDataException(error)) throw error;
        const note = { topic, webhookId, shop, sqlState: (error as { code: string }).code, detail: (error as Error).message };
        // Without a request logger (the default), as the app's error handler does, it still reaches the console.
        if (request.log.level) request.log.error({ err: error, ...note }, 'Shopify webhook refused by the database');
        else console.error('Shopify webhook refused by the database', note);
        return reply.code(400).send({ code: 'invalid_payload', message: messages.unstorable });
      }
      return reply.code(200).send({ ok: true });
    });
  });
}

/** The shop's connections whose secret (their own app's, or null for ours) passes `signed`, by store id. */
async function signedConnections(
  db: Queryable,
  secrets: SecretBox,
  shop: string,
  signed: (ownSecret: string | null) => boolean,
): Promise<ShopConnectionRow[]> {
  const rows = await connectionsOfShop(db, shop);
  return rows.filter((row) => signed(row.webhook_secret_encrypted === null ? null : secrets.open(row.webhook_secret_encrypted)));
}
