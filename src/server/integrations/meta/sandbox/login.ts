import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Auth, DATA_ACCESS_SECONDS, type SandboxMetaApp, SHORT_LIVED_SECONDS } from './auth.ts';
import { escapeHtml, formOf, sendPage } from './html.ts';
import type { MetaSandboxStore } from './store.ts';

/*
 * Facebook Login's dialog (`{prefix}/www/{version}/dialog/oauth`), as the "manually build a login
 * flow" guide describes it:
 *
 *   GET  ?client_id&redirect_uri&state&response_type=token|code&scope=a,b,c
 *        the sign-in page: email, password and each permission asked for, checked, for the person to
 *        uncheck (decline); an unknown app or a redirect_uri the app does not list is an error page;
 *   POST (the page's form) "Continuar" signs in and sends the browser to redirect_uri with the token
 *        in the fragment (`#access_token=…&data_access_expiration_time=…&expires_in=…&state=…`), or a
 *        code in the query for response_type=code; "Cancelar" sends it there with `error=access_denied`.
 *
 * Wrong credentials show the page again with an error. What was declined is recorded as declined
 * in /me/permissions, as Meta does.
 */

/** What each permission means to the person, in the dialog. */
const PERMISSION_TEXT: Record<string, string> = {
  ads_management: 'Administrar tus anuncios',
  ads_read: 'Ver el rendimiento de tus anuncios',
  business_management: 'Administrar tus portafolios comerciales',
  pages_show_list: 'Ver la lista de páginas que administras',
  pages_read_engagement: 'Leer el contenido y la actividad de tus páginas',
  instagram_basic: 'Ver tus cuentas de Instagram y su contenido',
  catalog_management: 'Administrar tus catálogos de productos',
  email: 'Ver tu correo electrónico',
  whatsapp_business_management: 'Administrar tus cuentas de WhatsApp Business',
  whatsapp_business_messaging: 'Enviar mensajes desde WhatsApp Business',
};

const SITE = 'Facebook';

interface Dialog {
  app: SandboxMetaApp;
  redirectUri: string;
  state: string | null;
  responseType: 'token' | 'code';
  scopes: string[];
}

/** An address without its query and fragment, which Meta's strict mode leaves out of the comparison. */
function bare(uri: string): string | null {
  try {
    const url = new URL(uri);
    return /^https?:$/.test(url.protocol) ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}

/** `uri` with `params` added to its query, its fragment replaced by `fragment`. */
function withQuery(uri: string, params: Record<string, string | null>, fragment = '') {
  const base = uri.split('#')[0]!;
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null));
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

