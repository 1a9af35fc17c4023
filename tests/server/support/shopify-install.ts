import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_SHOP } from '../../../src/server/integrations/shopify/sandbox/index.ts';
import type { Caller, TestServer } from './harness.ts';

// "Conectar con Shopify" as a browser runs it against the sandbox: the start, Shopify's consent page and
// its "Instalar app", and the way back to the app with the library's state cookie.

/** A browser's User-Agent: the library refuses to begin or finish an install for a bot's. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Started {
  installId: number;
  authorizeUrl: string;
  /** The library's signed state cookie, as the browser keeps it. */
  stateCookies: Record<string, string>;
}

export function installer(server: () => TestServer) {
  return {
    async start(caller: Caller, body: Record<string, unknown> = { url: SANDBOX_SHOP, returnTo: '/integrations' }, storeId?: number) {
      return server().app.inject({
        method: 'POST',
        url: storeId === undefined ? '/backend/me/stores/shopifyInstalls' : `/backend/stores/${storeId}/shopifyInstalls`,
        cookies: caller.cookies,
        headers: { ...caller.headers, 'user-agent': BROWSER },
        payload: body,
      });
    },

    async begin(caller: Caller, storeId?: number): Promise<Started> {
      const response = await this.start(caller, { url: `https://${SANDBOX_SHOP}/admin`, returnTo: '/integrations' }, storeId);
      expect(response.statusCode).toBe(200);
      const stateCookies = Object.fromEntries(
        response.cookies.filter((cookie) => cookie.name.startsWith('shopify_app_state')).map((cookie) => [cookie.name, cookie.value]),
      );
      return { ...response.json<{ installId: number; authorizeUrl: string }>(), stateCookies };
    },

    /** What the browser returns with: the install's result page and the store it names, if any. */
    comeBack(caller: Caller, callback: URL, stateCookies: Record<string, string>): Promise<LightMyRequestResponse> {
      return server().app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        cookies: { ...caller.cookies, ...stateCookies },
        headers: { 'user-agent': BROWSER },
      });
    },

    async result(caller: Caller, installId: number) {
      const response = await server().app.inject({
        method: 'GET',
        url: `/backend/me/stores/shopifyInstalls/${installId}`,
        cookies: caller.cookies,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ status: string; url: string; error: { code: string; message: string } | null }>();
    },
  };
}

const unescapeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** Shopify's consent page, then its "Instalar app" (or "Cancelar"): where Shopify sends the browser back. */
export async function decide(authorizeUrl: string, decision: 'install' | 'cancel' = 'install'): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Instalar app');
  const action = unescapeHtml(/<form method="post" action="([^"]+)"/.exec(html)![1]!);
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name, value]) => [unescapeHtml(name!), unescapeHtml(value!)] as [string, string],
  );
  const answer = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    body: new URLSearchParams([...fields, ['decision', decision]]),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}
