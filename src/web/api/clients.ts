import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as AppPaths } from '../../shared/api/app.gen';
import type { paths as BackendPaths } from '../../shared/api/backend.gen';
import { csrfMiddleware } from './csrf';
import { networkError } from './errors';
import { takeFirstAnswer } from './first-answers';
import { noteServerDate } from './server-clock';

export const APP_API_BASE = '/api';
export const BACKEND_API_BASE: string = import.meta.env.VITE_BACKEND_URL ?? '/backend';

/** Resolves a relative base against the page so requests are valid outside a browser tab too (tests). */
function absolute(base: string): string {
  if (/^https?:\/\//.test(base)) return base.replace(/\/$/, '');
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(base, origin).toString().replace(/\/$/, '') : base;
}

/** No response at all (offline, DNS, CORS, abort): an ApiError with status 0, SPEC §7/§8. */
const transportErrorMiddleware: Middleware = {
  onError({ error }) {
    return networkError(error);
  },
};

/** Every answer says the server's time (server-clock.ts); a carried or a file's answer says none, or an old one. */
const serverDateMiddleware: Middleware = {
  onResponse({ response }) {
    if (response.headers.get('content-type')?.startsWith('application/json')) noteServerDate(response);
  },
};

/**
 * Late-bound so interceptors installed after import (MSW in tests and Storybook) see every call.
 * The first request of an address whose answer the entry page brought is served from it.
 */
const lateFetch: typeof fetch = (input, init) => {
  const carried = input instanceof Request ? takeFirstAnswer(input) : undefined;
  return carried ? Promise.resolve(carried) : globalThis.fetch(input, init);
};

/** The same-origin API's address, for the calls openapi-fetch does not make (the live stream). */
export const APP_API_URL = absolute(APP_API_BASE);

export const appClient = createClient<AppPaths>({
  baseUrl: APP_API_URL,
  credentials: 'same-origin',
  fetch: lateFetch,
});

export const backendClient = createClient<BackendPaths>({
  baseUrl: absolute(BACKEND_API_BASE),
  credentials: 'include',
  fetch: lateFetch,
});

for (const client of [appClient, backendClient] as const) {
  client.use(csrfMiddleware, transportErrorMiddleware, serverDateMiddleware);
}
