import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerWhatsappWebhooks, WHATSAPP_WEBHOOK_PATH } from '../../../../../src/server/features/integrations/messaging/webhooks.ts';
import {
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../../src/server/integrations/meta/sandbox/index.ts';
import { signWhatsAppWebhook } from '../../../../../src/server/integrations/meta/whatsapp/webhooks.ts';
import type { Database } from '../../../../../src/server/platform/database/db.ts';
import { StoreEvents } from '../../../../../src/server/platform/store-data/store-events.ts';
import { camilaClient } from '../../../integrations/meta/testing.ts';
import { addStore, migratedDatabase } from '../../../support/harness.ts';

/*
 * The `messages` and `user_preferences` webhooks, from the sandbox to our listening receiver, becoming the
 * store's events: statuses, customers' messages (with the customers that have that phone), Meta's
 * "stop promotions" and click events. Nothing acts on them here; a bad signature records nothing.
 */

const ids = SANDBOX_META_IDS;
const WABA = ids.whatsappAccounts.tiendaDemo;
const PHONE = ids.phoneNumbers.principal;
const CUSTOMER = '990000001';

let meta: StartedMetaSandbox;
let db: Database;
let app: FastifyInstance;
let store: number;
let otherNumberStore: number;

interface RecordedEvent {
  kind: string;
  customers: string[];
  detail: Record<string, unknown>;
}
const events = async (storeId = store): Promise<RecordedEvent[]> =>
  db.query<RecordedEvent>(
    `select kind, customers::text[] as customers, detail from store_events where store_id = $1 and kind like 'whatsapp%' order by id`,
    [storeId],
  );

async function connect(name: string, phoneNumberId: string) {
  const storeId = await addStore(db, name);
  await db.query(
    `insert into whatsapp_connections (store_id, business_id, business_name, whatsapp_id, whatsapp_name, phone_number_id,
       display_phone_number, verified_name, quality_rating, messaging_limit, business_verified, checked_at)
     values ($1, $2, 'Tienda Demo', $3, 'Tienda Demo', $4, '+56 9 2345 6701', 'Tienda Demo', 'GREEN', 'TIER_2K', true, now())`,
    [storeId, ids.businesses.tiendaDemo, WABA, phoneNumberId],
  );
  return storeId;
}

beforeAll(async () => {
  db = await migratedDatabase();
  app = Fastify({ logger: false });
  registerWhatsappWebhooks(app, db, new StoreEvents(db), { appSecret: SANDBOX_META_APP.appSecret, verifyToken: 'verificar' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  meta = await startMetaSandbox({
    whatsappWebhooks: {
      callbackUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${WHATSAPP_WEBHOOK_PATH}`,
      duplicateEvery: 0,
      lateEvery: 0,
    },
    whatsappMessages: { awkward: false, deliveredAfterMs: 0, readAfterMs: 0 },
  });
  await camilaClient(meta).whatsapp.subscribeApp(WABA);
  store = await connect('Tienda Demo', PHONE);
  otherNumberStore = await connect('Tienda Demo Outlet', ids.phoneNumbers.outlet);
  // The phone as the customer typed it at checkout: no country code, spaces.
  await db.query(`insert into customers (store_id, external_id, first_name, phone) values ($1, $2, 'Ana', '9 8765 4321')`, [
    store,
    CUSTOMER,
  ]);
});
afterAll(async () => {
  await app.close();
  await meta.close();
  await db.close();
});
beforeEach(async () => {
  await db.query(`delete from store_events`);
});

async function delivered() {
  const made = await meta.sandbox.whatsapp.deliverWebhooks();
  expect(made.length).toBeGreaterThan(0);
  expect(made.every((delivery) => delivery.status === 200)).toBe(true);
}

describe('messages', () => {
  it('records a customer’s message, with the customers that have that phone', async () => {
    const id = meta.sandbox.whatsapp.customerSends(PHONE, '+56987654321', {
      type: 'text',
      text: { body: 'BAJA' },
      profileName: 'Ana Pérez',
    });
    await delivered();
    // Only the store that sends from that number hears of it.
    expect(await events(otherNumberStore)).toEqual([]);
    expect(await events()).toEqual([
      {
        kind: 'whatsapp_messages_received',
        customers: [CUSTOMER],
        detail: {
          phoneNumberId: PHONE,
          messages: [
            expect.objectContaining({
              messageId: id,
              from: '56987654321',
              phone: '+56987654321',
              profileName: 'Ana Pérez',
              type: 'text',
              text: 'BAJA',
              contextMessageId: null,
            }),
          ],
        },
      },
    ]);
  });

  it('records a person known only by Meta’s business-scoped id without a phone', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE, 'CL.1234567890123456789', {
      type: 'sticker',
      sticker: { id: '777', mime_type: 'image/webp' },
    });
    await delivered();
    const [event] = await events();
    expect(event).toMatchObject({
      kind: 'whatsapp_messages_received',
      customers: [],
      detail: { messages: [{ from: 'CL.1234567890123456789', phone: null, type: 'sticker', text: null }] },
    });
  });

  it('records the statuses of what the store’s number sent, and a quick-reply tap on it', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE, '56987654322', { type: 'text', text: { body: 'Hola' } });
    meta.sandbox.whatsapp.advance(6000);
    const sent = await camilaClient(meta).whatsapp.sendText(PHONE, { to: '+56987654322', body: '¡Hola! ¿En qué te ayudamos?' });
    meta.sandbox.whatsapp.customerSends(PHONE, '56987654322', {
      type: 'button',
      context: { id: sent.messageId },
      button: { payload: 'Detener promociones', text: 'Detener promociones' },
    });
    await delivered();
    const recorded = await events();
    const statuses = recorded.filter((event) => event.kind === 'whatsapp_message_statuses');
    expect(
      statuses.flatMap((event) => (event.detail.statuses as Array<{ status: string; messageId: string }>).map((status) => status.status)),
    ).toEqual(['sent', 'delivered', 'read']);
    // One delivery's statuses from one number are one event, however many changes carried them.
    expect(statuses).toHaveLength(1);
    expect(statuses[0]!.detail.phoneNumberId).toBe(PHONE);
    expect((statuses[0]!.detail.statuses as object[])[0]).toMatchObject({
      messageId: sent.messageId,
      recipient: '56987654322',
      errors: [],
    });
    const tap = recorded.filter((event) => event.kind === 'whatsapp_messages_received').at(-1)!;
    expect(tap.detail).toMatchObject({
      messages: [{ type: 'button', text: 'Detener promociones', buttonPayload: 'Detener promociones', contextMessageId: sent.messageId }],
    });
  });

  it('records a failed status with Meta’s error', async () => {
    meta.sandbox.whatsapp.advance(6000);
    const sent = await camilaClient(meta).whatsapp.sendText(PHONE, { to: '+56987654399', body: 'Hola' });
    await delivered();
    const [event] = await events();
    expect(event).toMatchObject({
      kind: 'whatsapp_message_statuses',
      detail: {
        statuses: [
          {
            messageId: sent.messageId,
            status: 'failed',
            errors: [{ code: 131047, title: 'Re-engagement message', details: expect.any(String) }],
          },
        ],
      },
    });
  });
});

describe('user preferences and clicks', () => {
  it('records Meta’s “stop promotions” and its resume for the customers with that phone', async () => {
    meta.sandbox.whatsapp.customerSetsMarketing(PHONE, '56987654321', 'stop');
    meta.sandbox.whatsapp.customerSetsMarketing(PHONE, '56987654321', 'resume');
    await delivered();
    expect(await events()).toEqual([
      {
        kind: 'whatsapp_marketing_preference',
        customers: [CUSTOMER],
        detail: { phone: '+56987654321', optedOut: true, source: 'meta', at: expect.any(String) },
      },
      {
        kind: 'whatsapp_marketing_preference',
        customers: [CUSTOMER],
        detail: { phone: '+56987654321', optedOut: false, source: 'meta', at: expect.any(String) },
      },
    ]);
  });

  it('records a click on a marketing message by Meta’s tracking token', async () => {
    const whatsapp = camilaClient(meta).whatsapp;
    const created = await whatsapp.createTemplate(WABA, {
      name: 'clic_oferta',
      language: 'es',
      category: 'MARKETING',
      parameterFormat: 'NAMED',
      components: [{ type: 'BODY', text: 'Hola, esta semana tenemos ofertas en toda la tienda para ti.' }],
    });
    meta.sandbox.whatsapp.advance(11_000);
    expect(created.id).toBeTruthy();
    const sent = await whatsapp.sendTemplate(PHONE, {
      to: '+56987654330',
      template: { name: 'clic_oferta', language: 'es', category: 'MARKETING' },
    });
    meta.sandbox.whatsapp.customerClicks(sent.messageId, 'cta');
    await delivered();
    const token = meta.sandbox.whatsapp.sentMessages({ to: '+56987654330' })[0]!.trackingToken;
    const clicks = (await events()).filter((event) => event.kind === 'whatsapp_link_clicks');
    expect(clicks).toEqual([
      {
        kind: 'whatsapp_link_clicks',
        customers: [],
        detail: {
          phoneNumberId: PHONE,
          clicks: [{ trackingToken: token, clickId: expect.any(String), component: 'cta', at: expect.any(String) }],
        },
      },
    ]);
  });
});

describe('a bad signature', () => {
  it('writes nothing', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: ids.whatsappAccounts.tiendaDemo,
          time: 1764400000,
          changes: [
            {
              field: 'user_preferences',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '56923456701', phone_number_id: PHONE },
                user_preferences: [
                  { wa_id: '56987654321', detail: 'stop', category: 'marketing_messages', value: 'stop', timestamp: 1764400000 },
                ],
              },
            },
          ],
        },
      ],
    });
    const response = await app.inject({
      method: 'POST',
      url: WHATSAPP_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsAppWebhook(body, 'otro-secreto') },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect(await events()).toEqual([]);
  });
});
