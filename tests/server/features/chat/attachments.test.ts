import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/app.gen.ts';
import { pngImage } from '../../integrations/meta/testing.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { settleWhatsapp, startWhatsappStore, WHATSAPP_PHONE_NUMBER } from '../../support/whatsapp-harness.ts';

/*
 * Attachments in the chat, through the Meta sandbox: within the 24-hour window a file of a type WhatsApp sends and
 * within its kind's limit is uploaded to the number's media and sent as that kind of message, which joins the
 * conversation, kept as it went, and moves with Meta's statuses; another type, a larger file, bytes that are not what their type says,
 * a closed window, or Meta not taking the upload each answer in Spanish, and nothing is sent.
 */

type Conversation = components['schemas']['Conversation'];

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const ANA = '+56976660001';
const MB = 1024 * 1024;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let ana: Conversation;

const chatPath = (rest = '', storeId = store) => `/api/private/stores/${storeId}/conversations${rest}`;
const settle = () => settleWhatsapp({ meta, server });
const sentTo = (phone: string) => meta.sandbox.whatsapp.sentMessages({ to: phone, phoneNumberId: PHONE_NUMBER });
const pairLimitPasses = () => meta.sandbox.whatsapp.advance(7_000);

function attach(
  conversationId: number,
  file: { type: string; bytes: Buffer; name: string; caption?: string },
  options: { clientId?: string; who?: Caller; storeId?: number } = {},
) {
  const who = options.who ?? owner;
  const query = new URLSearchParams({
    clientId: options.clientId ?? randomUUID(),
    name: file.name,
    ...(file.caption ? { caption: file.caption } : {}),
  });
  return server.app.inject({
    method: 'POST',
    url: chatPath(`/${conversationId}/media?${query}`, options.storeId),
    cookies: who.cookies,
    headers: { ...who.headers, 'content-type': file.type },
    payload: file.bytes,
  });
}

