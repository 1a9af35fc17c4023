import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MetaFileMismatchError,
  MetaNotFoundError,
  MetaTokenError,
  MetaUnavailableError,
  MetaUrlExpiredError,
} from '../../../../src/server/integrations/meta/errors.ts';
import { SANDBOX_META_IDS, type StartedMetaSandbox, startMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { camilaClient, failure } from '../meta/testing.ts';

// The media of customers' messages, the real client against the sandbox over HTTP: Meta's description of a file, its
// 5-minute address that wants the token, its 30 days, and a file that is not the one Meta described.
const ids = SANDBOX_META_IDS;
const PHONE = ids.phoneNumbers.principal;
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 2, 12);
let meta: StartedMetaSandbox;
beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => clock, whatsappMessages: { awkward: false } });
});
afterAll(() => meta.close());

const whatsapp = () => camilaClient(meta).whatsapp;

/** A customer's media message of that kind, as the webhook's object carries it. */
function customerSends(type: string, object: Record<string, unknown> = {}): Record<string, string> {
  const wamid = meta.sandbox.whatsapp.customerSends(PHONE, '+56971112222', { type, [type]: object });
  const change = meta.sandbox.whatsapp
    .messageChanges()
    .map((each) => each.change.value as { messages?: Array<Record<string, unknown>> })
    .flatMap((value) => value.messages ?? [])
    .find((message) => message.id === wamid);
  return change![type] as Record<string, string>;
}

describe('a customer’s media', () => {
  it('comes with its id, type and base64 sha256, and Graph describes it with a url that serves those bytes', async () => {
    const image = customerSends('image', { caption: 'Esta polera' });
    expect(image).toMatchObject({ caption: 'Esta polera', mime_type: 'image/png', id: expect.stringMatching(/^\d+$/) });
    const kept = meta.sandbox.store.media.get(image.id!)!;
    expect(image.sha256).toBe(createHash('sha256').update(kept.bytes).digest('base64'));

    const media = await whatsapp().media(image.id!, { phoneNumberId: PHONE });
    expect(media).toMatchObject({ id: image.id, mimeType: 'image/png', fileSize: kept.bytes.length });
    expect(media.sha256).toBe(createHash('sha256').update(kept.bytes).digest('hex'));
    const file = await whatsapp().downloadMedia(media);
    expect(file.mimeType).toBe('image/png');
    expect(file.bytes.equals(kept.bytes)).toBe(true);
    expect(file.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The webhook's base64 hash checks the same bytes.
    expect((await whatsapp().downloadMedia({ ...media, sha256: image.sha256! })).bytes.equals(kept.bytes)).toBe(true);
  });

  it('is a real file of each kind: a WebP sticker, an Ogg voice note, an MP4 video, a PDF named as sent', async () => {
    const heads: Record<string, [string, string, number]> = {
      sticker: ['image/webp', 'RIFF', 0],
      audio: ['audio/ogg', 'OggS', 0],
      video: ['video/mp4', 'ftyp', 4],
      document: ['application/pdf', '%PDF-', 0],
    };
    for (const [kind, [type, head, at]] of Object.entries(heads)) {
      const object = customerSends(kind, kind === 'document' ? { filename: 'boleta.pdf' } : {});
      expect(object.mime_type).toBe(type);
      const file = await whatsapp().downloadMedia(await whatsapp().media(object.id!));
      expect(file.bytes.subarray(at, at + head.length).toString('latin1')).toBe(head);
    }
    expect(customerSends('document', { filename: 'boleta.pdf' }).filename).toBe('boleta.pdf');
  });

  it('leaves a media id the message names as it is', () => {
    expect(customerSends('image', { id: 'media-1', mime_type: 'image/jpeg', sha256: 'abc' })).toEqual({
      id: 'media-1',
      mime_type: 'image/jpeg',
      sha256: 'abc',
    });
  });
});

describe('the media’s url', () => {
  it('stops serving 5 minutes after Graph gave it (Meta’s "URL signature expired"), and a new one serves again', async () => {
    const { id } = customerSends('image');
    const media = await whatsapp().media(id!);
    clock += 5 * MINUTE;
    const expired = await failure(whatsapp().downloadMedia(media));
    expect(expired).toBeInstanceOf(MetaUrlExpiredError);
    expect(expired).toMatchObject({ status: 403, message: expect.stringContaining('URL signature expired') });
    expect((await whatsapp().downloadMedia(await whatsapp().media(id!))).bytes.length).toBe(media.fileSize);
  });

  it('wants the token: none answers 401, an expired one is the connection’s to renew', async () => {
    const media = await whatsapp().media(customerSends('image').id!);
    const bare = await fetch(media.url);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: 104 } });
    const client = camilaClient(meta);
    const signedUrl = new URL(media.url);
    signedUrl.searchParams.set('ext', String(Number(signedUrl.searchParams.get('ext')) + 3600));
    // A url made longer-lived by hand is not Meta's.
    expect((await failure(client.whatsapp.downloadMedia({ ...media, url: signedUrl.href }))) as Error).toBeInstanceOf(MetaUrlExpiredError);
    meta.sandbox.expireTokens(ids.users.camila);
    expect(await failure(client.whatsapp.downloadMedia(media))).toBeInstanceOf(MetaTokenError);
  });

  it('sends the token to no host but Meta’s', async () => {
    const media = await whatsapp().media(customerSends('image').id!);
    const elsewhere = await failure(whatsapp().downloadMedia({ ...media, url: 'http://127.0.0.2:9/whatsapp_business/attachments/' }));
    expect(elsewhere).toBeInstanceOf(MetaUnavailableError);
    expect((elsewhere as Error).message).toContain('fuera de Meta');
  });

  it('serves bytes that must be the file Meta described: another sha256 or size is refused', async () => {
    const media = await whatsapp().media(customerSends('image').id!);
    const wrongHash = await failure(whatsapp().downloadMedia({ ...media, sha256: createHash('sha256').update('otro').digest('hex') }));
    expect(wrongHash).toBeInstanceOf(MetaFileMismatchError);
    expect(await failure(whatsapp().downloadMedia({ ...media, fileSize: media.fileSize + 1 }))).toBeInstanceOf(MetaFileMismatchError);
  });
});

describe('a media Meta no longer has', () => {
  it('answers as an unknown object does: an id never given, one deleted, one older than 30 days', async () => {
    expect(await failure(whatsapp().media('1169999999999999'))).toBeInstanceOf(MetaNotFoundError);
    const deleted = customerSends('image').id!;
    await whatsapp().deleteMedia(deleted);
    expect(await failure(whatsapp().media(deleted))).toBeInstanceOf(MetaNotFoundError);
    const old = customerSends('image').id!;
    const url = (await whatsapp().media(old)).url;
    clock += 30 * 24 * 60 * MINUTE;
    expect(await failure(whatsapp().media(old))).toBeInstanceOf(MetaNotFoundError);
    expect(await failure(whatsapp().downloadMedia({ id: old, url, mimeType: 'image/png', sha256: '', fileSize: 0 }))).toBeInstanceOf(
      MetaUrlExpiredError,
    );
  });

  it('is another number’s: asked with this number’s id, Meta says it has none', async () => {
    const id = customerSends('image').id!;
    expect(await failure(whatsapp().media(id, { phoneNumberId: ids.phoneNumbers.outlet }))).toBeInstanceOf(MetaNotFoundError);
  });
});
