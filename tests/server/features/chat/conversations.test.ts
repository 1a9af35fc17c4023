import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import {
  approvedTemplate,
  settleWhatsapp,
  startWhatsappStore,
  uniqueCampaignNow,
  WHATSAPP_PHONE_NUMBER,
  whatsappSegment,
} from '../../support/whatsapp-harness.ts';

/*
 * The chat through the Meta sandbox: customers write (every kind WhatsApp delivers), each becomes one conversation
 * linked to the store's customer with that phone; Meta's repeats change nothing; the merchant answers within the
 * 24-hour window and only then (outside it nothing reaches Meta); statuses move the answer forward only, even when
 * they come before the send saved its wamid; opening a conversation reads it and sends Meta's receipt; the list
 * filters, searches and pages; another store's conversations stay out of reach.
 */

type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['ConversationMessage'];

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const ANA = '+56971112222';
const HOUR = 60 * 60 * 1000;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object, who: Caller = owner) =>
  server.app.inject({ method, url, cookies: who.cookies, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const chatPath = (rest = '', storeId = store) => `/api/private/stores/${storeId}/conversations${rest}`;
const settle = () => settleWhatsapp({ meta, server });
const sentTo = (phone: string) => meta.sandbox.whatsapp.sentMessages({ to: phone, phoneNumberId: PHONE_NUMBER });

async function list(query = ''): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  const response = await call('GET', chatPath(query));
  expect(response.statusCode).toBe(200);
  return response.json();
}
const conversationOf = async (phone: string) => (await list('?limit=100')).conversations.find((each) => each.phone === phone)!;
async function messagesOf(id: number, query = ''): Promise<{ messages: Message[]; nextBefore: number | null }> {
  const response = await call('GET', chatPath(`/${id}/messages${query}`));
  expect(response.statusCode).toBe(200);
  return response.json();
}
const answer = (id: number, text: string, clientId = randomUUID()) => call('POST', chatPath(`/${id}/messages`), { clientId, text });
/** Meta's clock moves on past the pair limit (one message to the same person every 6 s). */
const pairLimitPasses = () => meta.sandbox.whatsapp.advance(7_000);

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
  await server.db.query(
    `insert into customers (store_id, external_id, first_name, last_name, phone, sms_consent) values ($1, 9001, 'Ana', 'Pérez', '9 7111 2222', true)`,
    [store],
  );
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('the inbox', () => {
  let ana: Conversation;
  let textWamid: string;

  it('makes what a customer writes, of every kind, one conversation linked to the customer', async () => {
    const send = (message: Parameters<typeof meta.sandbox.whatsapp.customerSends>[2]) =>
      meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { profileName: 'Anita', ...message });
    textWamid = send({ type: 'text', text: { body: 'Hola, ¿tienen talla M?' } });
    send({ type: 'image', image: { id: 'media-1', mime_type: 'image/jpeg', sha256: 'abc', caption: 'Esta polera' } });
    send({ type: 'video', video: { id: 'media-2', mime_type: 'video/mp4' } });
    send({ type: 'audio', audio: { id: 'media-3', mime_type: 'audio/ogg', voice: true } });
    send({ type: 'document', document: { id: 'media-4', mime_type: 'application/pdf', filename: 'boleta.pdf' } });
    send({ type: 'sticker', sticker: { id: 'media-5', mime_type: 'image/webp', animated: false } });
    send({ type: 'location', location: { latitude: -33.45, longitude: -70.66, name: 'Tienda', address: 'Av. Providencia 123' } });
    send({ type: 'contacts', contacts: [{ name: { formatted_name: 'Pedro Soto' }, phones: [{ phone: '+56 9 8888 7777' }] }] });
    send({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'talla-m', title: 'Talla M' } } });
    send({ type: 'unsupported' });
    send({ type: 'reaction', reaction: { message_id: textWamid, emoji: '👍' } });
    await settle();

    const { conversations } = await list();
    expect(conversations).toHaveLength(1);
    ana = conversations[0]!;
    expect(ana).toMatchObject({
      customerId: '9001',
      name: 'Ana Pérez',
      phone: ANA,
      waUserId: '56971112222',
      unreadCount: 10,
      read: false,
      answered: false,
      optedOut: false,
      lastMessage: { preview: 'Mensaje no compatible con WhatsApp', direction: 'inbound' },
    });
    expect(Date.parse(ana.windowClosesAt!)).toBeGreaterThan(Date.now() + 23 * HOUR);

    const { messages } = await messagesOf(ana.id);
    expect(messages.map((message) => message.kind)).toEqual([
      'unsupported',
      'interactive',
      'contacts',
      'location',
      'sticker',
      'document',
      'audio',
      'video',
      'image',
      'text',
    ]);
    const byKind = Object.fromEntries(messages.map((message) => [message.kind, message]));
    expect(byKind.text).toMatchObject({
      direction: 'inbound',
      text: 'Hola, ¿tienen talla M?',
      status: null,
      reactions: [{ emoji: '👍', from: 'inbound' }],
    });
    expect(byKind.image).toMatchObject({ text: 'Esta polera', payload: { id: 'media-1', mime_type: 'image/jpeg' } });
    expect(byKind.document!.payload).toMatchObject({ filename: 'boleta.pdf' });
    expect(byKind.location!.payload).toMatchObject({ latitude: -33.45, longitude: -70.66, name: 'Tienda' });
    expect(byKind.contacts!.payload).toMatchObject({ contacts: [{ name: { formatted_name: 'Pedro Soto' } }] });
    expect(byKind.interactive).toMatchObject({ text: 'Talla M', payload: { list_reply: { id: 'talla-m' } } });
    expect(byKind.unsupported!.payload).toMatchObject({ errors: [{ code: 131051 }] });
    expect((await call('GET', chatPath('/unreadCount'))).json()).toEqual({ count: 1 });
  });

  it('changes nothing when Meta delivers the same messages again', async () => {
    const before = await messagesOf(ana.id, '?limit=100');
    const events = await server.db.query<{ detail: { phoneNumberId: string; messages: never[] } }>(
      `select detail from store_events where store_id = $1 and kind = 'whatsapp_messages_received'`,
      [store],
    );
    await server.db.transaction((tx) =>
      server.app.events.record(
        tx,
        store,
        events.map((event) => ({ kind: 'whatsapp_messages_received' as const, detail: event.detail })),
      ),
    );
    await settle();
    expect(await messagesOf(ana.id, '?limit=100')).toEqual(before);
    expect((await conversationOf(ANA)).unreadCount).toBe(10);
  });

  it('pages a long conversation newest first', async () => {
    const first = await messagesOf(ana.id, '?limit=4');
    expect(first.messages).toHaveLength(4);
    const second = await messagesOf(ana.id, `?limit=4&before=${first.nextBefore}`);
    const third = await messagesOf(ana.id, `?limit=4&before=${second.nextBefore}`);
    expect(third.nextBefore).toBeNull();
    const ids = [...first.messages, ...second.messages, ...third.messages].map((message) => message.id);
    expect(ids).toHaveLength(10);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('reads a conversation and sends Meta the receipt of its newest message', async () => {
    const newest = meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, {
      type: 'text',
      text: { body: '¿Siguen ahí?' },
      profileName: 'Anita',
    });
    await settle();
    const response = await call('POST', chatPath(`/${ana.id}/read`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ unreadCount: 0, read: true });
    expect(meta.sandbox.whatsapp.readReceipts(PHONE_NUMBER)).toEqual([newest]);
    expect((await call('GET', chatPath('/unreadCount'))).json()).toEqual({ count: 0 });
  });

  it('sends the merchant’s answer once per client id, and Meta’s statuses move it forward only', async () => {
    const clientId = randomUUID();
    const sent = await answer(ana.id, 'Sí, tenemos talla M 😊', clientId);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ direction: 'outbound', kind: 'text', text: 'Sí, tenemos talla M 😊' });
    const again = await answer(ana.id, 'Sí, tenemos talla M 😊', clientId);
    expect(again.json().id).toBe(sent.json().id);
    expect(sentTo(ANA).filter((message) => message.type === 'text')).toHaveLength(1);
    expect(sentTo(ANA)[0]!.payload).toMatchObject({ body: 'Sí, tenemos talla M 😊' });

    await settle();
    const [latest] = (await messagesOf(ana.id)).messages;
    expect(latest).toMatchObject({ id: sent.json().id, status: 'read', error: null });
    expect(await conversationOf(ANA)).toMatchObject({ answered: true, lastMessage: { direction: 'outbound' } });

    // Late and repeated statuses, and a failure after the read, change nothing.
    const wamid = sentTo(ANA)[0]!.id;
    await server.db.transaction((tx) =>
      server.app.events.record(tx, store, [
        {
          kind: 'whatsapp_message_statuses',
          detail: {
            phoneNumberId: PHONE_NUMBER,
            statuses: [
              { messageId: wamid, status: 'delivered', at: new Date().toISOString(), recipient: '56971112222', errors: [], callback: null },
              {
                messageId: wamid,
                status: 'failed',
                at: new Date().toISOString(),
                recipient: '56971112222',
                errors: [{ code: 131026, title: 'Message Undeliverable', details: null }],
                callback: null,
              },
            ],
          },
        },
      ]),
    );
    await settle();
    expect((await messagesOf(ana.id)).messages[0]).toMatchObject({ status: 'read', error: null });
  });

  it('keeps a tap on a quick-reply button as the button’s reply to the message it answers', async () => {
    const [answered] = sentTo(ANA);
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, {
      type: 'button',
      context: { id: answered!.id },
      button: { text: 'Sí, resérvala', payload: 'reservar' },
      profileName: 'Anita',
    });
    await settle();
    const [tap] = (await messagesOf(ana.id)).messages;
    expect(tap).toMatchObject({ direction: 'inbound', kind: 'button', text: 'Sí, resérvala', payload: { payload: 'reservar' } });
    expect(await conversationOf(ANA)).toMatchObject({ answered: false, unreadCount: 1, lastMessage: { preview: 'Sí, resérvala' } });
    expect((await call('POST', chatPath(`/${ana.id}/read`))).json()).toMatchObject({ read: true });
  });

  it('applies statuses that come before the send saved its wamid', async () => {
    pairLimitPasses();
    // Meta takes the message, and its statuses reach us, before its answer reaches the send.
    meta.sandbox.whatsapp.failNextSends(1, 'timeout', { delayMs: 1500, accepted: true });
    const sending = answer(ana.id, '¿Te la reservo?');
    for (let round = 0; round < 100; round++) {
      await settle();
      const [kept] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from chat_pending_statuses where store_id = $1',
        [store],
      );
      if (kept!.count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sent = await sending;
    expect(sent.statusCode).toBe(201);
    expect(sent.json().status).toBe('read');
  });

  it('keeps a send Meta did not answer pending until its statuses say it was sent', async () => {
    pairLimitPasses();
    meta.sandbox.whatsapp.failNextSends(1, 'timeout', { delayMs: 16_000, accepted: true });
    const sent = await answer(ana.id, '¿Quieres que te la envíe?');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', error: null });
    await settle();
    expect((await messagesOf(ana.id)).messages[0]).toMatchObject({ id: sent.json().id, status: 'read' });
  });

  it('refuses free text once 24 hours passed since the customer wrote, and sends nothing', async () => {
    meta.sandbox.whatsapp.advance(25 * HOUR);
    await server.db.query(`update chat_conversations set last_inbound_at = last_inbound_at - interval '25 hours' where id = $1`, [ana.id]);
    const before = sentTo(ANA).length;
    const stored = await server.db.query('select id from chat_messages');

    const refused = await answer(ana.id, '¿Sigues interesada?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'chat_window_closed', message: expect.stringContaining('24 horas') });
    expect(sentTo(ANA)).toHaveLength(before);
    expect(await server.db.query('select id from chat_messages')).toEqual(stored);
    expect(Date.parse((await conversationOf(ANA)).windowClosesAt!)).toBeLessThan(Date.now());
  });

  it('shows Meta’s 131047 with the same words as the server’s refusal', async () => {
    const bruno = '+56972223333';
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, bruno, { type: 'text', text: { body: 'Hola' }, profileName: 'Bruno' });
    await settle();
    const conversation = await conversationOf(bruno);
    // Meta's clock runs ahead of ours: it sees the window closed while we do not.
    meta.sandbox.whatsapp.advance(25 * HOUR);
    const sent = await answer(conversation.id, 'Hola Bruno');
    expect(sent.statusCode).toBe(201);
    await settle();
    const [message] = (await messagesOf(conversation.id)).messages;
    expect(message).toMatchObject({ status: 'failed', error: { code: 131047, title: expect.stringContaining('24 horas') } });
  });
});