beforeAll(async () => {
  ({ meta, server, owner, store } = await startWhatsappStore());
  meta.sandbox.whatsapp.customerSends(PHONE_NUMBER, ANA, { type: 'text', text: { body: '¿Me mandas la foto?' }, profileName: 'Ana' });
  await settle();
  const listed = await server.app.inject({ method: 'GET', url: chatPath(), cookies: owner.cookies, headers: owner.headers });
  ana = (listed.json() as { conversations: Conversation[] }).conversations[0]!;
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('attachments', () => {
  it('uploads an image to the number’s media and sends it with its caption, once per client id', async () => {
    const clientId = randomUUID();
    const image = { type: 'image/png', bytes: pngImage(800, 600), name: 'polera.png', caption: 'Así queda la polera' };
    const sent = await attach(ana.id, image, { clientId });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: 'outbound',
      kind: 'image',
      text: 'Así queda la polera',
      payload: { mime_type: 'image/png', filename: 'polera.png', bytes: image.bytes.length },
    });
    expect((await attach(ana.id, image, { clientId })).json().id).toBe(sent.json().id);
    // Kept as it went, and served to the store as a customer's file is.
    expect(sent.json().media).toMatchObject({ state: 'kept', mimeType: 'image/png', size: image.bytes.length, fileName: null });
    const file = await server.app.inject({ method: 'GET', url: sent.json().media.url, cookies: owner.cookies, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(image.bytes)).toBe(true);

    const [message] = sentTo(ANA);
    expect(sentTo(ANA)).toHaveLength(1);
    expect(message).toMatchObject({ type: 'image', payload: { id: sent.json().payload.id, caption: 'Así queda la polera' } });
    expect(meta.sandbox.store.media.get(sent.json().payload.id)).toMatchObject({ phoneNumberId: PHONE_NUMBER, contentType: 'image/png' });

    await settle();
    const messages = await server.app.inject({
      method: 'GET',
      url: chatPath(`/${ana.id}/messages`),
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(messages.json().messages[0]).toMatchObject({ id: sent.json().id, status: 'read' });
  });

  it('sends a document with its name, and an audio without a caption', async () => {
    pairLimitPasses();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const document = await attach(ana.id, { type: 'application/pdf', bytes: pdf, name: 'boleta-10234.pdf', caption: 'Tu boleta' });
    expect(document.statusCode).toBe(201);
    expect(sentTo(ANA).at(-1)).toMatchObject({ type: 'document', payload: { filename: 'boleta-10234.pdf', caption: 'Tu boleta' } });
    expect(document.json().media).toMatchObject({
      state: 'kept',
      mimeType: 'application/pdf',
      fileName: 'boleta-10234.pdf',
      size: pdf.length,
    });

    pairLimitPasses();
    const audio = await attach(ana.id, { type: 'audio/ogg', bytes: Buffer.from('OggS-not-checked'), name: 'nota.ogg', caption: 'Escucha' });
    expect(audio.statusCode).toBe(201);
    expect(audio.json()).toMatchObject({ kind: 'audio', text: null });
    expect(sentTo(ANA).at(-1)!.payload).not.toHaveProperty('caption');
  });

  it('refuses a type WhatsApp does not send, a file over its kind’s limit, and bytes that lie about their type', async () => {
    const before = sentTo(ANA).length;
    const gif = await attach(ana.id, { type: 'image/gif', bytes: Buffer.from('GIF89a'), name: 'animada.gif' });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().fieldErrors).toEqual([{ field: '', message: expect.stringContaining('WhatsApp no envía ese tipo de archivo') }]);

    const large = await attach(ana.id, { type: 'image/jpeg', bytes: Buffer.alloc(5 * MB + 1), name: 'grande.jpg' });
    expect(large.statusCode).toBe(400);
    expect(large.json().fieldErrors[0].message).toBe('La imagen es demasiado grande: WhatsApp acepta imágenes de hasta 5 MB.');

    const lying = await attach(ana.id, { type: 'video/mp4', bytes: pngImage(800, 600), name: 'video.mp4' });
    expect(lying.statusCode).toBe(400);
    const fakePdf = await attach(ana.id, { type: 'application/pdf', bytes: pngImage(800, 600), name: 'boleta.pdf' });
    expect(fakePdf.statusCode).toBe(400);
    expect(sentTo(ANA)).toHaveLength(before);
  });

  it('says when Meta did not take the upload, and keeps nothing', async () => {
    pairLimitPasses();
    const before = sentTo(ANA).length;
    const counts = () =>
      server.db.query<{ messages: number; files: number }>(
        `select (select count(*)::int from chat_messages where conversation_id = $1) as messages,
                (select count(*)::int from chat_media where store_id = $2) as files`,
        [ana.id, store],
      );
    const [counted] = await counts();
    meta.sandbox.failNext(1, 400, { message: 'Invalid parameter', code: 100 }, {}, { method: 'POST', path: /\/media$/ });
    const failed = await attach(ana.id, { type: 'image/png', bytes: pngImage(800, 600), name: 'polera.png' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'chat_upload_failed', message: expect.stringContaining('subir el archivo') });
    expect(sentTo(ANA)).toHaveLength(before);
    const [after] = await counts();
    expect(after).toEqual(counted);
  });

  it('refuses a file once the window is closed, uploading nothing', async () => {
    await server.db.query(`update chat_conversations set last_inbound_at = last_inbound_at - interval '25 hours' where id = $1`, [ana.id]);
    const media = meta.sandbox.store.media.size;
    const refused = await attach(ana.id, { type: 'image/png', bytes: pngImage(800, 600), name: 'polera.png' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'chat_window_closed' });
    expect(meta.sandbox.store.media.size).toBe(media);
  });

  it('is open to every role of the store and closed to every other store', async () => {
    await server.db.query(`update chat_conversations set last_inbound_at = now() where id = $1`, [ana.id]);
    pairLimitPasses();
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect(
      (await attach(ana.id, { type: 'text/plain', bytes: Buffer.from('Horario: 9 a 18'), name: 'horario.txt' }, { who: collaborator }))
        .statusCode,
    ).toBe(201);
    const other = await addStore(server.db, 'Otra tienda de archivos');
    expect((await attach(ana.id, { type: 'text/plain', bytes: Buffer.from('hola'), name: 'a.txt' }, { storeId: other })).statusCode).toBe(
      404,
    );
  });
});
