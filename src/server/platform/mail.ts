import nodemailer from 'nodemailer';
import type { Queryable } from './db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Secrets in `text` (a link's token): once the mail is sent they are blanked out of the outbox. */
  secrets?: string[];
}

export interface Mailer {
  send(db: Queryable, mail: Mail): Promise<void>;
}

/** What the mailer needs of a nodemailer transport; tests pass one that records instead of sending. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

const FROM = 'Recompra <no-responder@recompra.cl>';
/** What a sent secret reads as in the outbox. */
export const REDACTED = '[oculto]';

/**
 * SMTP when SMTP_URL is set. Otherwise mails stay in the local outbox (readable at /dev/mailbox
 * outside production) and a log line shows them, so invitations and resets work offline.
 * Either way every mail is recorded in the outbox, in the caller's transaction. Once SMTP has taken
 * a mail, its secrets are blanked out of the outbox: a live reset or invitation link in a table
 * would let whoever reads it (a backup, a leaked dump) into the account. Mail that stays in the
 * local outbox keeps them, since the outbox is how it gets read.
 */
export function createMailer(smtp: string | MailTransport | undefined, log: (line: string) => void = console.log): Mailer {
  const transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : (smtp ?? null);
  return {
    async send(db, mail) {
      const [row] = await db.query<{ id: number }>(
        'insert into mail_outbox (recipient, subject, body_text) values ($1, $2, $3) returning id',
        [mail.to, mail.subject, mail.text],
      );
      if (!transport) {
        log(`Correo para ${mail.to}: «${mail.subject}» (léelo en /dev/mailbox)`);
        return;
      }
      await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await db.query('update mail_outbox set sent_at = now(), body_text = $2 where id = $1', [
        row!.id,
        redact(mail.text, mail.secrets ?? []),
      ]);
    },
  };
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((redacted, secret) => redacted.replaceAll(secret, REDACTED), text);
}
