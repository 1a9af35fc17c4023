import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MetaNoAnswerError } from '../../../../src/server/integrations/meta/errors.ts';
import {
  appSecretProof,
  type MetaSandboxOptions,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { META_API_VERSION } from '../../../../src/server/integrations/meta/types.ts';
import { classifySendFailure, classifyStatusError } from '../../../../src/server/integrations/meta/whatsapp/errors.ts';
import type { TemplateMessage } from '../../../../src/server/integrations/meta/whatsapp/messages.ts';
import type { NewMessageTemplate } from '../../../../src/server/integrations/meta/whatsapp/types.ts';
import {
  type MessagesValue,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WebhookStatus,
} from '../../../../src/server/integrations/meta/whatsapp/webhooks.ts';
import { asFile, camilaClient, failure, jpegImage } from '../meta/testing.ts';

// Sending messages, the real client against the sandbox over HTTP: Meta's answers, Meta's refusals, what the sandbox counts.
const ids = SANDBOX_META_IDS;
const WABA = ids.whatsappAccounts.tiendaDemo;
const PHONE = ids.phoneNumbers.principal;
const START = Date.UTC(2026, 10, 2, 12);

/** A callback URL that keeps every signed POST. */
let received: Array<{ raw: Buffer; signature: string }> = [];
let callback: Server;
let callbackUrl = '';
beforeAll(async () => {
  callback = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), signature: String(request.headers['x-hub-signature-256']) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/webhooks/whatsapp`;
});
afterAll(() => new Promise<void>((resolve) => callback.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const started: StartedMetaSandbox[] = [];
afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));

const named = (name: string, example: string) => ({ param_name: name, example });
const TEMPLATES: NewMessageTemplate[] = [
  {
    name: 'oferta_semana',
    language: 'es',
    category: 'MARKETING',
    parameterFormat: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Hola {{first_name}}, esta semana tienes {{discount}} de descuento en toda la tienda.',
        example: { body_text_named_params: [named('first_name', 'Camila'), named('discount', '20%')] },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Ver ofertas', url: 'https://tiendademo.cl/ofertas/{{1}}', example: ['https://tiendademo.cl/ofertas/abc'] },
          { type: 'QUICK_REPLY', text: 'Detener promociones' },
        ],
      },
    ],
  },
  {
    name: 'pedido_enviado',
    language: 'es',
    category: 'UTILITY',
    parameterFormat: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Hola {{first_name}}, tu pedido {{order}} ya va en camino a tu casa.',
        example: { body_text_named_params: [named('first_name', 'Camila'), named('order', '#1001')] },
      },
    ],
  },
];

async function sandbox(options: MetaSandboxOptions = {}) {
  const meta = await startMetaSandbox({
    now: () => START,
    templateReviewSeconds: 5,
    whatsappWebhooks: { callbackUrl, duplicateEvery: 0, lateEvery: 0 },
    whatsappMessages: { awkward: false },
    ...options,
  });
  started.push(meta);
  const whatsapp = camilaClient(meta).whatsapp;
  await whatsapp.subscribeApp(WABA);
  const templateIds = new Map<string, string>();
  for (const template of TEMPLATES) templateIds.set(template.name, (await whatsapp.createTemplate(WABA, template)).id);
  meta.sandbox.whatsapp.advance(6_000);
  return { meta, whatsapp, templateIds };
}

const offer = (to: string, extra: Partial<TemplateMessage> = {}): TemplateMessage => ({
  to,
  template: { name: 'oferta_semana', language: 'es', category: 'MARKETING' },
  body: { first_name: 'Ana', discount: '20%' },
  buttons: [{ index: 0, urlSuffix: 'ana-123' }],
  ...extra,
});
const shipped = (to: string): TemplateMessage => ({
  to,
  template: { name: 'pedido_enviado', language: 'es', category: 'UTILITY' },
  body: { first_name: 'Ana', order: '#1001' },
});

/** A request exactly as Meta's reference writes it (JSON), as Camila, to the number's edge. */
function rawSend(meta: StartedMetaSandbox, edge: string, body: object) {
  const token = meta.sandbox.issueToken(ids.users.camila, { longLived: true });
  const proof = appSecretProof(token, SANDBOX_META_APP.appSecret);
  return fetch(`${meta.url}/${META_API_VERSION}/${PHONE}/${edge}?appsecret_proof=${proof}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The statuses queued for the webhooks, by wamid. */
const statusesOf = (meta: StartedMetaSandbox, messageId: string): WebhookStatus[] =>
  meta.sandbox.whatsapp
    .messageChanges()
    .flatMap((pending) => (pending.change.field === 'messages' ? (pending.change.value.statuses ?? []) : []))
    .filter((status) => status.id === messageId);

describe('sending templates', () => {
  let meta: StartedMetaSandbox;
  let whatsapp: Awaited<ReturnType<typeof sandbox>>['whatsapp'];
  beforeAll(async () => {
    ({ meta, whatsapp } = await sandbox());
  });

  it('answers Meta’s documented request to /marketing_messages, unchanged, with Meta’s success shape', async () => {
    const response = await rawSend(meta, 'marketing_messages', {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+56 9 1111 0001',
      type: 'template',
      message_activity_sharing: true,
      product_policy: 'STRICT',
      template: {
        name: 'oferta_semana',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'first_name', text: 'Pablo' },
              { type: 'text', parameter_name: 'discount', text: '15%' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'pablo' }] },
        ],
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+56 9 1111 0001', wa_id: '56911110001' }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
    const [sent] = meta.sandbox.whatsapp.sentMessages({ to: '56911110001' });
    expect(sent).toMatchObject({
      id: body.messages[0].id,
      endpoint: 'marketing_messages',
      template: { name: 'oferta_semana', category: 'MARKETING' },
      parameters: { 'body.first_name': 'Pablo', 'body.discount': '15%', 'button.0': 'pablo' },
      trackingToken: expect.stringMatching(/^tt_/),
    });
  });

  it('sends a marketing template through /marketing_messages and a utility one through /messages', async () => {
    const marketing = await whatsapp.sendTemplate(PHONE, offer('+56911110002', { messageActivitySharing: false }));
    const utility = await whatsapp.sendTemplate(PHONE, shipped('+56911110003'));
    expect(marketing).toEqual({ messageId: expect.stringMatching(/^wamid\./), waId: '56911110002', status: 'accepted' });
    const sent = meta.sandbox.whatsapp.sentMessages();
    expect(sent.find((message) => message.id === marketing.messageId)?.endpoint).toBe('marketing_messages');
    expect(sent.find((message) => message.id === utility.messageId)).toMatchObject({
      endpoint: 'messages',
      to: '56911110003',
      parameters: { 'body.first_name': 'Ana', 'body.order': '#1001' },
    });
  });

  const refusals: Array<[string, TemplateMessage, number]> = [
    ['an unknown template', { ...offer('+56911110010'), template: { name: 'no_existe', language: 'es', category: 'MARKETING' } }, 132001],
    [
      'a language the template does not have',
      { ...offer('+56911110011'), template: { name: 'oferta_semana', language: 'en', category: 'MARKETING' } },
      132001,
    ],
    ['a missing body parameter', offer('+56911110012', { body: { first_name: 'Ana' } }), 132000],
    ['a parameter of another name', offer('+56911110013', { body: { first_name: 'Ana', descuento: '20%' } }), 132012],
    ['an empty parameter', offer('+56911110014', { body: { first_name: 'Ana', discount: '' } }), 131008],
    ['the URL button without its suffix', offer('+56911110015', { buttons: [] }), 132000],
    ['a phone that is not one', offer('12'), 131009],
  ];
  it.each(refusals)('refuses %s with Meta’s code, title and details', async (_name, message, code) => {
    const error = await failure(whatsapp.sendTemplate(PHONE, message));
    const classified = classifySendFailure(error);
    expect(classified).toMatchObject({ kind: 'final', code, inDoubt: false });
    expect(classified.title).toMatch(new RegExp(`^\\(#${code}\\) `));
    expect(classified.details).toBeTruthy();
  });

  it('refuses a utility template on the Marketing Messages API, and anything but a template there', async () => {
    const send = (body: object) =>
      rawSend(meta, 'marketing_messages', { messaging_product: 'whatsapp', recipient_type: 'individual', to: '56911110020', ...body });
    const text = await send({ type: 'text', text: { body: 'Hola' } });
    expect(text.status).toBe(400);
    const error = (await text.json()).error;
    expect(error).toMatchObject({
      code: 131009,
      type: 'OAuthException',
      error_data: { messaging_product: 'whatsapp', details: expect.any(String) },
      fbtrace_id: expect.any(String),
    });
    const utility = await send({
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'first_name', text: 'A' },
              { type: 'text', parameter_name: 'order', text: '1' },
            ],
          },
        ],
      },
    });
    expect((await utility.json()).error.code).toBe(131009);
  });
});

