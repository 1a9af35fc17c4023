import { encode as encodeJpeg } from 'jpeg-js';
import { expect } from 'vitest';
import { createMetaClient, type MetaClientOptions, type MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import { SANDBOX_META_APP, SANDBOX_META_IDS, type StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { samplePng } from '../../../../src/server/integrations/meta/sandbox/whatsapp-media.ts';
import { META_API_VERSION, REQUIRED_PERMISSIONS } from '../../../../src/server/integrations/meta/types.ts';

/** Who signs in at the sandbox's Facebook Login, for which app and way back, and which permissions they uncheck. */
export interface DialogSubmission {
  loginUrl: string;
  appId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** The permissions asked for; Recompra's by default. */
  scope?: readonly string[];
  /** Those the person unchecks. */
  decline?: readonly string[];
  decision?: 'continue' | 'cancel';
  responseType?: 'token' | 'code';
  state?: string;
}

/** The dialog's form as its page posts it: its hidden fields, the person's entries and the button pressed. */
export function submitDialog(submission: DialogSubmission): Promise<Response> {
  const scope = submission.scope ?? REQUIRED_PERMISSIONS;
  const form = new URLSearchParams({
    client_id: submission.appId,
    redirect_uri: submission.redirectUri,
    state: submission.state ?? 'st4te',
    response_type: submission.responseType ?? 'token',
    scope: scope.join(','),
    email: submission.email,
    pass: submission.password,
    decision: submission.decision ?? 'continue',
  });
  for (const permission of scope) if (!submission.decline?.includes(permission)) form.append('granted', permission);
  return fetch(`${submission.loginUrl}/${META_API_VERSION}/dialog/oauth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

/** Facebook Login through the sandbox's dialog: the short-lived token the browser gets in the way back's fragment. */
export async function facebookLogin(submission: DialogSubmission): Promise<string> {
  const response = await submitDialog(submission);
  const location = response.headers.get('location');
  const token = location ? new URLSearchParams(new URL(location).hash.slice(1)).get('access_token') : null;
  if (!token) throw new Error(`Facebook Login gave no token: ${response.status} ${location ?? (await response.text())}`);
  return token;
}

/* Media files built in memory: real headers, the smallest bodies that carry them. */

/** A valid, all-black RGB PNG of the given size (the sandbox's sample file, in black). */
export const pngImage = (width: number, height: number): Buffer => samplePng(width, height, [0, 0, 0]);

/** A whole baseline JPEG of one flat colour: its headers, its scan and its end marker. */
export function jpegImage(width: number, height: number): Buffer {
  return encodeJpeg({ width, height, data: Buffer.alloc(width * height * 4, 0x80) }, 80).data;
}

export function mp4Box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A track's media information with its sample table: `frames` in `mdat`, all `frameBytes` long. */
export function sampleTable(frames: number, frameBytes: number): Buffer {
  const sizes = Buffer.alloc(12);
  sizes.writeUInt32BE(frameBytes, 4);
  sizes.writeUInt32BE(frames, 8);
  return mp4Box('minf', mp4Box('stbl', mp4Box('stsz', sizes)));
}

/**
 * An MP4 (ftyp, moov with mvhd and a track's tkhd and sample sizes, then mdat with the frames) for a
 * `seconds`-long `width`×`height` video: a frame a second, of 16 bytes each.
 */
export function mp4Video(width: number, height: number, seconds: number): Buffer {
  const movieHeader = Buffer.alloc(100);
  movieHeader.writeUInt32BE(1000, 12);
  movieHeader.writeUInt32BE(seconds * 1000, 16);
  const trackHeader = Buffer.alloc(84);
  trackHeader.writeUInt32BE(width * 65536, 76);
  trackHeader.writeUInt32BE(height * 65536, 80);
  const frames = Math.max(1, seconds);
  return Buffer.concat([
    mp4Box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')),
    mp4Box('moov', mp4Box('mvhd', movieHeader), mp4Box('trak', mp4Box('tkhd', trackHeader), mp4Box('mdia', sampleTable(frames, 16)))),
    mp4Box('mdat', Buffer.alloc(frames * 16)),
  ]);
}

/** Bytes as the client sends a file: a Blob (the app's come from disk). */
export const asFile = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

/** Camila's main ad account in the sandbox, the one Recompra's campaigns go to. */
export const AD_ACCOUNT = SANDBOX_META_IDS.adAccounts.principal;

/** The real client acting as Camila (a 60-day token) against a started sandbox. */
export function camilaClient(started: StartedMetaSandbox, options: Partial<MetaClientOptions> = {}): MetaUserClient {
  return createMetaClient({
    appId: SANDBOX_META_APP.appId,
    appSecret: SANDBOX_META_APP.appSecret,
    graphUrl: started.url,
    sleep: async () => {},
    ...options,
  }).forUser(started.sandbox.issueToken(SANDBOX_META_IDS.users.camila, { longLived: true }));
}

/** The rejection of `promise`, which must fail. */
export function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}
