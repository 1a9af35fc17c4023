import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { migrate } from '../../../../src/server/platform/database/migrations.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import type { Caller, TestServer } from '../../support/harness.ts';
import {
  approvedTemplate,
  settleWhatsapp,
  startWhatsappStore,
  uniqueCampaignNow,
  WHATSAPP_PHONE_NUMBER,
  whatsappSegment,
} from '../../support/whatsapp-harness.ts';

/*
 * A campaign's messages in the chat, through the Meta sandbox: each shows in its customer's conversation and follows
 * Meta's statuses; a recipient without a conversation gets none until they reply, and the conversation their reply
 * opens begins with what the campaign sent them; the same event twice records once; the list's "by campaign" filter
 * reads the chat's own record of the campaign's sends, which begins with what campaigns sent before it was kept.
 */

type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['ConversationMessage'];

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const ANA = '+56971112222';
const BRUNO = '+56972223333';
const CARLA = '+56973334444';
const GREETING = (name: string) => `Hola ${name}, esta semana tenemos ofertas en toda la tienda para ti.`;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let campaignId: number;

const call = (url: string) => server.app.inject({ method: 'GET', url, cookies: owner.cookies, headers: owner.headers });
const chatPath = (rest = '') => `/api/private/stores/${store}/conversations${rest}`;
const settle = () => settleWhatsapp({ meta, server });
async function list(query = ''): Promise<Conversation[]> {
  const response = await call(chatPath(query));
  expect(response.statusCode).toBe(200);
  return response.json().conversations;
}
const conversationOf = async (phone: string) => (await list('?limit=100')).find((each) => each.phone === phone);
async function messagesOf(id: number): Promise<Message[]> {
  const response = await call(chatPath(`/${id}/messages`));
  expect(response.statusCode).toBe(200);
  return response.json().messages;
}
const campaignWamid = (phone: string) =>
  meta.sandbox.whatsapp.sentMessages({ to: phone, phoneNumberId: PHONE_NUMBER }).find((message) => message.type === 'template')!.id;

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
  meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { profileName: 'Ana', type: 'text', text: { body: '¿Tienen talla M?' } });
  await settle();
  const context = { meta, server };
  const templateId = await approvedTemplate(context, owner, store, { name: 'ofertas_semana' });
  const segmentId = await whatsappSegment(server, store, 'Clientas', [
    { id: 7001, firstName: 'Ana', phone: ANA, sms: true },
    { id: 7002, firstName: 'Bruno', phone: BRUNO, sms: true },
  ]);
  const created = await server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${store}/whatsappCampaigns`,
    cookies: owner.cookies,
    headers: owner.headers,
    payload: uniqueCampaignNow('Ofertas', templateId, segmentId),
  });
  expect(created.statusCode).toBe(201);
  campaignId = created.json().id;
  await settle();
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('a campaign in the chat', () => {
  it('shows in the recipient’s conversation as the template they got, and follows Meta’s statuses', async () => {
    const ana = (await conversationOf(ANA))!;
    const [sent, question] = await messagesOf(ana.id);
    expect(question).toMatchObject({ direction: 'inbound', text: '¿Tienen talla M?' });
    expect(sent).toMatchObject({
      direction: 'outbound',
      kind: 'template',
      text: GREETING('Ana'),
      templateName: 'ofertas_semana',
      templateMissing: false,
      campaignId,
      status: 'read',
      error: null,
    });
    // A campaign is no answer: the customer's question still waits for one.
    expect(await conversationOf(ANA)).toMatchObject({ answered: false, lastMessage: { direction: 'inbound' } });
  });

  it('opens no conversation for a recipient who has none', async () => {
    expect(await conversationOf(BRUNO)).toBeUndefined();
    expect((await list()).map((each) => each.phone)).toEqual([ANA]);
  });

  it('begins the conversation a recipient’s reply opens with the campaign’s message', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, BRUNO, { profileName: 'Bruno', type: 'text', text: { body: '¿Hasta cuándo?' } });
    await settle();
    const bruno = (await conversationOf(BRUNO))!;
    expect(bruno).toMatchObject({ unreadCount: 1, answered: false, lastMessage: { preview: '¿Hasta cuándo?', direction: 'inbound' } });
    const messages = await messagesOf(bruno.id);
    expect(messages.map((message) => [message.direction, message.text])).toEqual([
      ['inbound', '¿Hasta cuándo?'],
      ['outbound', GREETING('Bruno')],
    ]);
    // Its statuses came while it had no conversation: they moved it all the same.
    expect(messages[1]).toMatchObject({ kind: 'template', status: 'read', templateName: 'ofertas_semana' });
  });

  it('records a message once however many times its event comes', async () => {
    const event = {
      kind: 'whatsapp_message_sent' as const,
      customers: ['7001'],
      detail: {
        campaignId: String(campaignId),
        templateName: 'ofertas_semana',
        messages: [{ phone: ANA, wamid: 'wamid.repetido', text: 'Última oportunidad', at: new Date().toISOString() }],
      },
    };
    await server.db.transaction((tx) => server.app.events.record(tx, store, [event]));
    await server.db.transaction((tx) => server.app.events.record(tx, store, [event, event]));
    await settle();
    const ana = (await conversationOf(ANA))!;
    const repeated = (await messagesOf(ana.id)).filter((message) => message.text === 'Última oportunidad');
    expect(repeated).toHaveLength(1);
    expect(repeated[0]).toMatchObject({ direction: 'outbound', kind: 'template', status: 'sent' });
    const [kept] = await server.db.query<{ count: number }>(
      `select count(*)::int as count from chat_campaign_sends where store_id = $1 and wamid = 'wamid.repetido'`,
      [store],
    );
    expect(kept!.count).toBe(1);
  });

  it('applies the statuses Meta gave before the message’s event came', async () => {
    const at = new Date().toISOString();
    const status = (name: 'delivered' | 'read') => ({
      messageId: 'wamid.adelantado',
      status: name,
      at,
      recipient: ANA.slice(1),
      errors: [],
      callback: null,
    });
    await server.db.transaction((tx) =>
      server.app.events.record(tx, store, [
        { kind: 'whatsapp_message_statuses', detail: { phoneNumberId: PHONE_NUMBER, statuses: [status('delivered'), status('read')] } },
      ]),
    );
    await settle();
    await server.db.transaction((tx) =>
      server.app.events.record(tx, store, [
        {
          kind: 'whatsapp_message_sent',
          customers: ['7001'],
          detail: {
            campaignId: String(campaignId),
            templateName: 'ofertas_semana',
            messages: [{ phone: ANA, wamid: 'wamid.adelantado', text: 'Llegó antes', at }],
          },
        },
      ]),
    );
    await settle();
    const ana = (await conversationOf(ANA))!;
    expect((await messagesOf(ana.id)).find((message) => message.text === 'Llegó antes')).toMatchObject({ status: 'read' });
  });

  it('lists the conversations of the customers a campaign reached from the chat’s own record of its sends', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, CARLA, { profileName: 'Carla', type: 'text', text: { body: 'Hola' } });
    await settle();
    // What the WhatsApp feature keeps of its sends is its own: the chat does not read it.
    await server.db.query('delete from whatsapp_outbox where campaign_id = $1', [campaignId]);
    const reached = await list(`?campaignId=${campaignId}`);
    expect(reached.map((each) => each.phone).sort()).toEqual([ANA, BRUNO]);
    expect(await list(`?campaignId=${campaignId + 1000}`)).toEqual([]);
  });

  it('keeps, from the migration that began the record, what campaigns had sent before it', async () => {
    await server.db.query(
      `insert into whatsapp_outbox (store_id, campaign_id, customer_external_id, phone, params, due_at, status, wamid, sent_at)
       values ($1, $2, 7003, $3, '{}', now(), 'read', 'wamid.antiguo', now())`,
      [store, campaignId, CARLA],
    );
    await server.db.query('drop table chat_campaign_sends');
    await server.db.query(`delete from schema_migrations where name like '0038_%'`);
    expect(await migrate(server.db)).toEqual([expect.stringMatching(/^0038_/)]);
    expect((await list(`?campaignId=${campaignId}`)).map((each) => each.phone)).toEqual([CARLA]);
  });

  it('sends each recipient the campaign once, whatever the chat did with it', async () => {
    expect(campaignWamid(ANA)).not.toBe(campaignWamid(BRUNO));
    const [rows] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from chat_messages where store_id = $1 and wamid = any($2::text[])',
      [store, [campaignWamid(ANA), campaignWamid(BRUNO)]],
    );
    expect(rows!.count).toBe(2);
  });
});
