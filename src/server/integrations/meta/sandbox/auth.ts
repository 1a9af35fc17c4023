import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PermissionGrant } from '../types.ts';

/*
 * Apps, what each person granted each app, and the tokens Facebook Login and the token exchange hand
 * out. Meta checks permissions as they are now, not as they were when a token was issued, so grants
 * live per person and app and tokens only point at them. Tokens and codes are random: they are
 * credentials, not demo data.
 *
 * Meta's tokens outlive a restart of anything on our side, and the app's database keeps them for 60
 * days; the sandbox's state lives in memory. So a token carries what it is (app, person, kind, times,
 * the permissions granted when it was issued), signed with its app's secret: one this process never
 * issued is taken back in as it was. Revocations and expiries forced by tests live in memory only.
 */

export interface SandboxMetaApp {
  appId: string;
  appSecret: string;
  /** Valid OAuth redirect URIs: a redirect_uri must be one of them (query and fragment aside). */
  redirectUris: readonly string[];
  /** Its name at Facebook Login and in debug_token (default "Recompra"). */
  name?: string;
}

/** Short-lived user tokens (Facebook Login) last about an hour and a half; long-lived ones 60 days. */
export const SHORT_LIVED_SECONDS = 5400;
export const LONG_LIVED_SECONDS = 5_184_000;
/** How long the app may read the person's data before they must log in again (90 days). */
export const DATA_ACCESS_SECONDS = 7_776_000;
/** A login code is exchanged within 10 minutes, once. */
const CODE_SECONDS = 600;

export interface SandboxToken {
  token: string;
  appId: string;
  userId: string;
  kind: 'short' | 'long';
  issuedAt: number;
  expiresAt: number;
  dataAccessExpiresAt: number;
  revoked: boolean;
}

/** What a token is, now: the state decides Graph's answer (190 with subcode 463 expired, 458 revoked). */
export type TokenCheck =
  | { state: 'valid'; token: SandboxToken }
  | { state: 'expired'; token: SandboxToken }
  | { state: 'revoked'; token: SandboxToken }
  | { state: 'app'; app: SandboxMetaApp }
  | { state: 'unknown' };

