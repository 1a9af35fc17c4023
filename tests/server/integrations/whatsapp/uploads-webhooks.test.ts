import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetaClient } from '../../../../src/server/integrations/meta/client.ts';
import { MetaPermissionError, MetaRequestError } from '../../../../src/server/integrations/meta/errors.ts';
import type { MetaSandboxOptions } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import {
  appSecretProof,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { META_API_VERSION, REQUIRED_PERMISSIONS } from '../../../../src/server/integrations/meta/types.ts';
import { TEMPLATE_SUBCODES } from '../../../../src/server/integrations/meta/whatsapp/errors.ts';
import type { NewMessageTemplate } from '../../../../src/server/integrations/meta/whatsapp/types.ts';
import {
  parseWhatsAppWebhook,
  subscriptionChallenge,
  verifyWhatsAppSignature,
} from '../../../../src/server/integrations/meta/whatsapp/webhooks.ts';
import { asFile, camilaClient, failure, jpegImage } from '../meta/testing.ts';

// Header samples through the Resumable Upload API, media for messages, and the WABA's webhooks as Meta signs and delivers them.
const ids = SANDBOX_META_IDS;
const WABA = ids.whatsappAccounts.tiendaDemo;
const APP = SANDBOX_META_APP;

/** A local callback URL that records each POST's raw bytes and headers, answering `status`. */
interface Received {
  raw: Buffer;
  headers: IncomingHttpHeaders;
}
let received: Received[] = [];
let callbackStatus = 200;
let callback: Server;
let callbackUrl = '';
beforeAll(async () => {
  callback = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(callbackStatus).end();
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/webhooks/whatsapp`;
});
afterAll(() => new Promise<void>((resolve) => callback.close(() => resolve())));
beforeEach(() => {
  received = [];
  callbackStatus = 200;
});

const started: StartedMetaSandbox[] = [];
afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));
async function sandbox(options: MetaSandboxOptions = {}) {
  const meta = await startMetaSandbox({
    now: () => Date.UTC(2025, 2, 10, 12),
    templateReviewSeconds: 5,
    whatsappWebhooks: { callbackUrl, duplicateEvery: 0, lateEvery: 0 },
    ...options,
  });
  started.push(meta);
  return meta;
}

const imageHeader = (handle: string, name = 'con_imagen'): NewMessageTemplate => ({
  name,
  language: 'es',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
    { type: 'BODY', text: 'Llegaron las zapatillas nuevas de la temporada a nuestra tienda.' },
  ],
});

const jpeg = () => ({ filename: 'zapatillas.jpg', type: 'image/jpeg', data: asFile(jpegImage(64, 64)) });

describe('the Resumable Upload API', () => {
  it('gives the handle a media header takes, where a media id is refused', async () => {
    const meta = await sandbox();
    const whatsapp = camilaClient(meta).whatsapp;
    const handle = await whatsapp.uploadHeaderSample(APP.appId, jpeg());
    expect(handle).toMatch(/^4::aW1hZ2UvanBlZw==:/);
    const created = await whatsapp.createTemplate(WABA, imageHeader(handle));
    expect(created.status).toBe('PENDING');
    const mediaId = await whatsapp.uploadMedia(ids.phoneNumbers.principal, jpeg());
    const refused = await failure(whatsapp.createTemplate(WABA, imageHeader(mediaId, 'con_media_id')));
    expect(refused).toMatchObject({
      subcode: TEMPLATE_SUBCODES.invalidHeaderHandle,
      userMessage: expect.stringContaining('Resumable Upload'),
    });
  });

  it('resumes a broken upload from the offset Meta reports', async () => {
    const meta = await sandbox();
    meta.sandbox.failNext(1, 503, undefined, {}, { method: 'POST', path: /^upload:/ });
    const handle = await camilaClient(meta).whatsapp.uploadHeaderSample(APP.appId, jpeg());
    expect(meta.sandbox.store.uploadHandles.has(handle)).toBe(true);
  });

  it('takes the file in parts, each from the offset already received, and says how far it got', async () => {
    const meta = await sandbox();
    const token = meta.sandbox.issueToken(ids.users.camila, { longLived: true });
    const proof = appSecretProof(token, APP.appSecret);
    const bytes = jpegImage(32, 32);
    const graph = `${meta.url}/${META_API_VERSION}`;
    const start = await fetch(
      `${graph}/${APP.appId}/uploads?file_name=a.jpg&file_length=${bytes.length}&file_type=image/jpeg&appsecret_proof=${proof}`,
      {
        method: 'POST',
        headers: { authorization: `OAuth ${token}` },
      },
    );
    const { id } = (await start.json()) as { id: string };
    expect(id).toMatch(/^upload:/);
    const send = (offset: number, part: Buffer) =>
      fetch(`${graph}/${id}?appsecret_proof=${proof}`, {
        method: 'POST',
        headers: { authorization: `OAuth ${token}`, file_offset: String(offset), 'content-type': 'application/octet-stream' },
        body: new Uint8Array(part),
      });
    const half = Math.floor(bytes.length / 2);
    expect(await (await send(0, bytes.subarray(0, half))).json()).toEqual({ id, file_offset: half });
    const offset = await fetch(`${graph}/${id}?appsecret_proof=${proof}`, { headers: { authorization: `OAuth ${token}` } });
    expect(await offset.json()).toEqual({ id, file_offset: half });
    const wrong = await send(0, bytes.subarray(half));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: number } }).error.code).toBe(100);
    expect(await (await send(half, bytes.subarray(half))).json()).toEqual({ h: expect.stringMatching(/^4::/) });
  });

  it('refuses a file type Meta does not take for samples, and another app’s session', async () => {
    const meta = await sandbox();
    const whatsapp = camilaClient(meta).whatsapp;
    const gif = await failure(
      whatsapp.uploadHeaderSample(APP.appId, { filename: 'a.gif', type: 'image/gif', data: asFile(Buffer.from('GIF89a')) }),
    );
    expect(gif).toBeInstanceOf(MetaRequestError);
    expect(await failure(whatsapp.uploadHeaderSample('1234567890', jpeg()))).toMatchObject({ code: 100, subcode: 33 });
  });
});

describe('media for messages', () => {
  it('uploads a file for the number and answers its id; needs whatsapp_business_messaging', async () => {
    const meta = await sandbox();
    const id = await camilaClient(meta).whatsapp.uploadMedia(ids.phoneNumbers.principal, jpeg());
    expect(id).toMatch(/^\d{16}$/);
    expect(meta.sandbox.store.media.get(id)).toMatchObject({ phoneNumberId: ids.phoneNumbers.principal, contentType: 'image/jpeg' });
    const wrongType = await failure(
      camilaClient(meta).whatsapp.uploadMedia(ids.phoneNumbers.principal, {
        filename: 'a.exe',
        type: 'application/x-msdownload',
        data: asFile(Buffer.from('MZ')),
      }),
    );
    expect(wrongType).toBeInstanceOf(MetaRequestError);
    // Declining a permission takes it from every token of the person for the app.
    const declined = createMetaClient({ appId: APP.appId, appSecret: APP.appSecret, graphUrl: meta.url, sleep: async () => {} }).forUser(
      meta.sandbox.issueToken(ids.users.camila, {
        longLived: true,
        granted: REQUIRED_PERMISSIONS.filter((permission) => permission !== 'whatsapp_business_messaging'),
        declined: ['whatsapp_business_messaging'],
      }),
    );
    expect(await failure(declined.whatsapp.uploadMedia(ids.phoneNumbers.principal, jpeg()))).toBeInstanceOf(MetaPermissionError);
  });
});

/** The sandbox, Camila's client, and the WABA subscribed to the app's webhooks. */
async function subscribed(options: MetaSandboxOptions = {}) {
  const meta = await sandbox(options);
  const whatsapp = camilaClient(meta).whatsapp;
  await whatsapp.subscribeApp(WABA);
  return { meta, whatsapp };
}

const template = (name: string): NewMessageTemplate => ({
  name,
  language: 'es',
  category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Tu pedido ya salió de la bodega y llega mañana a tu casa.' }],
});

const parsed = (delivery: Received) => parseWhatsAppWebhook(JSON.parse(delivery.raw.toString('utf8')));

describe('webhooks', () => {
  it('signs each delivery with the app secret over the raw body, which the verifier checks', async () => {
    const { meta, whatsapp } = await subscribed();
    const { id } = await whatsapp.createTemplate(WABA, template('firmada'));
    meta.sandbox.whatsapp.advance(5000);
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    const signature = delivery.headers['x-hub-signature-256'] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(verifyWhatsAppSignature(delivery.raw, signature, APP.appSecret)).toBe(true);
    expect(verifyWhatsAppSignature(delivery.raw, signature, 'otro-secreto')).toBe(false);
    expect(verifyWhatsAppSignature(Buffer.concat([delivery.raw, Buffer.from(' ')]), signature, APP.appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(delivery.raw, undefined, APP.appSecret)).toBe(false);
    expect(parsed(delivery)).toEqual({
      skipped: 0,
      changes: [
        {
          field: 'message_template_status_update',
          wabaId: WABA,
          time: Math.floor(meta.sandbox.now() / 1000),
          value: expect.objectContaining({ event: 'APPROVED', message_template_id: Number(id), message_template_name: 'firmada' }),
        },
      ],
    });
  });

  it('batches the changes of a round in one delivery, and sends nothing for a WABA without the app', async () => {
    const { meta, whatsapp } = await subscribed();
    const first = await whatsapp.createTemplate(WABA, template('lote_uno'));
    await whatsapp.createTemplate(WABA, template('lote_dos'));
    meta.sandbox.whatsapp.advance(5000);
    meta.sandbox.whatsapp.setTemplateQuality(first.id, 'YELLOW');
    meta.sandbox.whatsapp.setPhoneQuality(ids.phoneNumbers.principal, 'RED');
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]!.raw.toString('utf8'));
    expect(body.object).toBe('whatsapp_business_account');
    expect(body.entry).toHaveLength(1);
    expect(body.entry[0].changes.map((change: { field: string }) => change.field)).toEqual([
      'message_template_status_update',
      'message_template_status_update',
      'message_template_quality_update',
      'phone_number_quality_update',
    ]);
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(received).toHaveLength(1);

    await whatsapp.unsubscribeApp(WABA);
    await whatsapp.createTemplate(WABA, template('sin_suscripcion'));
    meta.sandbox.whatsapp.advance(5000);
    expect(await meta.sandbox.whatsapp.deliverWebhooks()).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('delivers some changes twice and some a round late, as Meta does', async () => {
    const { meta, whatsapp } = await subscribed({ whatsappWebhooks: { callbackUrl, duplicateEvery: 1, lateEvery: 2 } });
    await whatsapp.createTemplate(WABA, template('habito_uno'));
    await whatsapp.createTemplate(WABA, template('habito_dos'));
    meta.sandbox.whatsapp.advance(5000);
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(received).toHaveLength(2);
    expect(received[0]!.raw.equals(received[1]!.raw)).toBe(true);
    expect(parsed(received[0]!)?.changes.map((change) => change.value)).toEqual([
      expect.objectContaining({ message_template_name: 'habito_uno' }),
    ]);
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(parsed(received[2]!)?.changes.map((change) => change.value)).toEqual([
      expect.objectContaining({ message_template_name: 'habito_dos' }),
    ]);
  });

  it('tries a delivery again while the callback fails', async () => {
    const { meta, whatsapp } = await subscribed();
    await whatsapp.createTemplate(WABA, template('reintento'));
    meta.sandbox.whatsapp.advance(5000);
    callbackStatus = 500;
    expect((await meta.sandbox.whatsapp.deliverWebhooks()).map((delivery) => delivery.status)).toEqual([500]);
    callbackStatus = 200;
    expect((await meta.sandbox.whatsapp.deliverWebhooks()).map((delivery) => delivery.status)).toEqual([200]);
    expect(received[1]!.raw.equals(received[0]!.raw)).toBe(true);
  });
});

describe('the receiving side', () => {
  it('answers the subscription handshake only with our verify token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'token-de-recompra', 'hub.challenge': '1158201444' };
    expect(subscriptionChallenge(query, 'token-de-recompra')).toBe('1158201444');
    expect(subscriptionChallenge({ ...query, 'hub.verify_token': 'otro' }, 'token-de-recompra')).toBeNull();
    expect(subscriptionChallenge({ ...query, 'hub.mode': 'unsubscribe' }, 'token-de-recompra')).toBeNull();
    expect(subscriptionChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'token-de-recompra' }, 'token-de-recompra')).toBeNull();
  });

  it('checks each change against its field’s schema, and skips fields it does not handle', () => {
    const entry = (changes: unknown[]) => ({ object: 'whatsapp_business_account', entry: [{ id: WABA, time: 1741608000, changes }] });
    const quality = {
      field: 'message_template_quality_update',
      value: {
        previous_quality_score: 'GREEN',
        new_quality_score: 'RED',
        message_template_id: 594400000000001,
        message_template_name: 'ofertas',
        message_template_language: 'es',
      },
    };
    expect(parseWhatsAppWebhook(entry([quality, { field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }]))).toEqual({
      changes: [{ ...quality, wabaId: WABA, time: 1741608000 }],
      skipped: 1,
    });
    expect(parseWhatsAppWebhook(entry([{ ...quality, value: { ...quality.value, new_quality_score: 'PURPLE' } }]))).toBeNull();
    expect(parseWhatsAppWebhook(entry([{ field: 'phone_number_quality_update', value: { event: 'FLAGGED' } }]))).toBeNull();
    expect(parseWhatsAppWebhook({ object: 'page', entry: [] })).toBeNull();
    // `messages` is handled now: one without the number it is about is malformed.
    expect(parseWhatsAppWebhook(entry([{ field: 'messages', value: { messaging_product: 'whatsapp' } }]))).toBeNull();
  });
});