describe('the list', () => {
  it('links a person who hides the number by Meta’s user id, with no customer', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, 'CL.1234567890', {
      type: 'text',
      text: { body: 'Hola desde mi usuario' },
      profileName: 'Cata',
    });
    await settle();
    const hidden = (await list('?limit=100')).conversations.find((each) => each.waUserId === 'CL.1234567890');
    expect(hidden).toMatchObject({ phone: null, customerId: null, name: 'Cata', unreadCount: 1 });
  });

  it('filters, searches by name or phone, and pages without skipping or repeating', async () => {
    for (const [index, name] of ['Carla', 'Diego', 'Elena'].entries())
      meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, `+5697333000${index}`, { type: 'text', text: { body: 'Hola' }, profileName: name });
    await settle();
    const all = (await list('?limit=100')).conversations;
    expect(all).toHaveLength(6);
    const times = all.map((each) => Date.parse(each.lastMessage.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const names = (query: string) => list(query).then((page) => page.conversations.map((each) => each.name));
    expect(await names('?filter=answered')).toEqual(['Bruno', 'Ana Pérez']);
    expect((await names('?filter=read')).sort()).toEqual(['Ana Pérez']);
    expect(await names('?filter=unread')).toHaveLength(5);
    const search = (q: string) => names(`?q=${encodeURIComponent(q)}`);
    expect(await search('pérez')).toEqual(['Ana Pérez']);
    expect(await search('anit')).toEqual(['Ana Pérez']);
    expect(await search('7333 0001')).toEqual(['Diego']);
    expect(await search('nadie')).toEqual([]);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.conversations.map((each) => each.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((each) => each.id));
    expect((await call('GET', chatPath('/unreadCount'))).json()).toEqual({ count: 5 });
  });

  it('links a customer imported after they wrote', async () => {
    const carla = '+56973330000';
    expect((await conversationOf(carla)).customerId).toBeNull();
    await server.db.transaction(async (tx) => {
      await tx.query(`insert into customers (store_id, external_id, first_name, phone) values ($1, 9002, 'Carla', '+56 9 7333 0000')`, [
        store,
      ]);
      await server.app.events.record(tx, store, [{ kind: 'customers_touched', customers: ['9002'] }]);
    });
    await settle();
    expect(await conversationOf(carla)).toMatchObject({ customerId: '9002', name: 'Carla' });
  });

  it('lists the conversations of the customers a campaign reached', async () => {
    pairLimitPasses();
    const context = { meta, server };
    const templateId = await approvedTemplate(context, owner, store, { name: 'novedades_chat' });
    const segmentId = await whatsappSegment(server, store, 'Clientas del chat', [{ id: 9001, firstName: 'Ana', phone: ANA, sms: true }]);
    const created = await call(
      'POST',
      `/api/private/stores/${store}/whatsappCampaigns`,
      uniqueCampaignNow('Novedades', templateId, segmentId),
    );
    expect(created.statusCode).toBe(201);
    await settle();
    const names = (await list(`?campaignId=${created.json().id}`)).conversations.map((each) => each.name);
    expect(names).toEqual(['Ana Pérez']);
  });

  it('shows a customer who opted out', async () => {
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, '+56973330000', { type: 'text', text: { body: 'BAJA' } });
    await settle();
    expect((await conversationOf('+56973330000')).optedOut).toBe(true);
    expect((await conversationOf(ANA)).optedOut).toBe(false);
  });

  it('is open to every role of the store and closed to every other store', async () => {
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect((await call('GET', chatPath(), undefined, collaborator)).statusCode).toBe(200);

    const other = await addStore(server.db, 'Otra tienda');
    expect((await call('GET', chatPath('', other))).statusCode).toBe(404);
    expect((await call('GET', chatPath('/unreadCount', other))).statusCode).toBe(404);
    const [theirs] = await server.db.query<{ id: number }>(
      `insert into chat_conversations (store_id, wa_user_id, last_message_at, last_inbound_at) values ($1, '56970000000', now(), now())
       returning id::float8 as id`,
      [other],
    );
    expect((await call('GET', chatPath(`/${theirs!.id}/messages`))).statusCode).toBe(404);
    expect((await call('POST', chatPath(`/${theirs!.id}/read`))).statusCode).toBe(404);
    expect((await answer(theirs!.id, 'Hola')).statusCode).toBe(404);
  });
});

