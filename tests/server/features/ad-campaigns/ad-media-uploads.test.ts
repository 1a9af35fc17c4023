import { readdir } from 'node:fs/promises';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_LIMITS } from '../../../../src/shared/constants.ts';
import { addStore, type Caller, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * An ad's file is the one body that may weigh hundreds of MB, so nobody gets it read without passing the
 * gate first, and no one gets it held in memory: each refusal comes before the body is read, or as soon as
 * it passes its type's limit, and a store sends only two at once. What the server read is counted where
 * the bytes are made, as the server pulls them.
 */

const MB = 1024 * 1024;
const BIG = 290 * MB;
/** What the stream machinery may pull ahead of the reader (a chunk here, a buffer there): far below any file. */
const READ_AHEAD = 1 * MB;
const CHUNK = Buffer.alloc(64 * 1024);
/**
 * The resident size also counts chunks waiting for the collector, which V8 lets pile up to some tens of MB
 * before it runs (more on a busy machine): bounded, and far below the hundreds of MB of a body held whole.
 */
const RESIDENT_MARGIN = 200 * MB;

let server: TestServer;
let port: number;
let owner: Caller;
let store: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.query(`delete from jobs where status = 'pending'`);
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  port = Number(new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => server?.close());

/** `total` zero bytes made only as they are pulled, counted; from `holdAt` on, none until `release()`. */
class Filler extends Readable {
  pulled = 0;
  private held: (() => void) | null = null;

  constructor(
    private readonly total: number,
    private holdAt = Number.POSITIVE_INFINITY,
  ) {
    super({ highWaterMark: CHUNK.length });
  }

  override _read(): void {
    if (this.pulled >= this.holdAt) {
      this.held = () => this._read();
      return;
    }
    const size = Math.min(CHUNK.length, this.total - this.pulled);
    if (size <= 0) {
      this.push(null);
      return;
    }
    this.pulled += size;
    this.push(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size));
  }

  release(): void {
    this.holdAt = Number.POSITIVE_INFINITY;
    const held = this.held;
    this.held = null;
    held?.();
  }
}

interface Sent {
  type: string;
  caller?: Caller | null;
  storeId?: number;
  /** The length the request declares; none (sent as it comes) by default. */
  length?: number;
  headers?: Record<string, string>;
}

const adMedia = (storeId: number) => `/api/private/stores/${storeId}/adMedia?name=anuncio`;

/** The body sent through the app in process, as the tests' other calls are. */
function upload(body: Filler, { type, caller = owner, storeId = store, length, headers = {} }: Sent) {
  return server.app.inject({
    method: 'POST',
    url: adMedia(storeId),
    cookies: caller?.cookies ?? {},
    headers: {
      ...caller?.headers,
      'content-type': type,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
      ...headers,
    },
    payload: body,
  });
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: { code?: string; message?: string; fieldErrors?: { field: string; message: string }[] };
}

/** The body on its way over a real connection. */
function openUpload(body: Filler, { type, caller = owner, storeId = store, length }: Sent): ClientRequest {
  const cookie = Object.entries(caller?.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: adMedia(storeId),
    headers: {
      ...caller?.headers,
      ...(cookie ? { cookie } : {}),
      'content-type': type,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
    },
  });
  body.pipe(request);
  return request;
}

/** The body sent over a real connection; the answer as soon as it comes, whatever the server then does with the socket. */
/** A refusal's code, or the reason a file breaking SPEC §5 is refused with (a 400 naming the body, the field ''). */
const reasonOf = (body: Answer['body']) => body.fieldErrors?.find((error) => error.field === '')?.message ?? body.code;

function uploadOverSocket(body: Filler, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = openUpload(body, sent);
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      // The answer is in: stop making the body.
      body.unpipe(request);
      body.destroy();
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body: JSON.parse(text) }));
    });
    // Writing on after the server closed its side fails; only a failure before the answer counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
}

