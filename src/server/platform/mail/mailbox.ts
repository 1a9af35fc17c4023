import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../database/db.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The local outbox at /dev/mailbox, for developers; never registered in production. */
export function registerMailbox(app: FastifyInstance, db: Queryable): void {
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await db.query<{ recipient: string; subject: string; body_text: string; created_at: Date }>(
      'select recipient, subject, body_text, created_at from mail_outbox order by id desc limit 50',
    );
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escape(mail.subject)}</h2><p>Para ${escape(mail.recipient)} · ${mail.created_at.toISOString()}</p><pre>${linkify(mail.body_text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Correos enviados — Recompra</title><style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto}article{border-bottom:1px solid #ddd}pre{white-space:pre-wrap}</style></head><body><h1>Correos enviados</h1>${items || '<p>Todavía no hay correos.</p>'}</body></html>`,
      );
  });
}
