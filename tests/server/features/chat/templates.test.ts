import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import {
  approvedTemplate,
  settleWhatsapp,
  startWhatsappStore,
  templateImage,
  WHATSAPP_PHONE_NUMBER,
} from '../../support/whatsapp-harness.ts';

/*
 * Templates from the chat, through the Meta sandbox: the approved templates a conversation is offered, their
 * customer variables filled from the store's customer; a template sent outside the 24-hour window, its typed values
 * required, the message in the conversation moving with Meta's statuses; a marketing template refused to a customer
 * who stopped the store's marketing; a template deleted since it was sent said so; another store's out of reach.
 */

type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['ConversationMessage'];
type ConversationTemplate = components['schemas']['ConversationTemplate'];

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const ANA = '+56975550001';
const BRUNO = '+56975550002';

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let marketingId: number;
let utilityId: number;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, who: Caller = owner) =>
  server.app.inject({ method, url, cookies: who.cookies, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const chatPath = (rest = '', storeId = store) => `/api/private/stores/${storeId}/conversations${rest}`;
const settle = () => settleWhatsapp({ meta, server });
const sentTo = (phone: string) => meta.sandbox.whatsapp.sentMessages({ to: phone, phoneNumberId: PHONE_NUMBER });
const pairLimitPasses = () => meta.sandbox.whatsapp.advance(7_000);

async function conversationOf(phone: string): Promise<Conversation> {
  const response = await call('GET', chatPath('?limit=100'));
  return (response.json() as { conversations: Conversation[] }).conversations.find((each) => each.phone === phone)!;
}
async function templatesOf(id: number, who: Caller = owner): Promise<ConversationTemplate[]> {
  const response = await call('GET', chatPath(`/${id}/templates`), undefined, who);
  expect(response.statusCode).toBe(200);
  return response.json().templates;
}
const sendTemplate = (id: number, templateId: number, values: Record<string, string> = {}, clientId = randomUUID(), who: Caller = owner) =>
  call('POST', chatPath(`/${id}/templateMessages`), { clientId, templateId, values }, who);
async function newest(id: number): Promise<Message> {
  const response = await call('GET', chatPath(`/${id}/messages`));
  return response.json().messages[0];
}
/** The conversation's window closed a day ago (the customer wrote more than 24 hours before). */
const windowCloses = (id: number) =>
  server.db.query(`update chat_conversations set last_inbound_at = last_inbound_at - interval '25 hours' where id = $1`, [id]);

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
  await server.db.query(
    `insert into customers (store_id, external_id, first_name, last_name, email, phone, sms_consent)
     values ($1, 9101, 'Ana', 'Pérez', 'ana@example.cl', '9 7555 0001', true)`,
    [store],
  );
  marketingId = await approvedTemplate({ meta, server }, owner, store, { name: 'ofertas_chat' });
  utilityId = await approvedTemplate({ meta, server }, owner, store, {
    name: 'pedido_chat',
    category: 'UTILITY',
    body: 'Hola {{client_first_name}}, tu pedido {{text_1}} ya va en camino a tu casa.',
    variables: [
      { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
      { name: 'text_1', type: 'TEXT', example: '10234' },
    ],
  });
  meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { type: 'text', text: { body: 'Hola' }, profileName: 'Anita' });
  meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, BRUNO, { type: 'text', text: { body: 'Hola' }, profileName: 'Bruno' });
  await settle();
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('templates from the chat', () => {
  it('offers the approved templates, with what the customer’s data fills and what must be typed', async () => {
    const ana = await conversationOf(ANA);
    const templates = await templatesOf(ana.id);
    expect(templates.map((each) => each.name).sort()).toEqual(['ofertas_chat', 'pedido_chat']);
    const pedido = templates.find((each) => each.id === utilityId)!;
    expect(pedido).toMatchObject({
      category: 'UTILITY',
      body: 'Hola {{client_first_name}}, tu pedido {{text_1}} ya va en camino a tu casa.',
      blocked: null,
      variables: [
        { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', value: 'Ana' },
        { name: 'text_1', type: 'TEXT', value: null },
      ],
    });
    // No customer with Bruno's phone: his name is typed too.
    const bruno = await conversationOf(BRUNO);
    expect((await templatesOf(bruno.id)).find((each) => each.id === marketingId)!.variables).toEqual([
      { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', value: null },
    ]);
  });

  it('sends a template outside the 24-hour window, once per client id, and it moves with Meta’s statuses', async () => {
    const ana = await conversationOf(ANA);
    await windowCloses(ana.id);
    const refused = await call('POST', chatPath(`/${ana.id}/messages`), { clientId: randomUUID(), text: 'Hola' });
    expect(refused.statusCode).toBe(409);

    const clientId = randomUUID();
    const sent = await sendTemplate(ana.id, utilityId, { text_1: '10234' }, clientId);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: 'outbound',
      kind: 'template',
      templateName: 'pedido_chat',
      templateMissing: false,
      text: 'Hola Ana, tu pedido 10234 ya va en camino a tu casa.',
    });
    expect((await sendTemplate(ana.id, utilityId, { text_1: '10234' }, clientId)).json().id).toBe(sent.json().id);
    const templates = sentTo(ANA).filter((message) => message.type === 'template');
    expect(templates).toHaveLength(1);
    expect(templates[0]!.template).toMatchObject({ name: 'pedido_chat', category: 'UTILITY' });
    expect(templates[0]!.parameters).toEqual({ 'body.client_first_name': 'Ana', 'body.text_1': '10234' });

    await settle();
    expect(await newest(ana.id)).toMatchObject({ id: sent.json().id, status: 'read' });
    expect(await conversationOf(ANA)).toMatchObject({
      answered: true,
      lastMessage: { preview: 'Hola Ana, tu pedido 10234 ya va en camino a tu casa.' },
    });
  });

  it('refuses a template with a value neither typed nor in the customer’s data, and sends nothing', async () => {
    pairLimitPasses();
    const bruno = await conversationOf(BRUNO);
    const before = sentTo(BRUNO).length;
    const refused = await sendTemplate(bruno.id, utilityId);
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json().fieldErrors as { field: string; message: string }[]).map((each) => each.field).sort();
    expect(fields).toEqual(['values.client_first_name', 'values.text_1']);
    expect(refused.json().fieldErrors[0].message).toMatch(/Escribe el valor/);
    expect(sentTo(BRUNO)).toHaveLength(before);
    // A typed name takes the place of the customer's data.
    const sent = await sendTemplate(bruno.id, marketingId, { client_first_name: 'Bruno' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().text).toBe('Hola Bruno, esta semana tenemos ofertas en toda la tienda para ti.');
  });

  it('refuses a marketing template to a customer who stopped the store’s marketing, and offers it blocked', async () => {
    pairLimitPasses();
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { type: 'text', text: { body: 'BAJA' } });
    await settle();
    const ana = await conversationOf(ANA);
    expect(ana.optedOut).toBe(true);
    const templates = await templatesOf(ana.id);
    expect(templates.find((each) => each.id === marketingId)!.blocked).toBe('optedOut');
    expect(templates.find((each) => each.id === utilityId)!.blocked).toBeNull();

    pairLimitPasses();
    const before = sentTo(ANA).length;
    const refused = await sendTemplate(ana.id, marketingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'chat_opted_out', message: expect.stringContaining('marketing') });
    expect(sentTo(ANA)).toHaveLength(before);
    expect((await sendTemplate(ana.id, utilityId, { text_1: '10235' })).statusCode).toBe(201);
  });

  it('says so of a template deleted since it was sent, and refuses to send it again', async () => {
    const bruno = await conversationOf(BRUNO);
    expect((await newest(bruno.id)).templateMissing).toBe(false);
    expect((await call('DELETE', `/api/private/stores/${store}/whatsappTemplates/${marketingId}`)).statusCode).toBe(204);
    expect(await newest(bruno.id)).toMatchObject({ templateName: 'ofertas_chat', templateMissing: true });
    expect((await templatesOf(bruno.id)).map((each) => each.id)).toEqual([utilityId]);
    const refused = await sendTemplate(bruno.id, marketingId, { client_first_name: 'Bruno' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'template_not_found', message: 'La plantilla que elegiste ya no existe.' });
  });

  it('is open to every role of the store and closed to every other store', async () => {
    pairLimitPasses();
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    const bruno = await conversationOf(BRUNO);
    expect((await templatesOf(bruno.id, collaborator)).length).toBe(1);
    expect(
      (await sendTemplate(bruno.id, utilityId, { client_first_name: 'Bruno', text_1: '7' }, randomUUID(), collaborator)).statusCode,
    ).toBe(201);

    const other = await addStore(server.db, 'Otra tienda de plantillas');
    expect((await call('GET', chatPath(`/${bruno.id}/templates`, other))).statusCode).toBe(404);
    expect(
      (await call('POST', chatPath(`/${bruno.id}/templateMessages`, other), { clientId: randomUUID(), templateId: utilityId, values: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a malformed send with the contract’s 400, never a 500', async () => {
    const bruno = await conversationOf(BRUNO);
    for (const payload of [
      { clientId: 'no-uuid', templateId: utilityId, values: {} },
      { clientId: randomUUID(), templateId: 0, values: {} },
      { clientId: randomUUID(), templateId: utilityId, values: { text_1: '' } },
      { clientId: randomUUID(), templateId: utilityId },
    ])
      expect((await call('POST', chatPath(`/${bruno.id}/templateMessages`), payload)).statusCode).toBe(400);
    expect((await sendTemplate(999_999, utilityId)).statusCode).toBe(404);
  });

  it('uploads a template’s header image to the number once, for sends at once too, names that upload in every message, and again once Meta’s copy nears its 30 days', async () => {
    const mediaId = await templateImage(server, owner, store, 'retiro.png');
    const withImage = await approvedTemplate({ meta, server }, owner, store, {
      name: 'retiro_con_foto',
      category: 'UTILITY',
      header: { format: 'IMAGE', text: null, mediaId },
      body: 'Tu pedido ya está listo para retiro.',
      variables: [],
    });
    const headerOf = (phone: string) =>
      sentTo(phone)
        .filter((message) => message.type === 'template')
        .at(-1)?.parameters['header.image'];
    const uploads = () => meta.sandbox.store.media.size;

    pairLimitPasses();
    const before = uploads();
    // Both at once: they share one upload.
    const conversations = await Promise.all([ANA, BRUNO].map(conversationOf));
    const sent = await Promise.all(conversations.map((conversation) => sendTemplate(conversation.id, withImage)));
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(uploads()).toBe(before + 1);
    expect(headerOf(ANA)).toEqual(expect.any(String));
    expect(headerOf(BRUNO)).toBe(headerOf(ANA));

    await server.db.query(`update whatsapp_media_uploads set uploaded_at = uploaded_at - interval '29 days'`);
    pairLimitPasses();
    expect((await sendTemplate((await conversationOf(ANA)).id, withImage)).statusCode).toBe(201);
    expect(uploads()).toBe(before + 2);
    expect(headerOf(ANA)).not.toBe(headerOf(BRUNO));
  });
});