interface PendingCode {
  appId: string;
  userId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `appsecret_proof`: hex HMAC-SHA256 of the token under the app secret. */
export const appSecretProof = (token: string, appSecret: string) => createHmac('sha256', appSecret).update(token).digest('hex');

/** What a token says of itself, under its app's signature. */
interface TokenPayload {
  app: string;
  user: string;
  kind: SandboxToken['kind'];
  iat: number;
  exp: number;
  dax: number;
  scopes: string[];
  /** Makes two tokens issued in the same millisecond differ. */
  nonce: string;
}

const signatureOf = (body: string, appSecret: string) => createHmac('sha256', appSecret).update(body).digest('hex');

/** Meta's user tokens start with EAA and are long and alphanumeric: this one's payload in hex, Z, its signature. */
function sealToken(payload: TokenPayload, appSecret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('hex');
  return `EAA${body}Z${signatureOf(body, appSecret)}`;
}

/** The payload of a token signed by one of `apps`, or null for anything else. */
function openToken(token: string, apps: readonly SandboxMetaApp[]): { payload: TokenPayload; app: SandboxMetaApp } | null {
  const match = /^EAA([0-9a-f]+)Z([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(match[1]!, 'hex').toString('utf8')) as TokenPayload;
  } catch {
    return null;
  }
  const app = apps.find((candidate) => candidate.appId === payload.app);
  return app && sameSecret(match[2]!, signatureOf(match[1]!, app.appSecret)) ? { payload, app } : null;
}

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(apps: readonly SandboxMetaApp[], now: () => number) {
  const tokens = new Map<string, SandboxToken>();
  const grants = new Map<string, Map<string, PermissionGrant['status']>>();
  const codes = new Map<string, PendingCode>();
  const grantKey = (appId: string, userId: string) => `${appId}:${userId}`;
  const tokenOf = (token: string, payload: TokenPayload): SandboxToken => ({
    token,
    appId: payload.app,
    userId: payload.user,
    kind: payload.kind,
    issuedAt: payload.iat,
    expiresAt: payload.exp,
    dataAccessExpiresAt: payload.dax,
    revoked: false,
  });

  /** A token an earlier run issued: known again, with the grants it was issued under when the person has none here. */
  function takeBack(token: string): SandboxToken | null {
    const opened = openToken(token, apps);
    if (!opened) return null;
    const { payload } = opened;
    const found = tokenOf(token, payload);
    tokens.set(token, found);
    const key = grantKey(payload.app, payload.user);
    if (!grants.has(key)) grants.set(key, new Map(payload.scopes.map((scope) => [scope, 'granted' as const])));
    return found;
  }

  const auth = {
    apps,
    app: (appId: string) => apps.find((app) => app.appId === appId) ?? null,

    check(token: string): TokenCheck {
      const [appId, secret] = token.split('|');
      if (secret !== undefined) {
        const app = auth.app(appId ?? '');
        return app && sameSecret(secret, app.appSecret) ? { state: 'app', app } : { state: 'unknown' };
      }
      const found = tokens.get(token) ?? takeBack(token);
      if (!found) return { state: 'unknown' };
      if (found.revoked) return { state: 'revoked', token: found };
      if (found.expiresAt <= now()) return { state: 'expired', token: found };
      return { state: 'valid', token: found };
    },

    issue(appId: string, userId: string, kind: SandboxToken['kind']): SandboxToken {
      const at = now();
      const payload: TokenPayload = {
        app: appId,
        user: userId,
        kind,
        iat: at,
        exp: at + (kind === 'short' ? SHORT_LIVED_SECONDS : LONG_LIVED_SECONDS) * 1000,
        dax: at + DATA_ACCESS_SECONDS * 1000,
        scopes: [...(grants.get(grantKey(appId, userId)) ?? [])].filter(([, status]) => status === 'granted').map(([name]) => name),
        nonce: randomBytes(8).toString('hex'),
      };
      const app = auth.app(appId);
      const token = tokenOf(app ? sealToken(payload, app.appSecret) : `EAA${payload.nonce}`, payload);
      tokens.set(token.token, token);
      return token;
    },

    /** Records the person's answer at Facebook Login; permissions asked for before keep their answer. */
    grant(appId: string, userId: string, granted: readonly string[], declined: readonly string[] = []) {
      const key = grantKey(appId, userId);
      const current = grants.get(key) ?? new Map<string, PermissionGrant['status']>();
      for (const permission of granted) current.set(permission, 'granted');
      for (const permission of declined) current.set(permission, 'declined');
      grants.set(key, current);
    },

    /** `/me/permissions`: public_profile always, then each permission asked for and the answer. */
    permissions(appId: string, userId: string): PermissionGrant[] {
      const current = grants.get(grantKey(appId, userId)) ?? new Map();
      return [
        { permission: 'public_profile', status: 'granted' },
        ...[...current].filter(([permission]) => permission !== 'public_profile').map(([permission, status]) => ({ permission, status })),
      ];
    },

    has: (appId: string, userId: string, permission: string) => grants.get(grantKey(appId, userId))?.get(permission) === 'granted',

    /** One permission taken back (`DELETE /me/permissions/{permission}`). */
    decline(appId: string, userId: string, permission: string) {
      grants.get(grantKey(appId, userId))?.set(permission, 'declined');
    },

    /** The app removed by the person (`DELETE /me/permissions`): its grants go, its tokens answer 458. */
    revoke(userId: string, appId?: string) {
      for (const token of tokens.values()) if (token.userId === userId && (!appId || token.appId === appId)) token.revoked = true;
      for (const app of apps) if (!appId || app.appId === appId) grants.delete(grantKey(app.appId, userId));
    },

    /** Every token the person has now expires (463 from then on); new logins work. */
    expire(userId: string) {
      const at = now();
      for (const token of tokens.values()) if (token.userId === userId && token.expiresAt > at) token.expiresAt = at;
    },

    tokensOf: (userId: string) => [...tokens.values()].filter((token) => token.userId === userId).map((token) => ({ ...token })),

    newCode(appId: string, userId: string, redirectUri: string): string {
      const code = `AQ${randomBytes(60).toString('base64url')}`;
      codes.set(code, { appId, userId, redirectUri, expiresAt: now() + CODE_SECONDS * 1000, used: false });
      return code;
    },

    /** The code's person, or why the exchange fails (Meta's subcodes: 36007 invalid or expired, 36008 other redirect_uri, 36009 used). */
    redeemCode(code: string, appId: string, redirectUri: string): { userId: string } | { subcode: number; message: string } {
      const pending = codes.get(code);
      if (!pending || pending.appId !== appId) return { subcode: 36007, message: 'Invalid verification code format.' };
      if (pending.used) return { subcode: 36009, message: 'This authorization code has been used.' };
      if (pending.expiresAt <= now()) return { subcode: 36007, message: 'This authorization code has expired.' };
      if (pending.redirectUri !== redirectUri)
        return {
          subcode: 36008,
          message:
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        };
      pending.used = true;
      return { userId: pending.userId };
    },
  };
  return auth;
}
