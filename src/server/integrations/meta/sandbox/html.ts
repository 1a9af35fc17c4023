import type { FastifyReply } from 'fastify';

/* The sandbox's stand-ins for Facebook's and Business Suite's pages: plain HTML, no script, labelled inputs. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE =
  'body{font-family:Helvetica,Arial,sans-serif;background:#f0f2f5;color:#1c1e21;margin:0}' +
  'header{background:#1877f2;color:#fff;padding:.75rem 1rem;font-weight:bold}' +
  'main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 4px rgba(0,0,0,.1)}' +
  'h1{font-size:1.25rem;margin-top:0}label{display:block;margin:.5rem 0}input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #dddfe2;border-radius:6px;font:inherit}' +
  'fieldset{border:1px solid #dddfe2;border-radius:6px;margin:1rem 0}.error{color:#be4b49}.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1rem}' +
  'button{font:inherit;font-weight:bold;padding:.5rem 1.25rem;border-radius:6px;border:0;background:#e4e6eb;cursor:pointer}button.primary{background:#1877f2;color:#fff}code{color:#65676b}';

/** A page under the sandbox's header; `body` is already HTML (escape what it quotes). */
export function sendPage(reply: FastifyReply, status: number, site: string, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
        `<body><header>${escapeHtml(site)} (sandbox)</header><main>${body}</main></body></html>`,
    );
}

/** A form's fields, as the sandbox's parser hands them over. */
export const formOf = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());
