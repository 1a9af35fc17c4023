import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, formOf, sendPage } from './html.ts';
import type { MetaSandboxStore } from './store.ts';

/*
 * Business Suite's page for the Custom Audience terms of one ad account
 * (`{prefix}/business/ads/manage/customaudiences/tos/?act=<account id>`): the account and "Aceptar".
 * Meta's page asks for a Facebook session first; the sandbox has none to ask for, so anyone who opens
 * it may accept, and the account's `tos_accepted` then lists `custom_audience_tos`.
 */

const SITE = 'Meta Business Suite';
const TITLE = 'Condiciones de las audiencias personalizadas';

export function registerBusiness(scope: FastifyInstance, store: MetaSandboxStore): void {
  function accountOf(act: string | null) {
    const id = (act ?? '').replace(/^act_/, '');
    return /^\d+$/.test(id) ? store.adAccount(id) : null;
  }

  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      SITE,
      'Cuenta no encontrada',
      '<h1>Cuenta publicitaria no encontrada</h1><p>Revisa el enlace e inténtalo de nuevo.</p>',
    );

  async function show(request: FastifyRequest, reply: FastifyReply) {
    const act = (request.query as Record<string, unknown>).act;
    const account = accountOf(typeof act === 'string' ? act : null);
    if (!account) return notFound(reply);
    const heading = `<h1>${TITLE}</h1><p>Cuenta publicitaria: <strong>${escapeHtml(account.name)}</strong> <code>${escapeHtml(account.accountId)}</code></p>`;
    if (account.termsAccepted.has('custom_audience_tos'))
      return sendPage(
        reply,
        200,
        SITE,
        TITLE,
        `${heading}<p role="status">Ya aceptaste estas condiciones para esta cuenta publicitaria.</p>`,
      );
    return sendPage(
      reply,
      200,
      SITE,
      TITLE,
      `${heading}<p>Para usar públicos personalizados creados a partir de listas de clientes, acepta las condiciones de las audiencias personalizadas de Meta para esta cuenta.</p>` +
        `<form method="post" action="${escapeHtml(request.url.split('?')[0]!)}"><input type="hidden" name="act" value="${escapeHtml(account.accountId)}">` +
        '<div class="actions"><button type="submit" class="primary">Aceptar</button></div></form>',
    );
  }

  async function accept(request: FastifyRequest, reply: FastifyReply) {
    const account = accountOf(formOf(request.body).get('act'));
    if (!account) return notFound(reply);
    account.termsAccepted.add('custom_audience_tos');
    return sendPage(
      reply,
      200,
      SITE,
      TITLE,
      `<h1>${TITLE}</h1><p role="status">Aceptaste las condiciones de las audiencias personalizadas para <strong>${escapeHtml(account.name)}</strong> <code>${escapeHtml(account.accountId)}</code>. Ya puedes cerrar esta pestaña.</p>`,
    );
  }

  for (const url of ['/ads/manage/customaudiences/tos/', '/ads/manage/customaudiences/tos']) {
    scope.get(url, show);
    scope.post(url, accept);
  }
}