describe('limits', () => {
  it('holds a number to 80 messages a second (130429, retryable) until a control raises it', async () => {
    const { meta, whatsapp } = await sandbox();
    for (let index = 0; index < 80; index += 1) await whatsapp.sendTemplate(PHONE, shipped(`+5691200${String(index).padStart(4, '0')}`));
    const refused = classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, shipped('+56912009999'))));
    expect(refused).toMatchObject({ kind: 'retry', code: 130429 });
    meta.sandbox.whatsapp.advance(1000);
    await whatsapp.sendTemplate(PHONE, shipped('+56912009999'));
    meta.sandbox.whatsapp.setThroughput(PHONE, 1000);
    meta.sandbox.whatsapp.advance(1000);
    for (let index = 0; index < 200; index += 1) await whatsapp.sendTemplate(PHONE, shipped(`+5691300${String(index).padStart(4, '0')}`));
    expect(meta.sandbox.whatsapp.sentMessages()).toHaveLength(281);
  });

  it('refuses a second message to the same person within 6 seconds (131056)', async () => {
    const { meta, whatsapp } = await sandbox();
    await whatsapp.sendTemplate(PHONE, shipped('+56914000001'));
    const refused = classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer('+56914000001'))));
    expect(refused).toMatchObject({ kind: 'pairLimit', code: 131056, retryAfterMs: 6000 });
    meta.sandbox.whatsapp.advance(6000);
    await whatsapp.sendTemplate(PHONE, offer('+56914000001'));
    expect(meta.sandbox.whatsapp.sentMessages({ to: '+56914000001' })).toHaveLength(2);
  });

  it('refuses paused (132015) and disabled (132016) templates: the campaign pauses', async () => {
    const { meta, whatsapp, templateIds } = await sandbox();
    const id = templateIds.get('oferta_semana')!;
    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    expect(classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer('+56915000001'))))).toMatchObject({
      kind: 'templateUnavailable',
      code: 132015,
    });
    meta.sandbox.whatsapp.advance(3 * 3_600_000);
    meta.sandbox.whatsapp.setTemplateQuality(id, 'GREEN');
    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    meta.sandbox.whatsapp.advance(6 * 3_600_000);
    meta.sandbox.whatsapp.setTemplateQuality(id, 'GREEN');
    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    expect(classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer('+56915000001'))))).toMatchObject({
      kind: 'templateUnavailable',
      code: 132016,
    });
    expect(meta.sandbox.whatsapp.sentMessages()).toHaveLength(0);
  });
});

