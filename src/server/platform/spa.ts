import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.ts';
import { type Auth, SESSION_COOKIE } from './sessions.ts';

/** The built single-page app's entry page; read once, since a rebuild means a restart. */
export function spaIndex(webDir: string): () => Promise<string> {
  let html: Promise<string> | undefined;
  return () => {
    html ??= readFile(join(webDir, 'index.html'), 'utf8').catch((error: unknown) => {
      html = undefined;
      throw new Error(`The web app is not built (${String(error)}): run npm run build`);
    });
    return html;
  };
}

/** What the entry page needs to name a page's first requests (page-hints.ts). */
export interface PageHinting {
  hints: (url: string, auth: Auth | null) => Promise<string[]>;
  readSession: (token: string) => Promise<Auth | null>;
}

/**
 * Serves the built files and, for any other browser navigation outside the APIs, the entry page
 * (history fallback) with the page's first requests named (page-hints.ts). Unknown API paths answer
 * the JSON error shape.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string,
  apiPrefixes: string[],
  index: () => Promise<string>,
  hinting: PageHinting,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    // The build writes a .br and a .gz beside each file: the one the browser accepts is sent as is.
    preCompressed: true,
    // Hashed assets never change; everything else is revalidated.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(join(webDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await hinting.readSession(token) : null;
    const links = await hinting.hints(request.url, auth);
    if (links.length > 0) reply.header('link', links.join(', '));
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await index());
  };
  // The address the server prints: the static files' directory would refuse it as a listing.
  app.get('/', page);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = apiPrefixes.some(
      (prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`),
    );
    if (isApi || request.method !== 'GET' || !request.headers.accept?.includes('text/html')) {
      const error = errors.notFound();
      return reply.code(404).send(error.toBody());
    }
    return page(request, reply);
  });
}
