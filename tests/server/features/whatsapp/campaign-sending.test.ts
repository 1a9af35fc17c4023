import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { StoreEventDetails } from '../../../../src/server/platform/store-data/store-events.ts';
import { type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { startServerWithMeta } from '../../support/meta-harness.ts';
import {
  approvedTemplate,
  connectWhatsapp,
  receiveWhatsappWebhooks,
  settleWhatsapp,
  templateImage,
  uniqueCampaignNow,
  WHATSAPP_PHONE_NUMBER,
  whatsappSegment,
} from '../../support/whatsapp-harness.ts';

/*
 * A unique campaign sent through the Meta sandbox, counted in the sandbox: each consented customer gets one
 * message with their own values and nobody else gets any; Meta's statuses (late, repeated, read without
 * delivered) move the figures forward only; a reply BAJA opts the customer out, is answered once, and leaves them
 * out of the next campaign; a quick-reply tap and a reply count for the message they follow.
 */

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let templateId: number;
let segmentId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url, cookies: owner.cookies, headers: owner.headers, ...(payload === undefined ? {} : { payload }) });
const campaignsPath = () => `/api/private/stores/${store}/whatsappCampaigns`;

const settle = () => settleWhatsapp({ meta, server });

/** Time passes for Meta (the sandbox's clock) and for what waits in our queue (its times brought forward as much). */
async function timePasses(ms: number) {
  meta.sandbox.whatsapp.advance(ms);
  const by = `${ms / 1000} seconds`;
  await server.db.query(`update whatsapp_outbox set due_at = due_at - $1::interval where status = 'pending'`, [by]);
  await server.db.query(`update jobs set run_at = run_at - $1::interval where status = 'pending'`, [by]);
  await settle();
}

const phoneOf = (index: number) => `+5697${String(1000000 + index)}`;
const sentTo = (phone: string) => meta.sandbox.whatsapp.sentMessages({ to: phone, phoneNumberId: PHONE_NUMBER });

async function sendNow(name: string) {
  const response = await call(
    'POST',
    campaignsPath(),
    uniqueCampaignNow(name, templateId, segmentId, [{ name: 'text_1', text: 'un 20 % de descuento' }]),
  );
  expect(response.statusCode).toBe(201);
  expect(response.json().status).toBe('created');
  return response.json().id as number;
}