// The worker runs without --expose-gc; the flag still opens `gc` to a new context.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What the process holds: its heap and its buffers. */
const liveMemory = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/**
 * How far this process's memory (the server's) rose above where it stood while `work` ran: what it held
 * (`live`: chunks already read wait for a collection, so memory that looks high is read again after one)
 * and its resident size (`resident`, with that garbage in it, until the collector runs on its own).
 */
async function memoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; live: number; resident: number }> {
  collectGarbage();
  const liveBefore = liveMemory();
  const residentBefore = process.memoryUsage.rss();
  let live = 0;
  let resident = 0;
  const sample = () => {
    resident = Math.max(resident, process.memoryUsage.rss() - residentBefore);
    let grown = liveMemory() - liveBefore;
    if (grown > 20 * MB) {
      collectGarbage();
      grown = liveMemory() - liveBefore;
    }
    live = Math.max(live, grown);
  };
  const sampling = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, live, resident };
  } finally {
    clearInterval(sampling);
  }
}

const filesWaiting = () => readdir(server.uploadDir);

describe('before the body is read', () => {
  it('refuses whoever the gate refuses, reading nothing of a 290 MB body', async () => {
    // A store of someone else's, and one of the owner's whose plan is not active.
    const foreign = await addStore(server.db, 'Tienda ajena');
    const unpaid = await addStore(server.db, 'Tienda sin plan');
    await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [unpaid, owner.user.id]);
    // The refusal's code; for a file that breaks SPEC §5 (400), the reason it gives on the file.
    const cases: [string, Sent, number, string][] = [
      ['signed out', { type: 'video/mp4', caller: null }, 401, 'unauthenticated'],
      ['without the CSRF token', { type: 'video/mp4', headers: { 'x-csrf-token': '' } }, 403, 'csrf_failed'],
      ["another's store", { type: 'video/mp4', storeId: foreign }, 404, 'store_not_found'],
      ['a store without a plan', { type: 'video/mp4', storeId: unpaid }, 402, 'subscription_required'],
      ['a type an ad does not take', { type: 'image/gif' }, 400, 'El formato del archivo no es válido. Usa PNG, JPG, JPEG, MP4 o MOV.'],
      [
        'a declared length over the image limit',
        { type: 'image/png', length: MEDIA_LIMITS.imageMaxBytes + 1 },
        400,
        'La imagen pesa más de 8 MB.',
      ],
      [
        'a declared length over the video limit',
        { type: 'video/mp4', length: MEDIA_LIMITS.videoMaxBytes + 1 },
        400,
        'El video pesa más de 300 MB.',
      ],
    ];
    for (const [label, sent, status, reason] of cases) {
      const body = new Filler(BIG);
      const response = await upload(body, sent);
      expect({ status: response.statusCode, reason: reasonOf(response.json()) }, label).toEqual({ status, reason });
      expect(body.pulled, label).toBeLessThan(READ_AHEAD);
    }
    expect(await filesWaiting()).toEqual([]);
  });

  it('closes the connection on such an answer, so the client stops sending', async () => {
    const body = new Filler(BIG);
    const answer = await uploadOverSocket(body, { type: 'video/mp4', caller: null, length: BIG });
    expect(answer).toEqual({
      status: 401,
      connection: 'close',
      body: { code: 'unauthenticated', message: 'Inicia sesión para continuar.' },
    });
    // Only what the connection's buffers took before the answer, a few MB, never the file.
    expect(body.pulled).toBeLessThan(64 * MB);
  });
});