describe('people Meta will not deliver to', () => {
  it('accepts, then fails with 131050, 131049 and 131026 as Meta does; or refuses at once when asked', async () => {
    const { meta, whatsapp } = await sandbox();
    const control = meta.sandbox.whatsapp;
    control.setRecipient('+56916000001', { marketing: 'stopped' });
    control.setRecipient('+56916000002', { marketing: 'heldBack' });
    control.setRecipient('+56916000003', { undeliverable: true });
    const expected: Array<[string, number, string]> = [
      ['+56916000001', 131050, 'stoppedMarketing'],
      ['+56916000002', 131049, 'marketingLimit'],
      ['+56916000003', 131026, 'undeliverable'],
    ];
    for (const [to, code, kind] of expected) {
      const sent = await whatsapp.sendTemplate(PHONE, offer(to));
      const statuses = statusesOf(meta, sent.messageId);
      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toMatchObject({
        status: 'failed',
        errors: [{ code, title: expect.any(String), error_data: { details: expect.any(String) } }],
      });
      expect(classifyStatusError(statuses[0]!.errors![0]!)).toMatchObject({ kind, code });
    }
    // A utility template still reaches the person who stopped marketing.
    control.advance(6000);
    const utility = await whatsapp.sendTemplate(PHONE, shipped('+56916000001'));
    expect(statusesOf(meta, utility.messageId).map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);

    control.setRecipient('+56916000001', { refuseInResponse: true });
    control.advance(6000);
    const refused = classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer('+56916000001'))));
    expect(refused).toMatchObject({ kind: 'stoppedMarketing', code: 131050 });
  });
});

