import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import { addStore, type Caller, signIn, signUp, type TestServer } from '../../support/harness.ts';
import { settleWhatsapp, startWhatsappStore, WHATSAPP_PHONE_NUMBER } from '../../support/whatsapp-harness.ts';

/*
 * The files customers send, through the Meta sandbox: the webhook records each one pending and a job downloads it
 * while Meta's address lasts; the store then serves the same bytes to its members (inline, or a document as an
 * attachment with its name) and to nobody else; a file Meta no longer has when the job runs ends failed, and says so.
 */

type Message = components['schemas']['ConversationMessage'];

const DAY = 86_400_000;
let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;

const get = (url: string, who: Caller = owner) => server.app.inject({ method: 'GET', url, cookies: who.cookies, headers: who.headers });
const chatPath = (rest = '') => `/api/private/stores/${store}/conversations${rest}`;
const settle = () => settleWhatsapp({ meta, server });

async function messagesFrom(phone: string): Promise<Message[]> {
  const list = await get(chatPath('?limit=100'));
  const conversation = (list.json().conversations as Array<{ id: number; phone: string }>).find((each) => each.phone === phone)!;
  return (await get(chatPath(`/${conversation.id}/messages`))).json().messages;
}

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('a customer’s file', () => {
  let image: Message;

  it('is pending when the message arrives, and kept once its job has run', async () => {
    const phone = '+56972223333';
    meta.sandbox.whatsapp.customerSends(WHATSAPP_PHONE_NUMBER, phone, { type: 'image', image: { caption: 'Esta polera' } });
    await meta.sandbox.whatsapp.deliverWebhooks();
    const [recorded] = await server.db.query<{ state: string }>(
      `select f.state from chat_media f join chat_messages m on m.id = f.message_id where m.store_id = $1`,
      [store],
    );
    // The webhook's transaction recorded it, or its store event will: either way nothing is kept before the job.
    expect(recorded?.state ?? 'pending').toBe('pending');
    await settle();
    image = (await messagesFrom(phone))[0]!;
    expect(image).toMatchObject({
      kind: 'image',
      text: 'Esta polera',
      media: { state: 'kept', mimeType: 'image/png', fileName: null, failure: null },
    });
    expect(image.media!.url).toMatch(new RegExp(`^/api/private/stores/${store}/conversations/\\d+/messages/${image.id}/media$`));
  });

  it('is served to the store’s members as Meta had it, inline, with private caching', async () => {
    const mediaId = image.payload!.id as string;
    const original = meta.sandbox.store.media.get(mediaId)!.bytes;
    expect(image.media!.size).toBe(original.length);
    for (const who of [owner, await signIn(server.app, 'colaborador@recompra.cl')]) {
      const served = await get(image.media!.url!, who);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['cache-control']).toBe('private, max-age=86400, immutable');
      expect(served.rawPayload.equals(original)).toBe(true);
    }
  });

  it('is nobody else’s: another store’s member, or one signed out, gets nothing', async () => {
    const stranger = await signUp(server.app, 'Tienda Ajena', `ajena-${Date.now()}@recompra.cl`);
    const refused = await get(image.media!.url!, stranger);
    // The tenancy guard answers a store the caller is not a member of as one that does not exist.
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'store_not_found' });
    expect((await server.app.inject({ method: 'GET', url: image.media!.url! })).statusCode).toBe(401);
    // Through another conversation of the store, or another store's path, it is not found either.
    const other = await addStore(server.db, 'Otra tienda');
    expect((await get(image.media!.url!.replace(`/stores/${store}/`, `/stores/${other}/`))).statusCode).toBe(404);
  });

  it('comes as an attachment with its name when it is a document', async () => {
    const phone = '+56972224444';
    meta.sandbox.whatsapp.customerSends(WHATSAPP_PHONE_NUMBER, phone, { type: 'document', document: { filename: 'boleta ñandú.pdf' } });
    await settle();
    const [document] = await messagesFrom(phone);
    expect(document!.media).toMatchObject({ state: 'kept', mimeType: 'application/pdf', fileName: 'boleta ñandú.pdf' });
    const served = await get(document!.media!.url!);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('boleta ñandú.pdf')}`);
    expect(served.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says in Spanish that there is no file for a message without one', async () => {
    const phone = '+56972225555';
    meta.sandbox.whatsapp.customerSends(WHATSAPP_PHONE_NUMBER, phone, { type: 'text', text: { body: 'Hola' } });
    await settle();
    const [text] = await messagesFrom(phone);
    expect(text!.media).toBeNull();
    const missing = await get(image.media!.url!.replace(/\/messages\/\d+\/media$/, `/messages/${text!.id}/media`));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'media_not_found', message: expect.stringContaining('no está disponible') });
  });

  it('ends failed when its job runs after Meta stopped keeping it, and is never served', async () => {
    const phone = '+56972226666';
    meta.sandbox.whatsapp.customerSends(WHATSAPP_PHONE_NUMBER, phone, { type: 'video', video: {} });
    // A slow queue: Meta's 30 days are over before the download runs.
    meta.sandbox.advanceTime(31 * DAY);
    await settle();
    const [video] = await messagesFrom(phone);
    expect(video!.media).toMatchObject({ state: 'failed', failure: 'gone', url: null, size: null });
    const [row] = await server.db.query<{ content: Buffer | null }>('select content from chat_media where message_id = $1', [video!.id]);
    expect(row!.content).toBeNull();
  });

  it('is recorded once however many times Meta delivers the message', async () => {
    const [{ count }] = (await server.db.query<{ count: number }>('select count(*)::int as count from chat_media where store_id = $1', [
      store,
    ])) as [{ count: number }];
    const [{ messages }] = (await server.db.query<{ messages: number }>(
      `select count(*)::int as messages from chat_messages where store_id = $1 and kind in ('image', 'video', 'document')`,
      [store],
    )) as [{ messages: number }];
    expect(count).toBe(messages);
  });
});
