import nodemailer from 'nodemailer';
import type { Queryable } from '../database/db.ts';
import { enqueue, type JobWorker } from '../jobs/jobs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Secrets in `text` (a link's token): once the mail is sent they are blanked out of the outbox. */
  secrets?: string[];
}

export interface Mailer {
  /** Writes the mail to the outbox in the caller's transaction; it leaves later, by a job. */
  send(db: Queryable, mail: Mail): Promise<void>;
  /** The job that hands the outbox's mail to SMTP. */
  registerJob(jobs: JobWorker, db: Queryable): void;
}

/** What the mailer needs of a nodemailer transport; tests pass one that records instead of sending. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export const MAIL_QUEUE = 'mail';
/** An SMTP server that is down for a while: eight tries over about ten minutes (jobs.ts' backoff). */
const MAIL_ATTEMPTS = 8;
const FROM = 'Recompra <no-responder@recompra.cl>';
/** What a sent secret reads as in the outbox. */
export const REDACTED = '[oculto]';

/**
 * SMTP when SMTP_URL is set. Otherwise mails stay in the local outbox (readable at /dev/mailbox
 * outside production) and a log line shows them, so invitations and resets work offline.
 * Either way every mail is recorded in the outbox, in the caller's transaction, and a request never
 * waits for SMTP nor fails with it: a job sends each mail and retries with backoff; one that every
 * attempt failed keeps its error in the outbox. Once SMTP has taken a mail, its secrets are blanked
 * out of the outbox: a live reset or invitation link in a table would let whoever reads it (a
 * backup, a leaked dump) into the account. Mail that stays in the local outbox keeps them, since the
 * outbox is how it gets read.
 */
export function createMailer(smtp: string | MailTransport | undefined, log: (line: string) => void = console.log): Mailer {
  const transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : (smtp ?? null);
  return {
    async send(db, mail) {
      const [row] = await db.query<{ id: number }>(
        'insert into mail_outbox (recipient, subject, body_text, secrets) values ($1, $2, $3, $4) returning id',
        [mail.to, mail.subject, mail.text, transport ? (mail.secrets ?? []).filter(Boolean) : []],
      );
      if (!transport) {
        log(`Correo para ${mail.to}: «${mail.subject}» (léelo en /dev/mailbox)`);
        return;
      }
      await enqueue(db, MAIL_QUEUE, { mailId: row!.id }, { maxAttempts: MAIL_ATTEMPTS });
    },

    registerJob(jobs, db) {
      jobs.register<{ mailId: number }>(MAIL_QUEUE, {
        async handler({ payload }) {
          const [mail] = await db.query<{ recipient: string; subject: string; body_text: string; secrets: string[] }>(
            'select recipient, subject, body_text, secrets from mail_outbox where id = $1 and sent_at is null',
            [payload.mailId],
          );
          // Sent already (a retry after SMTP took it), or deleted with its store.
          if (!mail || !transport) return;
          await transport.sendMail({ from: FROM, to: mail.recipient, subject: mail.subject, text: mail.body_text });
          await db.query(`update mail_outbox set sent_at = now(), body_text = $2, secrets = '{}', last_error = null where id = $1`, [
            payload.mailId,
            redact(mail.body_text, mail.secrets),
          ]);
        },
        async onFinalFailure({ payload }, error) {
          // Given up on: its link will never arrive, and must not wait in a table either.
          const [mail] = await db.query<{ body_text: string; secrets: string[] }>(
            'select body_text, secrets from mail_outbox where id = $1',
            [payload.mailId],
          );
          if (!mail) return;
          await db.query(`update mail_outbox set failed_at = now(), last_error = $2, body_text = $3, secrets = '{}' where id = $1`, [
            payload.mailId,
            String(error),
            redact(mail.body_text, mail.secrets),
          ]);
        },
      });
    },
  };
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((redacted, secret) => redacted.replaceAll(secret, REDACTED), text);
}