describe('transient failures', () => {
  it('answers 500 with 131000 for the next sends a control names: retryable, nothing recorded', async () => {
    const { meta, whatsapp } = await sandbox();
    meta.sandbox.whatsapp.failNextSends(2, 'error');
    for (const to of ['+56917000001', '+56917000001']) {
      const refused = classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer(to))));
      expect(refused).toMatchObject({ kind: 'retry', code: 131000, inDoubt: false });
    }
    await whatsapp.sendTemplate(PHONE, offer('+56917000001'));
    expect(meta.sandbox.whatsapp.sentMessages({ to: '+56917000001' })).toHaveLength(1);
  });

  it('times out while Meta accepted the message: the failure says it is in doubt', async () => {
    const { meta } = await sandbox();
    const whatsapp = camilaClient(meta).whatsapp;
    meta.sandbox.whatsapp.failNextSends(1, 'timeout', { delayMs: 400 });
    const error = await failure(whatsapp.sendTemplate(PHONE, offer('+56917000002'), { timeoutMs: 100 }));
    expect(error).toBeInstanceOf(MetaNoAnswerError);
    expect(classifySendFailure(error)).toMatchObject({ kind: 'retry', code: null, inDoubt: true });
    expect(meta.sandbox.whatsapp.sentMessages({ to: '+56917000002' })).toHaveLength(1);
  });
});

