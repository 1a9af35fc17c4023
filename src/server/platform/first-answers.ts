import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_ANSWERS_ID } from '../../shared/first-answers.ts';

/**
 * The answers to a page's first data requests (page-hints.ts), asked of this server as the browser
 * would ask (its cookies, its address), for the page to carry: each request goes through the same
 * contract checks, session and role as the browser's own. Only successful JSON answers are kept;
 * the app asks for any other itself and explains what went wrong there.
 *
 * Returns the `<script>` element holding them, as `{"<address>": <answer>, …}`, or '' when none is
 * kept. `<` is escaped so that no answer can close the element.
 */
export async function firstAnswersElement(app: FastifyInstance, request: FastifyRequest, addresses: string[]): Promise<string> {
  const headers = { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) };
  const answers = await Promise.all(
    addresses.map(async (address) => {
      const response = await app.inject({ method: 'GET', url: address, headers, remoteAddress: request.ip });
      const json = response.statusCode === 200 && String(response.headers['content-type']).startsWith('application/json');
      return json ? `${JSON.stringify(address)}:${response.body}` : null;
    }),
  );
  const kept = answers.filter((answer): answer is string => answer !== null);
  if (kept.length === 0) return '';
  const text = `{${kept.join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${text}</script>`;
}
