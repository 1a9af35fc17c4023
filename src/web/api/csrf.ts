import type { Middleware } from 'openapi-fetch';

export const CSRF_COOKIE = 'recompra_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** True once the server issued a session: it sets the CSRF cookie together with the session cookie. */
export function hasSignedInIdentity(): boolean {
  return Boolean(readCookie(CSRF_COOKIE));
}

/** Sends the double-submit token on every state-changing call of both clients. */
export const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
    const token = readCookie(CSRF_COOKIE);
    if (!token) return undefined;
    request.headers.set(CSRF_HEADER, token);
    return request;
  },
};