describe('media headers, text and read receipts', () => {
  it('takes a header image by uploaded id or link, and refuses an id of nothing', async () => {
    const { meta, whatsapp } = await sandbox();
    const jpeg = () => ({ filename: 'zapatillas.jpg', type: 'image/jpeg', data: asFile(jpegImage(64, 64)) });
    const handle = await whatsapp.uploadHeaderSample(SANDBOX_META_APP.appId, jpeg());
    await whatsapp.createTemplate(WABA, {
      name: 'con_imagen',
      language: 'es',
      category: 'MARKETING',
      parameterFormat: 'NAMED',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
        {
          type: 'BODY',
          text: 'Hola {{first_name}}, llegaron las zapatillas nuevas de la temporada.',
          example: { body_text_named_params: [named('first_name', 'Ana')] },
        },
      ],
    });
    meta.sandbox.whatsapp.advance(6000);
    const mediaId = await whatsapp.uploadMedia(PHONE, jpeg());
    const message = (to: string, header: TemplateMessage['header']): TemplateMessage => ({
      to,
      template: { name: 'con_imagen', language: 'es', category: 'MARKETING' },
      header,
      body: { first_name: 'Ana' },
    });
    await whatsapp.sendTemplate(PHONE, message('+56918000001', { type: 'image', id: mediaId }));
    await whatsapp.sendTemplate(PHONE, message('+56918000002', { type: 'image', link: 'https://tiendademo.cl/zapatillas.jpg' }));
    expect(meta.sandbox.whatsapp.sentMessages().map((sent) => sent.parameters['header.image'])).toEqual([
      mediaId,
      'https://tiendademo.cl/zapatillas.jpg',
    ]);
    expect(
      classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, message('+56918000003', { type: 'image', id: '999' })))),
    ).toMatchObject({ code: 131009 });
    expect(classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, message('+56918000003', undefined))))).toMatchObject({
      code: 132000,
    });
  });

  it('sends free text only within 24 hours of the customer’s last message (else 131047), and marks theirs read', async () => {
    const { meta, whatsapp } = await sandbox();
    const outside = await whatsapp.sendText(PHONE, { to: '+56919000001', body: 'Hola, ¿te ayudamos?' });
    expect(statusesOf(meta, outside.messageId)).toMatchObject([{ status: 'failed', errors: [{ code: 131047 }] }]);
    const inbound = meta.sandbox.whatsapp.customerSends(PHONE, '56919000001', { type: 'text', text: { body: 'Hola, ¿tienen talla 40?' } });
    meta.sandbox.whatsapp.advance(6000);
    const reply = await whatsapp.sendText(PHONE, { to: '+56919000001', body: 'Sí, nos quedan dos pares.', replyTo: inbound });
    expect(statusesOf(meta, reply.messageId).map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    await whatsapp.markRead(PHONE, inbound);
    expect(classifySendFailure(await failure(whatsapp.markRead(PHONE, 'wamid.nada')))).toMatchObject({ kind: 'final', code: 131009 });
  });
});

describe('status webhooks', () => {
  /** Every status the callback received, in order, after checking each POST's signature. */
  function receivedStatuses(): WebhookStatus[] {
    return received.flatMap(({ raw, signature }) => {
      expect(verifyWhatsAppSignature(raw, signature, SANDBOX_META_APP.appSecret)).toBe(true);
      const parsed = parseWhatsAppWebhook(JSON.parse(raw.toString('utf8')));
      expect(parsed).not.toBeNull();
      return parsed!.changes.flatMap((change) => (change.field === 'messages' ? ((change.value as MessagesValue).statuses ?? []) : []));
    });
  }

  it('goes out signed as the clock moves: sent at once, delivered after a second, read after five', async () => {
    const { meta, whatsapp } = await sandbox();
    const sent = await whatsapp.sendTemplate(PHONE, offer('+56920000001', { callbackData: 'outbox-1' }));
    await meta.sandbox.whatsapp.deliverWebhooks();
    expect(
      receivedStatuses()
        .filter((status) => status.id === sent.messageId)
        .map((status) => status.status),
    ).toEqual(['sent']);
    meta.sandbox.whatsapp.advance(5000);
    await meta.sandbox.whatsapp.deliverWebhooks();
    const statuses = receivedStatuses().filter((status) => status.id === sent.messageId);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toMatchObject({
      recipient_id: '56920000001',
      biz_opaque_callback_data: 'outbox-1',
      pricing: { billable: true, pricing_model: 'PMP', category: 'marketing' },
    });
  });

  it('with Meta’s habits on, repeats statuses, skips delivered before read and sends them out of order, the same for a seed', async () => {
    const run = async () => {
      received = [];
      const { meta, whatsapp } = await sandbox({ seed: 7, whatsappMessages: { awkward: true } });
      meta.sandbox.whatsapp.setThroughput(PHONE, 1000);
      const ids: string[] = [];
      for (let index = 0; index < 60; index += 1)
        ids.push((await whatsapp.sendTemplate(PHONE, shipped(`+5692100${String(index).padStart(4, '0')}`))).messageId);
      await meta.sandbox.whatsapp.deliverWebhooks();
      meta.sandbox.whatsapp.advance(2000);
      await meta.sandbox.whatsapp.deliverWebhooks();
      meta.sandbox.whatsapp.advance(10_000);
      await meta.sandbox.whatsapp.deliverWebhooks();
      return ids.map((id) =>
        receivedStatuses()
          .filter((status) => status.id === id)
          .map((status) => status.status)
          .join(','),
      );
    };
    const first = await run();
    expect(
      first.some((sequence) => /(sent|delivered|read),\1/.test(sequence) || sequence.split(',').length > new Set(sequence.split(',')).size),
    ).toBe(true);
    expect(first.some((sequence) => sequence.includes('read') && !sequence.includes('delivered'))).toBe(true);
    expect(first.some((sequence) => sequence.indexOf('read') >= 0 && sequence.indexOf('delivered') > sequence.indexOf('read'))).toBe(true);
    expect(first.every((sequence) => sequence.startsWith('sent'))).toBe(true);
    expect(await run()).toEqual(first);
  });
});

