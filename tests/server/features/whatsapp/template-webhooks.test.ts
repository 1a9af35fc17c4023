import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_WEBHOOK_PATH } from '../../../../src/server/features/integrations/index.ts';
import {
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  type WhatsAppWebhookDelivery,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { signWhatsAppWebhook } from '../../../../src/server/integrations/meta/whatsapp/webhooks.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import { type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { startServerWithMeta } from '../../support/meta-harness.ts';
import { connectWhatsapp, receiveWhatsappWebhooks } from '../../support/whatsapp-harness.ts';

/*
 * Meta's WhatsApp webhooks, from the sandbox to our listening server: the handshake, the signature on the
 * raw body, a template's review and pauses applied once and only forward (a repeated delivery changes
 * nothing, a late one never moves a template back), and the number's quality on the card.
 */

const ids = SANDBOX_META_IDS;
const HOUR = 3_600_000;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url, cookies: owner.cookies, headers: owner.headers, ...(payload === undefined ? {} : { payload }) });
const templatesPath = () => `/api/private/stores/${store}/whatsappTemplates`;
const post = (body: string, signature: string) =>
  server.app.inject({
    method: 'POST',
    url: WHATSAPP_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });

/** Meta's webhooks of everything due, delivered to our server, and the store's events applied. */
async function delivered(): Promise<WhatsAppWebhookDelivery[]> {
  const made = await meta.sandbox.whatsapp.deliverWebhooks();
  expect(made.every((delivery) => delivery.status === 200)).toBe(true);
  while ((await server.app.jobs.drain()) > 0) {}
  return made;
}

const history = async (id: number) =>
  (await call('GET', `${templatesPath()}/${id}`)).json().history.map((change: { status: string }) => change.status);
const metaIdOf = (name: string) =>
  meta.sandbox.store
    .whatsAppAccount(ids.whatsappAccounts.tiendaDemo)!
    .templates.find((id) => meta.sandbox.store.template(id)?.name === name)!;