beforeAll(async () => {
  const context = await startServerWithMeta({ whatsappWebhooks: { duplicateEvery: 0, lateEvery: 0 } });
  ({ meta, server } = context);
  await receiveWhatsappWebhooks(context);
  // Statuses at once, with Meta's habits: repeated, read with no delivered before it, delivered after read.
  meta.sandbox.whatsapp.setMessageHabits({ awkward: true, deliveredAfterMs: 0, readAfterMs: 0 });
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  await server.db.query('delete from jobs');
  await connectWhatsapp(context, owner, store);
  templateId = await approvedTemplate(context, owner, store, {
    name: 'ofertas_semana',
    body: 'Hola {{client_first_name}}, tenemos {{text_1}} en Tienda Demo solo por esta semana. Te esperamos pronto.',
    variables: [
      { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
      { name: 'text_1', type: 'TEXT', example: 'descuentos' },
    ],
  });
  // Twenty who may be messaged (their numbers written as people write them), two who may not.
  segmentId = await whatsappSegment(
    server,
    store,
    'Clientas de verano',
    Array.from({ length: 22 }, (_, index) => ({
      id: 7_000_000 + index,
      firstName: `Clienta${index}`,
      phone: index % 2 === 0 ? phoneOf(index) : `9 7${String(1000000 + index).slice(0, 3)} ${String(1000000 + index).slice(3)}`,
      sms: index < 20,
    })),
  );
  await server.db.query('delete from jobs');
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

describe('a unique campaign', () => {
  let campaignId: number;

  it('reaches each consented customer once, with their own name, and nobody else', async () => {
    campaignId = await sendNow('Ofertas de verano');
    await settle();
    for (let index = 0; index < 22; index++) {
      const messages = sentTo(phoneOf(index));
      expect(messages.length, `mensajes a ${phoneOf(index)}`).toBe(index < 20 ? 1 : 0);
      if (index < 20) expect(JSON.stringify(messages[0]!.payload)).toContain(`Clienta${index}`);
    }
    const campaign = (await call('GET', `${campaignsPath()}/${campaignId}`)).json();
    expect(campaign).toMatchObject({ status: 'sent', progress: { done: 20, total: 20 } });
    // Every message read in the end, each read one counted as delivered too, whatever order Meta told it in.
    expect(campaign.metrics).toMatchObject({
      recipients: 20,
      messagesSent: 20,
      messagesDelivered: 20,
      messagesRead: 20,
      messagesFailed: 0,
    });
    // The store is told what each customer got, in their own words, once per message Meta took.
    const told = await server.db.query<{ customers: string[]; detail: StoreEventDetails['whatsapp_message_sent'] }>(
      `select customers::text[] as customers, detail from store_events where store_id = $1 and kind = 'whatsapp_message_sent'`,
      [store],
    );
    const messages = told.flatMap((event) => event.detail.messages);
    expect(told.every((event) => event.detail.campaignId === String(campaignId))).toBe(true);
    expect(messages.map((message) => message.wamid).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => sentTo(phoneOf(index))[0]!.id).sort(),
    );
    expect(messages.find((message) => message.phone === phoneOf(3))).toMatchObject({
      text: expect.stringContaining('Clienta3'),
      at: expect.any(String),
    });
    expect(messages.some((message) => message.text.includes('{{'))).toBe(false);
    expect(new Set(told.flatMap((event) => event.customers)).size).toBe(20);
  });

  it('lists its chats, read and unread', async () => {
    const read = (await call('GET', `${campaignsPath()}/${campaignId}/recipients?filter=read`)).json();
    expect(read.total).toBe(20);
    expect(read.recipients[0]).toMatchObject({ status: 'read', replied: false, error: null, phone: expect.stringMatching(/^\+5697/) });
    expect((await call('GET', `${campaignsPath()}/${campaignId}/recipients?filter=unread`)).json().total).toBe(0);
  });

  it('counts a reply, and a BAJA opts the customer out, answered once, left out of the next campaign', async () => {
    // Meta's pair limit: nothing more to the same person within 6 seconds.
    await timePasses(7_000);
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, phoneOf(0), { type: 'text', text: { body: 'Gracias!' } });
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, phoneOf(2), { type: 'text', text: { body: 'Bája ' } });
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, phoneOf(2), { type: 'text', text: { body: 'BAJA' } });
    await settle();
    await timePasses(7_000);
    const campaign = (await call('GET', `${campaignsPath()}/${campaignId}`)).json();
    expect(campaign.metrics.repliedMessages).toBe(2);
    const answers = sentTo(phoneOf(2)).filter((message) => message.type === 'text');
    expect(answers).toHaveLength(1);
    expect(JSON.stringify(answers[0]!.payload)).toContain('no te enviaremos más mensajes promocionales');

    const next = await sendNow('Segunda ronda');
    await timePasses(7_000);
    expect(sentTo(phoneOf(2)).filter((message) => message.type === 'template')).toHaveLength(1);
    expect(sentTo(phoneOf(4)).filter((message) => message.type === 'template')).toHaveLength(2);
    expect((await call('GET', `${campaignsPath()}/${next}`)).json().metrics.recipients).toBe(19);
  });

  it('records Meta’s refusal of a person who stopped marketing, and leaves them out from then on', async () => {
    meta.sandbox.whatsapp.customerSetsMarketing(PHONE_NUMBER, phoneOf(6), 'stop');
    await settle();
    const third = await sendNow('Tercera ronda');
    await timePasses(7_000);
    expect(sentTo(phoneOf(6)).filter((message) => message.type === 'template')).toHaveLength(2);
    expect((await call('GET', `${campaignsPath()}/${third}`)).json().metrics.recipients).toBe(18);
  });
});