describe('the HTTP controls', () => {
  it('set a number’s throughput and a recipient, make a customer write, tap and stop, and list what was sent and read', async () => {
    const { meta, whatsapp } = await sandbox();
    const base = meta.url.replace(/\/graph$/, '');
    const post = (path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
    expect((await post(`/whatsapp/phone-numbers/${PHONE}/throughput?perSecond=1000`)).status).toBe(200);
    expect((await post('/whatsapp/recipients/56922000001', { marketing: 'stopped', refuseInResponse: true })).status).toBe(200);
    expect(classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, offer('+56922000001'))))).toMatchObject({ code: 131050 });
    const sent = await whatsapp.sendTemplate(PHONE, offer('+56922000002'));
    expect(await (await fetch(`${base}/whatsapp/messages?to=56922000002`)).json()).toMatchObject({
      count: 1,
      data: [{ id: sent.messageId }],
    });
    const tap = {
      type: 'button',
      context: { id: sent.messageId },
      button: { payload: 'Detener promociones', text: 'Detener promociones' },
    };
    const written = await post(`/whatsapp/phone-numbers/${PHONE}/customer-messages`, { from: '56922000002', message: tap });
    expect(written.status).toBe(200);
    // The business reads it: Meta's read receipt is listed.
    const { id: tapId } = (await written.json()) as { id: string };
    await whatsapp.markRead(PHONE, tapId);
    expect(await (await fetch(`${base}/whatsapp/read-receipts?phoneNumberId=${PHONE}`)).json()).toEqual({ count: 1, data: [tapId] });
    expect((await post(`/whatsapp/messages/${encodeURIComponent(sent.messageId)}/clicks`)).status).toBe(200);
    expect((await post(`/whatsapp/phone-numbers/${PHONE}/user-preferences`, { from: '56922000002', value: 'stop' })).status).toBe(200);
    expect((await post('/whatsapp/fail-sends?count=1&kind=error')).status).toBe(200);
    expect(classifySendFailure(await failure(whatsapp.sendTemplate(PHONE, shipped('+56922000003'))))).toMatchObject({ code: 131000 });
    const kinds = meta.sandbox.whatsapp
      .messageChanges()
      .map((pending) =>
        pending.change.field === 'messages'
          ? Object.keys(pending.change.value).find((key) => ['statuses', 'messages', 'user_actions'].includes(key))
          : pending.change.field,
      );
    expect(new Set(kinds)).toEqual(new Set(['statuses', 'messages', 'user_actions', 'user_preferences']));
    expect((await post(`/whatsapp/phone-numbers/${PHONE}/customer-messages`, { from: '1', message: tap })).status).toBe(400);
  });
});
