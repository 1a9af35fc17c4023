import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_ANSWERS_ID } from '../../../shared/first-answers.ts';

/**
 * Answers a page carries: the API's word on the store's state, successful or not (a campaigns list
 * without Meta connected is a 409 the page shows as such). A refusal for the moment (too many
 * requests, a timeout) or a server's failure is left for the app to ask again and explain.
 */
const carried = (status: number) => status === 200 || (status >= 400 && status < 500 && status !== 408 && status !== 429);

/**
 * The answers to a page's first data requests (page-hints.ts), asked of this server as the browser
 * would ask (its cookies, its address), for the page to carry: each request goes through the same
 * contract checks, session and role as the browser's own. Only JSON answers are kept, as `carried` says.
 *
 * Returns the `<script>` element holding them, as `{"<address>": {"status": 200, "body": <answer>}, …}`,
 * or '' when none is kept. `<` is escaped so that no answer can close the element.
 */
export async function firstAnswersElement(app: FastifyInstance, request: FastifyRequest, addresses: string[]): Promise<string> {
  const headers = { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) };
  const answers = await Promise.all(
    addresses.map(async (address) => {
      const response = await app.inject({ method: 'GET', url: address, headers, remoteAddress: request.ip });
      const json = String(response.headers['content-type']).startsWith('application/json');
      return json && carried(response.statusCode)
        ? `${JSON.stringify(address)}:{"status":${response.statusCode},"body":${response.body}}`
        : null;
    }),
  );
  const kept = answers.filter((answer): answer is string => answer !== null);
  if (kept.length === 0) return '';
  const text = `{${kept.join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${text}</script>`;
}
