import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { META_SANDBOX_PREFIX, SANDBOX_META_APP } from '../../../src/server/integrations/meta/sandbox/index.ts';
import { META_API_VERSION } from '../../../src/server/integrations/meta/types.ts';
import { DEFAULT_WEBHOOK_SECRET } from '../../../src/server/integrations/shopify/sandbox/webhooks.ts';
import { ConfigError, loadConfig } from '../../../src/server/platform/config.ts';
import { TEST_INDEX_HTML } from '../support/harness.ts';

const SECRETS = {
  ENCRYPTION_KEY: 'a'.repeat(64),
  SESSION_SECRET: 'b'.repeat(40),
  SHOPIFY_API_KEY: 'recompra-app-real',
  SHOPIFY_API_SECRET: 'shpss_de-la-app-real',
  PUBLIC_URL: 'https://app.recompra.cl',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_live_de-la-cuenta-real',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_de-la-cuenta-real',
  STRIPE_WEBHOOK_SECRET: 'whsec_del-endpoint-real',
  META_APP_ID: '987654321012345',
  META_APP_SECRET: 'secreto-de-la-app-de-meta-real',
  META_WEBHOOK_VERIFY_TOKEN: 'token-de-verificacion-real',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('production configuration', () => {
  it('names every secret a production server lacks', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of Object.keys(SECRETS))
      expect(problems.some((problem) => problem.startsWith(`${name} es obligatoria en producción`))).toBe(true);
  });

  it("refuses the sandbox app's secret, a short session secret and sandboxes in production", () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...SECRETS,
      SHOPIFY_API_SECRET: DEFAULT_WEBHOOK_SECRET,
      SESSION_SECRET: 'corto',
      SANDBOXES: 'on',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/secreto público del sandbox[\s\S]*al menos 32 caracteres[\s\S]*SANDBOXES=on/);
  });

  it("refuses the card-processor sandbox's keys in production", () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...SECRETS,
      STRIPE_SECRET_KEY: 'sk_test_recompra_sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_recompra_sandbox',
    });
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY es una clave del sandbox de pagos: usa la de tu cuenta de Stripe.',
      'STRIPE_WEBHOOK_SECRET es una clave del sandbox de pagos: usa la de tu cuenta de Stripe.',
    ]);
  });

  it("refuses the Meta sandbox's app secret and hosts in production", () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...SECRETS,
      META_APP_SECRET: SANDBOX_META_APP.appSecret,
      META_WEBHOOK_VERIFY_TOKEN: loadConfig({ NODE_ENV: 'test' }).meta.webhookVerifyToken,
      META_GRAPH_URL: `http://127.0.0.1:3000${META_SANDBOX_PREFIX}/graph`,
    });
    expect(problems).toEqual([
      'META_APP_SECRET es la clave pública del sandbox de Meta: usa la de tu app de Meta.',
      'META_WEBHOOK_VERIFY_TOKEN es el token público del sandbox: usa el que configuraste en el panel de tu app de Meta.',
      'META_GRAPH_URL apunta al sandbox de Meta: en producción se usa Meta real.',
    ]);
  });

  it('in production seeds no demo accounts, mounts no sandbox and calls the real Shopify', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...SECRETS });
    expect(config.demoPassword).toBeNull();
    expect(config.sandboxes).toBe(false);
    expect(config.shopifyEndpoint).toBe('https://{shop}/admin/api/{version}/graphql.json');
    expect(config.trustProxy).toBe(false);
    expect(config.payments).toMatchObject({
      apiBase: 'https://api.stripe.com',
      browserApiBase: 'https://api.stripe.com',
      secretKey: SECRETS.STRIPE_SECRET_KEY,
    });
    expect(config.meta).toEqual({
      appId: SECRETS.META_APP_ID,
      appSecret: SECRETS.META_APP_SECRET,
      version: META_API_VERSION,
      graphUrl: 'https://graph.facebook.com',
      loginUrl: 'https://www.facebook.com',
      businessUrl: 'https://business.facebook.com',
      webhookVerifyToken: SECRETS.META_WEBHOOK_VERIFY_TOKEN,
    });
  });

  it('outside production keeps the demo: seeded accounts, sandboxes, a store that keeps selling, the sandbox endpoint', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.demoPassword).toBe('recompra-demo');
    expect(config.sandboxes).toBe(true);
    expect(config.demoStoreSales).toBe(true);
    expect(loadConfig({ DEMO_STORE_SALES: 'off' }).demoStoreSales).toBe(false);
    expect(config.shopifyEndpoint).toBe('http://127.0.0.1:4100/sandbox/shopify/{shop}/admin/api/{version}/graphql.json');
    // The server calls Meta's sandbox locally; browsers open its login dialog at the address they use.
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'http://localhost:4100' }).meta).toMatchObject({
      graphUrl: 'http://127.0.0.1:4100/sandbox/meta/graph',
      loginUrl: 'http://localhost:4100/sandbox/meta/www',
      businessUrl: 'http://localhost:4100/sandbox/meta/business',
    });
  });

  it('reads TRUST_PROXY as a hop count or addresses, and refuses "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24']);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY debe ser/);
  });
});

/** Runs the server as `npm start` does, with `env`; resolves when it listens or exits. */
async function startProcess(
  env: Record<string, string>,
): Promise<{ url: string | null; code: number | null; output: string; stop(): Promise<void> }> {
  const webDir = await mkdtemp(join(tmpdir(), 'recompra-web-'));
  await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
  const dataDir = await mkdtemp(join(tmpdir(), 'recompra-production-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string | null>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Recompra está en (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve(null));
  });
  return {
    url,
    code: url ? null : await exited,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('a production start', () => {
  it('refuses to start without its secrets, and says which', async () => {
    const server = await startProcess({ ENCRYPTION_KEY: SECRETS.ENCRYPTION_KEY });
    expect(server.code).toBe(1);
    expect(server.output).toContain('SHOPIFY_API_SECRET es obligatoria en producción');
    expect(server.output).toContain('SESSION_SECRET es obligatoria en producción');
    expect(server.output).not.toContain('ENCRYPTION_KEY es obligatoria');
  });

  it('with every secret, starts with no demo account and no sandbox', async () => {
    const server = await startProcess(SECRETS);
    try {
      expect(server.url).not.toBeNull();
      expect(server.output).not.toMatch(/Cuentas demo|admin@recompra\.cl|Tienda Shopify de prueba/);
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@recompra.cl', password: 'recompra-demo' }),
      });
      expect(login.status).toBe(401);
      const sandbox = await fetch(`${server.url}/sandbox/shopify/recompra-demo.myshopify.com/admin/api/2026-10/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_sandbox_demo' },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
      expect(sandbox.status).toBe(404);
      expect((await fetch(`${server.url}/sandbox/meta/graph/${META_API_VERSION}/me`)).status).toBe(404);
      // Nobody moves a production server's clock.
      expect((await fetch(`${server.url}/sandbox/clock/advance?seconds=60`, { method: 'POST' })).status).toBe(404);
      // The local outbox is gone: the address is just another page of the web app.
      expect(await (await fetch(`${server.url}/dev/mailbox`, { headers: { accept: 'text/html' } })).text()).not.toContain(
        'Correos enviados',
      );
    } finally {
      await server.stop();
    }
  });
});