describe('an automated cart campaign', () => {
  const CART_CUSTOMER = 7_100_001;
  const BUYER = 7_100_002;

  async function abandonCart(customer: number, checkout: number) {
    await server.db.query(
      `insert into abandoned_checkouts (store_id, external_id, customer_external_id, created_at, updated_at, total_amount, recovery_url)
       values ($1, $2, $3, now(), now(), 45990, $4)
       on conflict (store_id, external_id) do update set updated_at = now()`,
      [store, checkout, customer, `https://tienda-demo.myshopify.com/7301/checkouts/c${checkout}/recover?key=k${checkout}`],
    );
    await server.db.transaction((tx) => server.app.events.record(tx, store, [{ kind: 'cart_abandoned', customers: [String(customer)] }]));
  }

  it('fires once per cart an hour after it, and not for a cart that became an order within the hour', async () => {
    const cartTemplate = await approvedTemplate({ meta, server }, owner, store, {
      name: 'carrito_pendiente',
      body: 'Hola {{client_first_name}}, dejaste productos en tu carrito de Tienda Demo. Termina tu compra cuando quieras.',
      buttons: [{ type: 'CHECKOUT_URL', text: 'Ver carrito', url: null, urlExample: null, phoneCountryCode: null, phoneNumber: null }],
    });
    const campaign = await call('POST', campaignsPath(), {
      name: 'Carrito olvidado',
      kind: 'automated',
      templateId: cartTemplate,
      segmentId: null,
      sendDate: null,
      sendTime: null,
      event: 'cartAbandoned',
      delay: { amount: 1, unit: 'hours' },
      window: null,
      variables: [],
      headerMediaId: null,
    });
    expect(campaign.statusCode).toBe(201);
    for (const [customer, name] of [
      [CART_CUSTOMER, 'Carla'],
      [BUYER, 'Beatriz'],
    ] as const)
      await server.db.query(`insert into customers (store_id, external_id, first_name, phone, sms_consent) values ($1, $2, $3, $4, true)`, [
        store,
        customer,
        name,
        phoneOf(customer - 7_000_000),
      ]);

    // Each cart changes twice before the hour is up: still one message per cart.
    await abandonCart(CART_CUSTOMER, 501);
    await abandonCart(BUYER, 502);
    await abandonCart(CART_CUSTOMER, 501);
    await settle();
    await timePasses(30 * 60_000);
    expect(sentTo(phoneOf(CART_CUSTOMER - 7_000_000))).toHaveLength(0);

    // Beatriz pays her cart within the hour.
    await server.db.query(`update abandoned_checkouts set completed_at = now() where store_id = $1 and external_id = 502`, [store]);
    await server.db.transaction((tx) => server.app.events.record(tx, store, [{ kind: 'cart_recovered', customers: [String(BUYER)] }]));
    await timePasses(31 * 60_000);

    const sent = sentTo(phoneOf(CART_CUSTOMER - 7_000_000));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.payload)).toContain('7301/checkouts/c501/recover?key=k501');
    expect(JSON.stringify(sent[0]!.payload)).toContain('Carla');
    expect(sentTo(phoneOf(BUYER - 7_000_000))).toHaveLength(0);
    const detail = (await call('GET', `${campaignsPath()}/${campaign.json().id}`)).json();
    expect(detail).toMatchObject({ status: 'active', metrics: { recipients: 1, messagesSent: 1 } });
  });
});

describe('campaigns with a header image', () => {
  it('upload the image to the number once, and every message of every campaign names that upload', async () => {
    const mediaId = await templateImage(server, owner, store, 'verano.png');
    const withImage = await approvedTemplate({ meta, server }, owner, store, {
      name: 'verano_con_foto',
      header: { format: 'IMAGE', text: null, mediaId },
      body: 'Hola {{client_first_name}}, llegó la colección de verano a Tienda Demo.',
    });
    const headersSent = () =>
      Array.from({ length: 20 }, (_, index) => sentTo(phoneOf(index)).at(-1))
        .filter((message) => message?.template?.name === 'verano_con_foto')
        .map((message) => message!.parameters['header.image']);
    const uploads = meta.sandbox.store.media.size;

    for (const name of ['Verano con foto', 'Verano con foto, segunda vuelta']) {
      await timePasses(7_000);
      const created = await call('POST', campaignsPath(), { ...uniqueCampaignNow(name, withImage, segmentId), headerMediaId: mediaId });
      expect(created.statusCode).toBe(201);
      await settle();
      expect((await call('GET', `${campaignsPath()}/${created.json().id}`)).json()).toMatchObject({ status: 'sent' });
      const headers = headersSent();
      expect(headers.length).toBeGreaterThan(10);
      expect(new Set(headers).size).toBe(1);
    }
    expect(meta.sandbox.store.media.size).toBe(uploads + 1);
  });
});
