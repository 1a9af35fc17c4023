import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, mailedToken, startTestServer, type TestServer } from '../../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Each test comes from its own addresses, so their counts never meet.
const signInFrom = (remoteAddress: string, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

/** How many of the pair's growing delays (2 s, 4 s, 8 s…) fit one after another in `seconds`. */
const delaysWithin = (seconds: number) => Math.max(0, Math.floor(Math.log2(seconds / 2 + 1)));

/** As if `seconds` had passed since every recorded attempt. */
const letTimePass = (seconds: number) =>
  server.db.query('update rate_limit_events set happened_at = happened_at - make_interval(secs => $1)', [seconds]);

describe('sign-in throttle', () => {
  it('checks no more than five of 100 parallel guesses for one account, the right password among them', async () => {
    const passwords = Array.from({ length: 100 }, (_, i) => (i === 50 ? DEMO_PASSWORD : `mala-${i}`));
    const started = Date.now();
    const responses = await Promise.all(passwords.map((password) => signInFrom('198.51.100.1', 'demo@recompra.cl', password)));
    // Five free tries, then one more after 2 s, another 4 s later…: a slow machine may stretch the
    // batch past a delay, which then rightly lets one more through.
    const allowed = 5 + delaysWithin((Date.now() - started) / 1000);
    const checked = responses.filter((response) => response.statusCode !== 429);
    // The owner getting in forgives the pair's failures, which starts the count over once.
    expect(checked.length).toBeLessThanOrEqual(responses[50]!.statusCode === 200 ? 2 * allowed : allowed);
    expect(checked.length).toBeGreaterThanOrEqual(5);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(response.json().code).toBe('locked_out');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('throttles the address that guessed, while the owner signs in at once from another', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signInFrom('198.51.100.2', 'colaborador@recompra.cl', 'mala')).statusCode).toBe(401);
    const throttled = await signInFrom('198.51.100.2', 'colaborador@recompra.cl', DEMO_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    expect(throttled.json()).toEqual({
      code: 'locked_out',
      message: 'Demasiados intentos fallidos. Espera 2 segundos e inténtalo de nuevo.',
    });
    const owner = await signInFrom('203.0.113.7', 'colaborador@recompra.cl', DEMO_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ email: 'colaborador@recompra.cl' });
  });

  it('makes each further guess wait twice as long, and forgives them after the right password', async () => {
    const attempt = (password: string) => signInFrom('198.51.100.3', 'admin@recompra.cl', password);
    for (let i = 0; i < 5; i += 1) expect((await attempt('mala')).statusCode).toBe(401);
    for (const wait of [2, 4, 8]) {
      const throttled = await attempt('mala');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBe(String(wait));
      expect(throttled.json().message).toBe(`Demasiados intentos fallidos. Espera ${wait} segundos e inténtalo de nuevo.`);
      // Asking again too early is refused without lengthening the wait.
      expect((await attempt('mala')).headers['retry-after']).toBe(String(wait));
      await letTimePass(wait);
      expect((await attempt(wait === 8 ? DEMO_PASSWORD : 'mala')).statusCode).toBe(wait === 8 ? 200 : 401);
    }
    // The owner got in: the next slip is checked at once, with five free tries again.
    for (let i = 0; i < 5; i += 1) expect((await attempt('mala')).statusCode).toBe(401);
    expect((await attempt('mala')).statusCode).toBe(429);
  });

  it('throttles an unknown email exactly like an account, so the answers reveal no accounts', async () => {
    const statuses = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 6; i += 1) {
        // As if each try came right after the one before: the wait an answer names counts from the last
        // failure, and a hash of the password on a busy machine must not shorten it for one email only.
        await server.db.query('update rate_limit_events set happened_at = now()');
        const response = await signInFrom('198.51.100.4', email, 'mala');
        answers.push({ status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] });
      }
      return answers;
    };
    expect(await statuses('nadie@recompra.cl')).toEqual(await statuses('demo@recompra.cl'));
  });

  it('checks at most 20 guesses from one address spread over many accounts', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => signInFrom('198.51.100.5', `cliente${i}@tienda.cl`, 'clave123')),
    );
    expect(responses.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(20);
    const throttled = responses.filter((response) => response.statusCode === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(5);
    expect(throttled[0]!.json().message).toBe('Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.');
    expect(Number(throttled[0]!.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address tries the same accounts unhindered.
    expect((await signInFrom('198.51.100.6', 'cliente0@tienda.cl', 'clave123')).statusCode).toBe(401);
  });

  it('lets the owner in through the emailed link when guesses from everywhere trip the account-wide bound', async () => {
    const email = 'duena@tienda.cl';
    const signup = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '192.0.2.1',
      payload: { name: 'Dueña', email, password: 'tienda2026' },
    });
    expect(signup.statusCode).toBe(201);
    // Five guesses from each of ten addresses: no pair and no address is throttled, the account is.
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => signInFrom(`192.0.2.${10 + (i % 10)}`, email, `mala-${i}`)));
    expect(guesses.map((response) => response.statusCode)).toEqual(Array(50).fill(401));

    const owner = await signInFrom('203.0.113.8', email, 'tienda2026');
    expect(owner.statusCode).toBe(429);
    expect(owner.json().code).toBe('locked_out');
    expect(owner.json().message).toMatch(
      /^Hubo demasiados intentos fallidos en esta cuenta\. Usa «¿Olvidaste tu contraseña\?» para recibir un enlace por correo y entrar ahora, o espera \d+ minutos\.$/,
    );
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(50 * 60);

    expect(
      (await server.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: '203.0.113.8', payload: { email } }))
        .statusCode,
    ).toBe(202);
    const token = await mailedToken(server.db, email);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress: '203.0.113.8',
      payload: { token, password: 'nueva-clave-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email });

    // The failures are forgotten everywhere, even at an address that had guessed five times.
    expect((await signInFrom('203.0.113.8', email, 'nueva-clave-7')).statusCode).toBe(200);
    expect((await signInFrom('192.0.2.10', email, 'nueva-clave-7')).statusCode).toBe(200);
  });
});

describe('sign-up and reset-link throttles', () => {
  it('creates at most 10 accounts from one address, however many sign-ups arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: '198.51.100.20',
          payload: { name: `Tienda ${i}`, email: `masiva${i}@tienda.cl`, password: 'tienda2026' },
        }),
      ),
    );
    const [row] = await server.db.query<{ count: number }>(
      `select count(*)::integer as count from users where email like 'masiva%@tienda.cl'`,
    );
    expect(row!.count).toBeLessThanOrEqual(10);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'too_many_attempts',
      message: 'Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en 60 minutos.',
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('mails at most 3 links an hour to one account and takes at most 20 requests from one address, even at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          remoteAddress: '198.51.100.21',
          payload: { email: 'colaborador@recompra.cl' },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 202).length).toBeLessThanOrEqual(20);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'too_many_attempts',
      message: 'Pediste demasiados enlaces. Inténtalo de nuevo en 60 minutos.',
    });
    const [row] = await server.db.query<{ count: number }>(
      `select count(*)::integer as count from mail_outbox where recipient = 'colaborador@recompra.cl'`,
    );
    expect(row!.count).toBeLessThanOrEqual(3);
  });
});