describe('the live channel', () => {
  /** The conversations the store's live events named after `after`, in order. */
  async function announcedAfter(after: number): Promise<number[]> {
    const rows = await server.db.query<{ event: { topic: string; conversationId?: number } }>(
      'select event from live_events where store_id = $1 and seq > $2 order by seq',
      [store, after],
    );
    return rows.filter((row) => row.event.topic === 'conversation').map((row) => row.event.conversationId!);
  }
  const position = async () => {
    const [row] = await server.db.query<{ seq: string }>('select seq::text from live_cursors where store_id = $1', [store]);
    return Number(row?.seq ?? 0);
  };

  it('announces the conversation a customer’s message arrives in, once per batch', async () => {
    const before = await position();
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, '+56974440000', { profileName: 'Bea', type: 'text', text: { body: 'Hola' } });
    meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, '+56974440000', { type: 'text', text: { body: '¿Siguen abiertos?' } });
    await settle();
    const bea = await conversationOf('+56974440000');
    const announced = await announcedAfter(before);
    expect(announced).toContain(bea.id);
    expect(new Set(announced)).toEqual(new Set([bea.id]));
  });

  it('announces an answer sent and a conversation read', async () => {
    const bea = await conversationOf('+56974440000');
    const before = await position();
    expect((await call('POST', chatPath(`/${bea.id}/read`))).statusCode).toBe(200);
    expect(await announcedAfter(before)).toEqual([bea.id]);
    await pairLimitPasses();
    const sent = await position();
    expect((await answer(bea.id, 'Sí, hasta las 20:00')).statusCode).toBe(201);
    expect(await announcedAfter(sent)).toEqual([bea.id]);
  });
});
