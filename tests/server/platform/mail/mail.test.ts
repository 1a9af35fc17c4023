import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { seedDemoStore } from '../../../../src/server/demo-store.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { createMailer, MAIL_QUEUE, type MailTransport } from '../../../../src/server/platform/mail/mail.ts';
import { secretBox } from '../../../../src/server/platform/security/secrets.ts';
import { DEMO_PASSWORD, migratedDatabase, signIn, TEST_INDEX_HTML } from '../../support/harness.ts';

/** Mail as the SMTP transport received it: nodemailer's JSON transport builds the message and sends nothing. */
interface Sent {
  to: { address: string }[];
  subject: string;
  text: string;
}

let db: Database;
let app: FastifyInstance;
const sent: Sent[] = [];
/** While set, the SMTP server refuses every mail. */
let smtpDown = false;
beforeAll(async () => {
  db = await migratedDatabase();
  const secrets = secretBox(randomBytes(32));
  await seedDemoStore(db, DEMO_PASSWORD, secrets);
  const webDir = await mkdtemp(join(tmpdir(), 'recompra-web-'));
  await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
  const json = nodemailer.createTransport({ jsonTransport: true });
  const transport: MailTransport = {
    async sendMail(message) {
      if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      const info = await json.sendMail(message);
      sent.push(JSON.parse(info.message) as Sent);
      return info;
    },
  };
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDir, dataDir: 'memory://', sandboxes: false };
  app = await buildApp({ config, db, secrets, mailer: createMailer(transport) });
});
afterAll(async () => {
  await app.close();
  await db.close();
});
beforeEach(() => {
  sent.length = 0;
  smtpDown = false;
});

/** Runs the mail jobs that are due, as the worker does; `retries` makes those waiting to retry due first. */
async function deliver({ retries = false } = {}): Promise<void> {
  if (retries) await db.query(`update jobs set run_at = now() where queue = $1 and status = 'pending'`, [MAIL_QUEUE]);
  await app.jobs.drain();
}

const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1];
const outbox = (recipient: string) =>
  db.query<{ body_text: string; sent_at: Date | null }>('select body_text, sent_at from mail_outbox where recipient = $1 order by id', [
    recipient,
  ]);

describe('mail sent through SMTP', () => {
  it('keeps no live password-reset token in the outbox, and the mailed link still works', async () => {
    const requested = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'demo@recompra.cl' } });
    expect(requested.statusCode).toBe(202);
    // The request only wrote it down; the job sends it.
    expect(sent).toHaveLength(0);
    await deliver();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.map((to) => to.address)).toEqual(['demo@recompra.cl']);
    const token = tokenIn(sent[0]!.text);
    expect(token).toBeTruthy();

    const [row, ...others] = await outbox('demo@recompra.cl');
    expect(others).toEqual([]);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.body_text).not.toContain(token);
    expect(row!.body_text).toContain('/api/auth/reset-password?token=[oculto]');
    // The rest of the mail is kept as it was sent.
    expect(row!.body_text).toBe(sent[0]!.text.replace(token!, '[oculto]'));

    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'nueva-clave-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'demo@recompra.cl' });
  });

  it('keeps no live invitation token in the outbox, and the mailed link still works', async () => {
    const admin = await signIn(app, 'admin@recompra.cl');
    const [{ id: store }] = (await db.query<{ id: number }>('select id from stores order by id limit 1')) as [{ id: number }];
    const invited = await app.inject({
      method: 'POST',
      url: `/api/private/stores/${store}/members`,
      cookies: admin.cookies,
      headers: admin.headers,
      payload: { email: 'nueva@tienda.cl' },
    });
    expect(invited.statusCode).toBe(201);
    await deliver();
    expect(sent).toHaveLength(1);
    const token = tokenIn(sent[0]!.text)!;
    expect(token).toBeTruthy();

    const [row] = await outbox('nueva@tienda.cl');
    expect(row!.sent_at).not.toBeNull();
    expect(row!.body_text).not.toContain(token);
    expect(row!.body_text).toContain('/api/auth/invitation?token=[oculto]');

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, name: 'Nueva', password: 'clave1234' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'nueva@tienda.cl', role: 'colaborator', store });
  });

  it('answers a reset with SMTP down as it answers an unknown address, and sends the mail once SMTP is back', async () => {
    smtpDown = true;
    const request = (email: string) => app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const known = await request('colaborador@recompra.cl');
    const unknown = await request('nadie-aqui@recompra.cl');
    expect({ status: known.statusCode, body: known.body }).toEqual({ status: unknown.statusCode, body: unknown.body });
    expect(known.statusCode).toBe(202);
    await deliver();
    expect(sent).toHaveLength(0);
    expect((await outbox('colaborador@recompra.cl'))[0]).toMatchObject({ sent_at: null });

    smtpDown = false;
    await deliver({ retries: true });
    expect(sent.map((mail) => mail.to[0]!.address)).toEqual(['colaborador@recompra.cl']);
    expect((await outbox('colaborador@recompra.cl'))[0]!.body_text).toContain('token=[oculto]');
  });

  it('keeps, for a mail every attempt failed, the error and the time it gave up, but not its link', async () => {
    smtpDown = true;
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'admin@recompra.cl' } });
    for (let attempt = 0; attempt < 8; attempt += 1) await deliver({ retries: true });
    const [row] = await db.query<{ sent_at: Date | null; failed_at: Date | null; last_error: string; body_text: string }>(
      'select sent_at, failed_at, last_error, body_text from mail_outbox where recipient = $1',
      ['admin@recompra.cl'],
    );
    expect(row).toMatchObject({ sent_at: null, failed_at: expect.any(Date), last_error: expect.stringContaining('ECONNREFUSED') });
    // Its link can never arrive: it is not kept either.
    expect(row!.body_text).toContain('token=[oculto]');
    expect(sent).toHaveLength(0);
  });
});