describe('while the body is read', () => {
  it('stops at the image limit of a body declared as PNG, whatever follows, and keeps no file', async () => {
    const body = new Filler(BIG);
    const response = await upload(body, { type: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_request',
      message: 'Revisa los datos enviados.',
      fieldErrors: [{ field: '', message: 'La imagen pesa más de 8 MB.' }],
    });
    expect(body.pulled).toBeGreaterThan(MEDIA_LIMITS.imageMaxBytes);
    expect(body.pulled).toBeLessThan(MEDIA_LIMITS.imageMaxBytes + READ_AHEAD);
    expect(await filesWaiting()).toEqual([]);
  });

  it('takes a store’s files two at a time: a third waits its turn with 429, and its body is not read', async () => {
    const first = new Filler(2 * MB, MB);
    const second = new Filler(2 * MB, MB);
    const sending = [upload(first, { type: 'video/mp4' }), upload(second, { type: 'video/mp4' })];
    // Both are being written to disk, each held halfway by its sender.
    await vi.waitFor(async () => expect(await filesWaiting()).toHaveLength(2), { timeout: 120_000, interval: 20 });

    const third = new Filler(BIG);
    const busy = await upload(third, { type: 'video/mp4' });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({
      code: 'uploads_busy',
      message: 'Ya se están subiendo otros archivos de esta tienda. Espera a que terminen e inténtalo de nuevo.',
    });
    expect(third.pulled).toBeLessThan(READ_AHEAD);

    first.release();
    second.release();
    // Read whole, then refused by what comes after (Meta is not connected here): the files are gone either way.
    for (const response of await Promise.all(sending)) expect(response.json().code).toBe('social_ads_not_connected');
    expect(await filesWaiting()).toEqual([]);
    // Their places are free again.
    expect((await upload(new Filler(2 * MB), { type: 'video/mp4' })).json().code).toBe('social_ads_not_connected');
  });

  it('a client that goes away halfway leaves no file behind, nor its place taken', async () => {
    const leaving = [openUpload(new Filler(2 * MB, MB), { type: 'video/mp4' }), openUpload(new Filler(2 * MB, MB), { type: 'video/mp4' })];
    for (const request of leaving) request.on('error', () => {});
    await vi.waitFor(async () => expect(await filesWaiting()).toHaveLength(2), { timeout: 120_000, interval: 20 });
    for (const request of leaving) request.destroy();
    await vi.waitFor(async () => expect(await filesWaiting()).toEqual([]), { timeout: 120_000, interval: 20 });
    expect((await upload(new Filler(2 * MB), { type: 'video/mp4' })).json().code).toBe('social_ads_not_connected');
  });
});

describe('three 290 MB uploads at once', () => {
  it('signed out: refused unread, the server’s memory within 50 MB', async () => {
    const bodies = [new Filler(BIG), new Filler(BIG), new Filler(BIG)];
    const { result, live, resident } = await memoryGrowth(() =>
      Promise.all(bodies.map((body) => uploadOverSocket(body, { type: 'video/mp4', caller: null, length: BIG }))),
    );
    expect(result.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(live).toBeLessThan(50 * MB);
    expect(resident).toBeLessThan(RESIDENT_MARGIN);
  });

  it('signed in: on disk, never in memory, the server’s memory within 50 MB', async () => {
    const videos = [new Filler(BIG), new Filler(BIG), new Filler(BIG)];
    const images = [new Filler(BIG), new Filler(BIG), new Filler(BIG)];
    const { result, live, resident } = await memoryGrowth(async () => [
      // Videos within their limit are read whole, to disk: two at once, the third told to wait.
      ...(await Promise.all(videos.map((body) => uploadOverSocket(body, { type: 'video/mp4', length: BIG })))),
      // "Images" are read up to their limit only.
      ...(await Promise.all(images.map((body) => uploadOverSocket(body, { type: 'image/png' })))),
    ]);
    expect(live).toBeLessThan(50 * MB);
    expect(resident).toBeLessThan(RESIDENT_MARGIN);
    const reasons = result.map((answer) => reasonOf(answer.body));
    expect(reasons.slice(0, 3).every((reason) => reason === 'social_ads_not_connected' || reason === 'uploads_busy')).toBe(true);
    expect(reasons.slice(3).every((reason) => reason === 'La imagen pesa más de 8 MB.' || reason === 'uploads_busy')).toBe(true);
    for (const image of images) expect(image.pulled).toBeLessThan(MEDIA_LIMITS.imageMaxBytes + 64 * MB);
    expect(await filesWaiting()).toEqual([]);
  });
});
