import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { settleWhatsapp, startWhatsappStore, WHATSAPP_PHONE_NUMBER } from '../../support/whatsapp-harness.ts';

/*
 * The store's reactions, through the Meta sandbox: a reaction to a customer's message goes to Meta as its reaction
 * message and shows on the message beside the customer's own; a new one replaces it and an empty one takes it back;
 * only a customer's message, only within the 24-hour window, only the store's own conversations.
 */

type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['ConversationMessage'];

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const ANA = '+56977770001';

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let ana: Conversation;
let question: Message;
let questionWamid: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, who: Caller = owner) =>
  server.app.inject({ method, url, cookies: who.cookies, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const chatPath = (rest = '', storeId = store) => `/api/private/stores/${storeId}/conversations${rest}`;
const react = (messageId: number, emoji: string, options: { who?: Caller; storeId?: number; conversationId?: number } = {}) =>
  call('PUT', chatPath(`/${options.conversationId ?? ana.id}/messages/${messageId}/reaction`, options.storeId), { emoji }, options.who);
const settle = () => settleWhatsapp({ meta, server });
const reactionsSent = () =>
  meta.sandbox.whatsapp.sentMessages({ to: ANA, phoneNumberId: PHONE_NUMBER }).filter((message) => message.type === 'reaction');
const pairLimitPasses = () => meta.sandbox.whatsapp.advance(7_000);

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
  questionWamid = meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, {
    type: 'text',
    text: { body: '¿Tienen talla M?' },
    profileName: 'Ana',
  });
  meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { type: 'reaction', reaction: { message_id: questionWamid, emoji: '🙏' } });
  await settle();
  ana = (await call('GET', chatPath())).json().conversations[0];
  question = (await call('GET', chatPath(`/${ana.id}/messages`))).json().messages[0];
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('the store’s reactions', () => {
  it('sends Meta’s reaction message and shows it beside the customer’s', async () => {
    const reacted = await react(question.id, '👍');
    expect(reacted.statusCode).toBe(200);
    expect(reacted.json()).toMatchObject({
      id: question.id,
      reactions: [
        { emoji: '🙏', from: 'inbound' },
        { emoji: '👍', from: 'outbound' },
      ],
    });
    expect(reactionsSent()).toHaveLength(1);
    expect(reactionsSent()[0]!.payload).toEqual({ message_id: questionWamid, emoji: '👍' });
    await settle();
    expect((await call('GET', chatPath(`/${ana.id}/messages`))).json().messages[0].reactions).toEqual([
      { emoji: '🙏', from: 'inbound' },
      { emoji: '👍', from: 'outbound' },
    ]);
  });

  it('replaces the store’s reaction with a new one, and takes it back with an empty one', async () => {
    pairLimitPasses();
    expect((await react(question.id, '❤️')).json().reactions).toEqual([
      { emoji: '🙏', from: 'inbound' },
      { emoji: '❤️', from: 'outbound' },
    ]);
    pairLimitPasses();
    expect((await react(question.id, '')).json().reactions).toEqual([{ emoji: '🙏', from: 'inbound' }]);
    expect(reactionsSent().at(-1)!.payload).toEqual({ message_id: questionWamid, emoji: '' });
  });

  it('refuses a reaction to the store’s own message, to a message of another conversation, and text that is not one emoji', async () => {
    pairLimitPasses();
    const answered = await call('POST', chatPath(`/${ana.id}/messages`), { clientId: crypto.randomUUID(), text: 'Sí, tenemos.' });
    expect(answered.statusCode).toBe(201);
    const own = await react(answered.json().id, '👍');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'reaction_not_allowed', message: 'Solo puedes reaccionar a los mensajes del cliente.' });
    expect((await react(999_999, '👍')).statusCode).toBe(404);
    expect((await react(question.id, 'hola mundo')).statusCode).toBe(400);
    expect((await react(question.id, '👍'.repeat(17))).statusCode).toBe(400);
  });

  it('refuses a reaction once the window is closed, sending nothing', async () => {
    await server.db.query(`update chat_conversations set last_inbound_at = last_inbound_at - interval '25 hours' where id = $1`, [ana.id]);
    const before = reactionsSent().length;
    const refused = await react(question.id, '👍');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'chat_window_closed' });
    expect(reactionsSent()).toHaveLength(before);
  });

  it('is open to every role of the store and closed to every other store', async () => {
    await server.db.query(`update chat_conversations set last_inbound_at = now() where id = $1`, [ana.id]);
    pairLimitPasses();
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect((await react(question.id, '😮', { who: collaborator })).statusCode).toBe(200);
    const other = await addStore(server.db, 'Otra tienda de reacciones');
    expect((await react(question.id, '👍', { storeId: other })).statusCode).toBe(404);
  });
});
