import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WHATSAPP_WEBHOOK_PATH } from '../../../src/server/features/integrations/index.ts';
import {
  SANDBOX_META_IDS,
  SANDBOX_META_USERS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../src/server/integrations/meta/sandbox/index.ts';
import { bundledModule } from '../../bundled-module.ts';
import { databaseUrlOf, onServer } from '../../scratch-database.ts';

/*
 * A WhatsApp campaign sent by real server processes (the app as `npm start` runs it, its worker on) against the Meta
 * sandbox in this process: the kill test (tests/server/features/whatsapp/outbox-kill.test.ts) and `npm run bench:send`.
 * One process on PGlite (the embedded database belongs to one process), any number on a scratch PostgreSQL
 * database. Meta's webhooks go to a live process, a round every 50 ms; what a process misses while it is down
 * Meta delivers again.
 */

const ROOT = new URL('../../../', import.meta.url).pathname;
const PASSWORD = 'envios-2026';
export const FLEET_PHONE_NUMBER = SANDBOX_META_IDS.phoneNumbers.principal;

/** The recipients of a fleet's campaign: consented, without consent, and who opted out after consenting. */
export interface FleetAudience {
  consented: number;
  withoutConsent: number;
  optedOut: number;
}

/** A recipient's phone, E.164 without the plus, as Meta names the recipient (`to`, `recipient_id`). */
export const fleetPhone = (index: number) => `5697${String(index).padStart(7, '0')}`;

const SERVER = `
import { buildApp, FEATURES } from '${ROOT}src/server/app.ts';
import { seedDemoStore } from '${ROOT}src/server/demo-store.ts';
import { loadConfig } from '${ROOT}src/server/platform/config.ts';
import { openDatabase } from '${ROOT}src/server/platform/database/db.ts';
import { migrate } from '${ROOT}src/server/platform/database/migrations.ts';
import { enqueue } from '${ROOT}src/server/platform/jobs/jobs.ts';
import { createMailer } from '${ROOT}src/server/platform/mail/mail.ts';
import { loadSecretBox } from '${ROOT}src/server/platform/security/secrets.ts';
import { TEMPLATE_SYNC_QUEUE } from '${ROOT}src/server/features/whatsapp/template-status.ts';
const env = process.env;
const base = loadConfig({ NODE_ENV: 'test', META_GRAPH_URL: env.META_GRAPH_URL, META_LOGIN_URL: env.META_LOGIN_URL, META_BUSINESS_URL: env.META_BUSINESS_URL });
const config = {
  ...base, webDir: env.WEB_DIR, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined, sandboxes: false, validateResponses: false,
  whatsappSending: { reconcileAfterMs: Number(env.RECONCILE_MS), sweepEveryMs: Number(env.SWEEP_MS) },
};
const db = await openDatabase(config);
if (env.SEED) await migrate(db);
const secrets = await loadSecretBox(db, undefined, false);
if (env.SEED) {
  await seedDemoStore(db, '${PASSWORD}', secrets);
  // The demo store's import would call a Shopify that is not running here.
  await db.query('delete from jobs');
}
const app = await buildApp({ config, db, secrets, mailer: createMailer(undefined, () => undefined) });

/** The demo owner's calls to the app, as the browser makes them. */
let owner;
async function call(method, url, payload) {
  if (!owner) {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@recompra.cl', password: '${PASSWORD}' } });
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    owner = { cookies, headers: { 'x-csrf-token': cookies.recompra_csrf }, store: login.json().store };
  }
  const response = await app.inject({ method, url: url.replace('{store}', owner.store), cookies: owner.cookies, headers: owner.headers, payload });
  if (response.statusCode >= 300) throw new Error(method + ' ' + url + ': ' + response.statusCode + ' ' + response.body);
  return response.json();
}

// The store connected to WhatsApp as Integrations does it, and a marketing template sent to Meta's review.
app.post('/fleet/connect', async (request) => {
  await call('POST', '/api/private/stores/{store}/metaSettings/accessToken', { accessToken: request.body.accessToken });
  await call('PATCH', '/api/private/stores/{store}/metaSettings', request.body.metaSelection);
  await call('PATCH', '/api/private/stores/{store}/whatsappSettings', { whatsappId: request.body.whatsappId, whatsappPhoneNumberId: request.body.phoneNumberId });
  await db.query("update whatsapp_connections set messaging_limit = 'TIER_UNLIMITED' where store_id = $1", [owner.store]);
  const template = await call('POST', '/api/private/stores/{store}/whatsappTemplates', {
    name: 'aviso_flota', category: 'MARKETING', header: { format: 'NONE', text: null, mediaId: null },
    body: 'Hola {{client_first_name}}, esta semana tenemos ofertas en toda la tienda para ti.', footer: null,
    variables: [{ name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' }], buttons: [],
  });
  return { store: owner.store, templateId: template.id };
});

// Meta's review is over (the sandbox's clock moved on): the template is read again, approved.
app.post('/fleet/approved', async () => {
  await enqueue(db, TEMPLATE_SYNC_QUEUE, { storeId: owner.store });
  for (;;) {
    const [row] = await db.query("select status from whatsapp_templates where store_id = $1", [owner.store]);
    if (row && row.status === 'APPROVED') return { ok: true };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

// The campaign's segment, its customers written as the import writes them (phones as \`fleetPhone\` makes them): first
// those who consented at checkout, then some who never did, then some who did and opted out since.
app.post('/fleet/segment', async (request) => {
  const { consented, withoutConsent, optedOut } = request.body;
  const all = consented + withoutConsent + optedOut;
  const phone = "'+5697' || lpad(i::text, 7, '0')";
  await db.query(
    \`insert into customers (store_id, external_id, first_name, phone, sms_consent)
     select $1, 7000000 + i, 'Clienta ' || i, \${phone}, i < $2 or i >= $2 + $3 from generate_series(0, $4 - 1) as i\`,
    [owner.store, consented, withoutConsent, all],
  );
  await db.query(
    \`insert into whatsapp_opt_outs (store_id, phone, opted_out, source, at)
     select $1, \${phone}, true, 'reply', now() from generate_series($2::integer, $3 - 1) as i\`,
    [owner.store, consented + withoutConsent, all],
  );
  const [segment] = await db.query("insert into segments (store_id, name, form, rules, status) values ($1, 'Flota', 'simple', '{}'::jsonb, 'ready') returning id::float8 as id", [owner.store]);
  await db.query('insert into segment_members (segment_id, store_id, customer_external_id) select $1, $2, 7000000 + i from generate_series(0, $3 - 1) as i', [segment.id, owner.store, all]);
  return { segmentId: segment.id };
});

app.post('/fleet/campaign', (request) => call('POST', '/api/private/stores/{store}/whatsappCampaigns', request.body));

// Where the send stands, read from this process's tables.
app.get('/fleet/probe', async (request) => {
  const campaign = Number(request.query.campaign);
  const outbox = await db.query('select status, count(*)::integer as count from whatsapp_outbox where campaign_id = $1 group by status', [campaign]);
  const [row] = await db.query('select status from whatsapp_campaigns where id = $1', [campaign]);
  const failedJobs = await db.query("select queue, last_error from jobs where status = 'failed'");
  const waiting = await db.query("select queue, status, run_at, attempts, locked_by, last_error from jobs where status in ('pending', 'running') order by run_at");
  const [due] = await db.query("select min(due_at) as due from whatsapp_outbox where campaign_id = $1 and status = 'pending'", [campaign]);
  return { status: row ? row.status : null, outbox: Object.fromEntries(outbox.map((each) => [each.status, each.count])), failedJobs, waiting, nextDue: due.due };
});

await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
for (const feature of FEATURES) await feature.schedule?.(db, config);
app.jobs.start();
console.log('LISTO http://127.0.0.1:' + env.PORT);
process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });
`;

export interface FleetProbe {
  status: string | null;
  outbox: Partial<Record<'pending' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'cancelled', number>>;
  failedJobs: { queue: string; last_error: string }[];
  /** The jobs waiting or running, the soonest first, and the campaign's next due row: what a stalled send waits for. */
  waiting: { queue: string; status: string; run_at: string; attempts: number; locked_by: string | null }[];
  nextDue: string | null;
}

interface Slot {
  port: number;
  child: ChildProcess | null;
  /** Listening: Meta's webhooks reach it. */
  ready: boolean;
  log: string;
}

export interface SendFleet {
  meta: StartedMetaSandbox;
  /** How many server processes run the app. */
  size: number;
  storeId: number;
  /** Creates the campaign to the fleet's segment, sent now; its id. */
  sendCampaign(): Promise<number>;
  probe(campaignId: number): Promise<FleetProbe>;
  /** Kills process `index` with SIGKILL (no chance to clean up); resolves once it is gone. */
  kill(index: number): Promise<void>;
  /** Starts process `index` again, on its port; resolves once it listens. */
  restart(index: number): Promise<void>;
  /** The processes running now (started or starting), by index. */
  live(): number[];
  /** Every message the sandbox accepted from the fleet's number. */
  sentMessages(): ReturnType<StartedMetaSandbox['sandbox']['whatsapp']['sentMessages']>;
  close(): Promise<void>;
}

export interface FleetOptions {
  /** Server processes: one on PGlite, any number on PostgreSQL. */
  processes: number;
  /** PostgreSQL server whose scratch database the fleet uses; PGlite in a folder of its own without it. */
  serverUrl?: string;
  audience: FleetAudience;
  /** The number's messages per second in the sandbox (80, Meta's default; 1,000 once raised). */
  throughput: number;
  reconcileAfterMs: number;
  sweepEveryMs: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export async function startSendFleet(options: FleetOptions): Promise<SendFleet> {
  if (!options.serverUrl && options.processes !== 1) throw new Error('PGlite belongs to one process: a fleet of one.');
  const meta = await startMetaSandbox({ whatsappWebhooks: { duplicateEvery: 5, lateEvery: 7 } });
  const webDir = await mkdtemp(join(tmpdir(), 'recompra-fleet-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Recompra</title>');
  let dataDir = '';
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (options.serverUrl) {
    const serverUrl = options.serverUrl;
    const name = `recompra_fleet_${process.pid}_${Date.now()}`;
    await onServer(serverUrl, `create database ${name}`);
    databaseUrl = databaseUrlOf(serverUrl, name);
    dropDatabase = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  } else dataDir = await mkdtemp(join(tmpdir(), 'recompra-fleet-'));

  const slots: Slot[] = [];
  for (let index = 0; index < options.processes; index++) slots.push({ port: await freePort(), child: null, ready: false, log: '' });
  const environment = {
    WEB_DIR: webDir,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    META_GRAPH_URL: meta.url,
    META_LOGIN_URL: meta.loginUrl,
    META_BUSINESS_URL: meta.businessUrl,
    RECONCILE_MS: String(options.reconcileAfterMs),
    SWEEP_MS: String(options.sweepEveryMs),
  };

  const bundle = await bundledModule(SERVER);
  const start = (index: number, seed = false) =>
    new Promise<void>((resolve, reject) => {
      const slot = slots[index]!;
      const child = spawn(process.execPath, [bundle], {
        cwd: ROOT,
        env: { ...process.env, ...environment, PORT: String(slot.port), SEED: seed ? '1' : '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      slot.child = child;
      slot.ready = false;
      slot.log = '';
      const onData = (chunk: Buffer) => {
        slot.log += chunk.toString();
        if (!slot.ready && slot.log.includes('LISTO ')) {
          slot.ready = true;
          aim();
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        if (slot.child === child) {
          slot.child = null;
          slot.ready = false;
        }
        // Killed while starting, on purpose: it is gone, as asked.
        if (signal === 'SIGKILL') resolve();
        else reject(new Error(`process ${index} ended (${code ?? signal}) before listening:\n${slot.log}`));
      });
    });
  const url = (index: number) => `http://127.0.0.1:${slots[index]!.port}`;
  const post = async <T>(path: string, body: object = {}, index = 0): Promise<T> => {
    const response = await fetch(`${url(index)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}\n${slots[index]!.log.slice(-4000)}`);
    return (await response.json()) as T;
  };

  // Meta's webhooks, to a process that listens, as a load balancer would send them: one round every 50 ms while the
  // fleet runs. With none listening they go to one starting, and fail until it listens (Meta tries them again).
  const whatsapp = meta.sandbox.whatsapp;
  let pumping = true;
  function aim() {
    const ready = slots.findIndex((slot) => slot.ready);
    const live = ready >= 0 ? ready : slots.findIndex((slot) => slot.child !== null);
    whatsapp.setCallbackUrl(live < 0 ? null : `${url(live)}${WHATSAPP_WEBHOOK_PATH}`);
  }
  const pump = (async () => {
    while (pumping) {
      aim();
      await whatsapp.deliverWebhooks();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  await start(0, true);
  for (let index = 1; index < slots.length; index++) await start(index);
  const camila = SANDBOX_META_USERS[0];
  const { store, templateId } = await post<{ store: number; templateId: number }>('/fleet/connect', {
    accessToken: meta.sandbox.issueToken(camila.id),
    // Camila's business and its assets, as the social ads form saves them.
    metaSelection: {
      businessId: SANDBOX_META_IDS.businesses.tiendaDemo,
      adAccountId: SANDBOX_META_IDS.adAccounts.principal,
      pageId: SANDBOX_META_IDS.pages.tiendaDemo,
      instagramAccountId: SANDBOX_META_IDS.instagramAccounts.tiendademo,
      pixelId: SANDBOX_META_IDS.pixels.tiendaDemo,
    },
    whatsappId: SANDBOX_META_IDS.whatsappAccounts.tiendaDemo,
    phoneNumberId: FLEET_PHONE_NUMBER,
  });
  whatsapp.advance(11_000);
  await post('/fleet/approved');
  whatsapp.setThroughput(FLEET_PHONE_NUMBER, options.throughput);
  const { segmentId } = await post<{ segmentId: number }>('/fleet/segment', options.audience);

  return {
    meta,
    size: slots.length,
    storeId: store,
    async sendCampaign() {
      const now = new Date();
      const timeZone = 'America/Santiago';
      const campaign = await post<{ id: number }>('/fleet/campaign', {
        name: 'Aviso a la flota',
        kind: 'unique',
        templateId,
        segmentId,
        sendDate: now.toLocaleDateString('sv-SE', { timeZone }),
        sendTime: now.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }),
        event: null,
        delay: null,
        window: null,
        variables: [],
        headerMediaId: null,
      });
      return campaign.id;
    },
    async probe(campaignId) {
      const ready = slots.findIndex((slot) => slot.ready);
      const live = ready >= 0 ? ready : slots.findIndex((slot) => slot.child !== null);
      return (await (await fetch(`${url(live)}/fleet/probe?campaign=${campaignId}`)).json()) as FleetProbe;
    },
    async kill(index) {
      const child = slots[index]!.child;
      if (!child) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      aim();
    },
    restart: (index) => start(index),
    live: () => slots.flatMap((slot, index) => (slot.child ? [index] : [])),
    sentMessages: () => whatsapp.sentMessages({ phoneNumberId: FLEET_PHONE_NUMBER }),
    async close() {
      pumping = false;
      await pump;
      for (const slot of slots) slot.child?.kill('SIGKILL');
      await meta.close();
      await dropDatabase();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await rm(webDir, { recursive: true, force: true });
    },
  };
}
