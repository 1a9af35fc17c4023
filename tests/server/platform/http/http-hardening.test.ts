import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.ts';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => server.close());

/** Sends raw bytes, as a client that is not a browser may; resolves to the status and body. */
function rawRequest(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('errors the framework raises answer in Spanish, without echoing the address', () => {
  it('a malformed percent-encoding', async () => {
    const response = await rawRequest('GET /api/%zz%E0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ code: 'bad_url', message: 'La dirección de la solicitud no es válida.' });
  });

  it('a path segment over the router limit', async () => {
    // GET paths fall back to the web app's pages; a POST has no such fallback, so the router refuses it.
    const response = await rawRequest(
      `POST /api/private/stores/${'9'.repeat(300)}/sync/retry HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ code: 'uri_too_long', message: 'La dirección de la solicitud es demasiado larga.' });
  });

  it('headers over the size limit', async () => {
    const response = await rawRequest(
      `GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(response.body).code).toBe('headers_too_large');
  });

  it('bytes that are not HTTP', async () => {
    const response = await rawRequest('HOLA QUE TAL\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).message).toBe('La solicitud no es válida: revisa su formato.');
  });
});

describe('security headers', () => {
  it('every page forbids framing and foreign scripts, and does not sniff types', async () => {
    for (const url of ['/dashboard', '/api/docs']) {
      const response = await server.app.inject({ url, headers: { accept: 'text/html' } });
      const policy = response.headers['content-security-policy'];
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('every other answer allows nothing if opened as a page, and carries only the headers that mean something to it', async () => {
    for (const url of ['/api/auth/me', '/api/private/stores', '/api/no-such-thing']) {
      const response = await server.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.headers['content-type'] ?? '', url).not.toMatch(/^text\/html/);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('the API reference runs no inline script, which the policy would block', async () => {
    const page = await server.app.inject({ url: '/api/docs' });
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect((await server.app.inject({ url: '/api/docs/start.js' })).body).toContain('SwaggerUIBundle(');
  });

  it('sends HSTS over HTTPS only', async () => {
    expect((await server.app.inject({ url: '/api/auth/me' })).headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await startTestServer({ trustProxy: 1 });
    try {
      const https = await behindProxy.app.inject({ url: '/api/auth/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('client addresses', () => {
  const failedSignIn = (target: TestServer, forwardedFor: string, n: number) =>
    target.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `nadie${n}@ejemplo.cl`, password: 'equivocada1' },
    });

  it('X-Forwarded-For from an untrusted client changes nothing: the per-address limit still holds', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) statuses.push((await failedSignIn(server, `10.9.${n}.${n}`, n)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('behind a trusted proxy, each forwarded client is counted on its own', async () => {
    const behindProxy = await startTestServer({ trustProxy: 1 });
    try {
      for (let n = 0; n < 20; n++) expect((await failedSignIn(behindProxy, '203.0.113.1', n)).statusCode).toBe(401);
      expect((await failedSignIn(behindProxy, '203.0.113.1', 20)).statusCode).toBe(429);
      expect((await failedSignIn(behindProxy, '203.0.113.2', 21)).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});
