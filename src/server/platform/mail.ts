import nodemailer from 'nodemailer';
import type { Queryable } from './db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: Queryable, mail: Mail): Promise<void>;
}

const FROM = 'Recompra <no-responder@recompra.cl>';

/**
 * SMTP when SMTP_URL is set. Otherwise mails stay in the local outbox (readable at /dev/mailbox
 * outside production) and a log line shows them, so invitations and resets work offline.
 * Either way every mail is recorded in the outbox, in the caller's transaction.
 */
export function createMailer(smtpUrl: string | undefined, log: (line: string) => void = console.log): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(db, mail) {
      const [row] = await db.query<{ id: number }>('insert into mail_outbox (recipient, subject, body_text) values ($1, $2, $3) returning id', [mail.to, mail.subject, mail.text]);
      if (!transport) {
        log(`Correo para ${mail.to}: «${mail.subject}» (léelo en /dev/mailbox)`);
        return;
      }
      await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await db.query('update mail_outbox set sent_at = now() where id = $1', [row!.id]);
    },
  };
}
