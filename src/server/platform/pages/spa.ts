import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_POSITION_ID, type LivePosition } from '../../../shared/first-answers.ts';
import { errors } from '../http/errors.ts';
import { type Auth, SESSION_COOKIE } from '../security/sessions.ts';
import { firstAnswersElement } from './first-answers.ts';
import type { PageHints } from './page-hints.ts';

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

/** What the entry page needs to name a page's first requests and carry their answers (page-hints.ts). */
export interface PageHinting {
  hints: (url: string, auth: Auth | null) => Promise<PageHints>;
  readSession: (token: string) => Promise<Auth | null>;
  /** Where the store's live stream stands (live.ts). */
  livePosition: (storeId: number) => Promise<string>;
}

/**
 * Serves the built files and, for any other browser navigation outside the APIs, the entry page
 * (history fallback) with the page's code named and, signed in, the answers to its first data
 * requests inside (page-hints.ts). Unknown API paths answer the JSON error shape.
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
    const { links, answers } = await hinting.hints(request.url, auth);
    if (links.length > 0) reply.header('link', links.join(', '));
    // Read before the answers, so the tab's stream, resuming from it, hears of any change made after them.
    const position = auth?.storeId && answers.length > 0 ? livePositionElement(auth.storeId, await hinting.livePosition(auth.storeId)) : '';
    const answered = answers.length > 0 ? await firstAnswersElement(app, request, answers) : '';
    const carried = answered && position + answered;
    const html = await index();
    return (
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        // A page carrying someone's data is never kept by a cache, not even the browser's.
        .header('cache-control', carried ? 'no-store' : 'no-cache')
        .send(carried ? withBeforeBodyEnd(html, carried) : html)
    );
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

function livePositionElement(storeId: number, lastEventId: string): string {
  const position: LivePosition = { storeId, lastEventId };
  return `<script type="application/json" id="${LIVE_POSITION_ID}">${JSON.stringify(position)}</script>`;
}

/** `html` with `element` last in its body (after it, for a page without one). */
function withBeforeBodyEnd(html: string, element: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + element : `${html.slice(0, end)}${element}${html.slice(end)}`;
}