async function approvedTemplate(name: string) {
  const created = await call('POST', templatesPath(), {
    name,
    category: 'MARKETING',
    header: { format: 'NONE', text: null, mediaId: null },
    body: 'Hola {{client_first_name}}, esta semana tenemos ofertas en toda la tienda para ti.',
    footer: null,
    variables: [{ name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' }],
    buttons: [],
  });
  expect(created.statusCode).toBe(201);
  meta.sandbox.whatsapp.advance(11_000);
  const made = await delivered();
  return { id: created.json().id as number, approval: made };
}

beforeAll(async () => {
  const context = await startServerWithMeta({ whatsappWebhooks: { duplicateEvery: 0, lateEvery: 0 } });
  ({ meta, server } = context);
  await receiveWhatsappWebhooks(context);
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  // The demo store's import is not what these tests are about: only the jobs they queue run.
  await server.db.query('delete from jobs');
  await connectWhatsapp(context, owner, store);
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

describe('the subscription handshake', () => {
  const token = loadConfig({ NODE_ENV: 'test' }).meta.webhookVerifyToken;

  it('answers Meta’s challenge with our verify token, and nothing else', async () => {
    const ok = await server.app.inject({
      method: 'GET',
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await server.app.inject({
      method: 'GET',
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1`,
    });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('template changes', () => {
  it('approves a template when Meta says so, without a sync', async () => {
    const { id, approval } = await approvedTemplate('aviso_ofertas');
    expect(approval).toHaveLength(1);
    expect(JSON.parse(approval[0]!.body).entry[0].changes[0]).toMatchObject({
      field: 'message_template_status_update',
      value: { event: 'APPROVED' },
    });
    expect((await call('GET', `${templatesPath()}/${id}`)).json()).toMatchObject({ status: 'APPROVED' });
    expect(await history(id)).toEqual(['PENDING', 'APPROVED']);
  });

  it('applies a delivery sent twice once, and never lets a late one move a template back', async () => {
    const { id, approval } = await approvedTemplate('aviso_repetido');
    // The same delivery again (Meta retries what it thinks was not received).
    expect((await post(approval[0]!.body, approval[0]!.signature)).statusCode).toBe(200);
    while ((await server.app.jobs.drain()) > 0) {}
    expect(await history(id)).toEqual(['PENDING', 'APPROVED']);

    // Quality falls to RED: Meta pauses it for 3 hours, and says until when only by its time.
    meta.sandbox.whatsapp.setTemplateQuality(metaIdOf('aviso_repetido'), 'RED');
    const [pause] = await delivered();
    const pausedAt = JSON.parse(pause!.body).entry[0].time * 1000;
    const paused = (await call('GET', `${templatesPath()}/${id}`)).json();
    expect(paused).toMatchObject({ status: 'PAUSED', quality: 'RED', pausedUntil: new Date(pausedAt + 3 * HOUR).toISOString() });

    // The approval again, late: the template stays paused.
    expect((await post(approval[0]!.body, approval[0]!.signature)).statusCode).toBe(200);
    while ((await server.app.jobs.drain()) > 0) {}
    expect((await call('GET', `${templatesPath()}/${id}`)).json()).toMatchObject({ status: 'PAUSED' });
    expect(await history(id)).toEqual(['PENDING', 'APPROVED', 'PAUSED']);
  });

  it('follows the pauses to DISABLED the third time', async () => {
    const { id } = await approvedTemplate('aviso_pausado');
    const metaId = metaIdOf('aviso_pausado');
    meta.sandbox.whatsapp.setTemplateQuality(metaId, 'RED');
    meta.sandbox.whatsapp.advance(3 * HOUR + 1000);
    meta.sandbox.whatsapp.setTemplateQuality(metaId, 'GREEN');
    meta.sandbox.whatsapp.setTemplateQuality(metaId, 'RED');
    await delivered();
    const second = (await call('GET', `${templatesPath()}/${id}`)).json();
    expect(second.status).toBe('PAUSED');
    expect(Date.parse(second.pausedUntil) - Date.parse(second.history.at(-1).at)).toBe(6 * HOUR);
    meta.sandbox.whatsapp.advance(6 * HOUR + 1000);
    meta.sandbox.whatsapp.setTemplateQuality(metaId, 'GREEN');
    meta.sandbox.whatsapp.setTemplateQuality(metaId, 'RED');
    await delivered();
    expect(await history(id)).toEqual(['PENDING', 'APPROVED', 'PAUSED', 'APPROVED', 'PAUSED', 'APPROVED', 'DISABLED']);
    expect((await call('GET', `${templatesPath()}/${id}`)).json().editing).toMatchObject({ allowed: false, reason: 'disabled' });
  });

  it('writes nothing for a bad signature or body', async () => {
    const before = await server.db.query(`select count(*)::int as count from store_events where store_id = $1`, [store]);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: ids.whatsappAccounts.tiendaDemo,
          time: Math.floor(Date.now() / 1000) + 60,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'DISABLED',
                message_template_id: Number(metaIdOf('aviso_ofertas')),
                message_template_name: 'aviso_ofertas',
                message_template_language: 'es',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    });
    expect((await post(body, signWhatsAppWebhook(body, 'otro-secreto'))).statusCode).toBe(401);
    expect((await post(body, '')).statusCode).toBe(401);
    const notJson = '{"object":';
    expect((await post(notJson, signWhatsAppWebhook(notJson, SANDBOX_META_APP.appSecret))).statusCode).toBe(400);
    const after = await server.db.query(`select count(*)::int as count from store_events where store_id = $1`, [store]);
    expect(after).toEqual(before);
  });
});

describe('the number’s quality', () => {
  it('shows RED on the card once Meta flags the number', async () => {
    meta.sandbox.whatsapp.setPhoneQuality(ids.phoneNumbers.principal, 'RED');
    await delivered();
    const [row] = await server.db.query<{ quality_rating: string }>(`select quality_rating from whatsapp_connections where store_id = $1`, [
      store,
    ]);
    expect(row?.quality_rating).toBe('RED');
    const card = (await call('GET', `/api/private/stores/${store}/integrations`)).json().messaging;
    expect(card.selection.phoneNumber.qualityRating).toBe('RED');
  });
});