export function registerLogin(scope: FastifyInstance, store: MetaSandboxStore, auth: Auth, now: () => number): void {
  /** The dialog's parameters checked as Facebook checks them before showing anything; an error page's text otherwise. */
  function readDialog(get: (name: string) => string | null): Dialog | { title: string; message: string } {
    const app = auth.app(get('client_id') ?? '');
    if (!app) return { title: 'Error', message: 'ID de app no válido: el ID de app proporcionado no parece ser un ID de app válido.' };
    const redirectUri = get('redirect_uri') ?? '';
    const given = bare(redirectUri);
    if (!given || !app.redirectUris.some((allowed) => bare(allowed) === given))
      return {
        title: 'URL bloqueada',
        message:
          'No se pudo redirigir porque la URI no está en la lista de URI de redireccionamiento de OAuth válidos de la app. Asegúrate de que el inicio de sesión de OAuth web esté activado y agrega la URI a la configuración de la app.',
      };
    const responseType = get('response_type') ?? 'code';
    if (responseType !== 'token' && responseType !== 'code')
      return { title: 'Error', message: `response_type no válido: ${responseType}. Usa token o code.` };
    const scopes = [
      ...new Set(
        (get('scope') ?? '')
          .split(/[\s,]+/)
          .map((scope) => scope.trim())
          .filter((scope) => /^[a-z_]+$/.test(scope) && scope !== 'public_profile'),
      ),
    ];
    return { app, redirectUri, state: get('state'), responseType, scopes };
  }

  function dialogPage(
    reply: FastifyReply,
    action: string,
    dialog: Dialog,
    entered: { email?: string; checked?: ReadonlySet<string>; error?: string } = {},
  ) {
    const fields: Array<[string, string | null]> = [
      ['client_id', dialog.app.appId],
      ['redirect_uri', dialog.redirectUri],
      ['state', dialog.state],
      ['response_type', dialog.responseType],
      ['scope', dialog.scopes.join(',')],
    ];
    const hidden = fields
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    const permissions = dialog.scopes
      .map(
        (scope) =>
          `<label><input type="checkbox" name="granted" value="${escapeHtml(scope)}"${!entered.checked || entered.checked.has(scope) ? ' checked' : ''}> ` +
          `${escapeHtml(PERMISSION_TEXT[scope] ?? scope)} <code>${escapeHtml(scope)}</code></label>`,
      )
      .join('');
    const appName = escapeHtml(dialog.app.name ?? 'Recompra');
    return sendPage(
      reply,
      200,
      SITE,
      'Iniciar sesión con Facebook (sandbox)',
      `<h1>Iniciar sesión con Facebook (sandbox)</h1><p><strong>${appName}</strong> quiere acceder a tu cuenta.</p>` +
        (entered.error ? `<p class="error" role="alert">${escapeHtml(entered.error)}</p>` : '') +
        `<form method="post" action="${escapeHtml(action)}">${hidden}` +
        `<label for="email">Correo electrónico</label><input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(entered.email ?? '')}">` +
        `<label for="pass">Contraseña</label><input id="pass" name="pass" type="password" autocomplete="current-password">` +
        `<fieldset><legend>${appName} recibirá tu nombre y foto de perfil, y podrá:</legend>${permissions || '<p>Nada más.</p>'}</fieldset>` +
        '<div class="actions"><button type="submit" name="decision" value="cancel">Cancelar</button>' +
        '<button type="submit" name="decision" value="continue" class="primary">Continuar</button></div></form>',
    );
  }

  const errorPage = (reply: FastifyReply, problem: { title: string; message: string }) =>
    sendPage(reply, 400, SITE, problem.title, `<h1>${escapeHtml(problem.title)}</h1><p>${escapeHtml(problem.message)}</p>`);

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

  async function show(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const dialog = readDialog((name) => (typeof query[name] === 'string' ? (query[name] as string) : null));
    if ('message' in dialog) return errorPage(reply, dialog);
    return dialogPage(reply, pathOf(request), dialog);
  }

  async function submit(request: FastifyRequest, reply: FastifyReply) {
    const form = formOf(request.body);
    const dialog = readDialog((name) => form.get(name));
    if ('message' in dialog) return errorPage(reply, dialog);
    if (form.get('decision') !== 'continue')
      return reply.redirect(
        withQuery(
          dialog.redirectUri,
          {
            error: 'access_denied',
            error_code: '200',
            error_description: 'Permissions error',
            error_reason: 'user_denied',
            state: dialog.state,
          },
          '#_=_',
        ),
      );
    const email = (form.get('email') ?? '').trim();
    const checked = new Set(form.getAll('granted'));
    const user = store.users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user || user.password !== form.get('pass'))
      return dialogPage(reply, pathOf(request), dialog, {
        email,
        checked,
        error: 'El correo o la contraseña que ingresaste no son correctos.',
      });
    auth.grant(
      dialog.app.appId,
      user.id,
      dialog.scopes.filter((scope) => checked.has(scope)),
      dialog.scopes.filter((scope) => !checked.has(scope)),
    );
    if (dialog.responseType === 'code') {
      const code = auth.newCode(dialog.app.appId, user.id, dialog.redirectUri);
      return reply.redirect(withQuery(dialog.redirectUri, { code, state: dialog.state }, '#_=_'));
    }
    const token = auth.issue(dialog.app.appId, user.id, 'short');
    const fragment = new URLSearchParams({
      access_token: token.token,
      data_access_expiration_time: String(Math.floor(now() / 1000) + DATA_ACCESS_SECONDS),
      expires_in: String(SHORT_LIVED_SECONDS),
      ...(dialog.state === null ? {} : { state: dialog.state }),
    });
    return reply.redirect(`${dialog.redirectUri.split('#')[0]}#${fragment}`);
  }

  for (const url of ['/:version/dialog/oauth', '/dialog/oauth']) {
    scope.get(url, show);
    scope.post(url, submit);
  }
}
