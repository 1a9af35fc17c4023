import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagePort } from '../../../../src/server/features/whatsapp/campaign-message.ts';
import { metaMessagePort } from '../../../../src/server/features/whatsapp/campaign-meta-port.ts';
import { sendCampaign, startCampaign, sweepOutbox } from '../../../../src/server/features/whatsapp/campaign-sender.ts';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { mulberry32 } from '../../../../src/server/integrations/random.ts';
import { metaAccess } from '../../../../src/server/platform/connections/meta-connection.ts';
import { type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { startServerWithMeta } from '../../support/meta-harness.ts';
import {
  approvedTemplate,
  connectWhatsapp,
  receiveWhatsappWebhooks,
  uniqueCampaignNow,
  WHATSAPP_PHONE_NUMBER,
  whatsappSegment,
} from '../../support/whatsapp-harness.ts';

/*
 * The outbox never sends twice and never skips anyone, however the sender dies. The sender is stopped dead at
 * random points of a campaign's send: before its call to Meta, or after Meta took a message and before the answer
 * was written down (the row is then in doubt). What Meta took comes back in its statuses with the row's callback;
 * what it never took is sent again by the sweep. Counted in the Meta sandbox, not in our tables.
 */

const PHONE_NUMBER = WHATSAPP_PHONE_NUMBER;
const RECIPIENTS = 400;
const CRASHES = 20;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let templateId: number;
let segmentId: number;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, cookies: owner.cookies, headers: owner.headers, ...(payload === undefined ? {} : { payload }) });

class Crash extends Error {}

/**
 * The real port in one life of a process that dies at random: from the moment it dies, no call of that life
 * reaches Meta (not even one still waiting for its send slot), as none would from a killed process. Each
 * restart is a new life.
 */
function dyingPort(port: MessagePort, random: () => number) {
  const inFlight = new Set<Promise<unknown>>();
  const life = (): MessagePort => {
    let dead = false;
    return {
      throughput: port.throughput,
      async send(campaign, phoneNumberId, message) {
        if (dead || random() < 0.05) {
          dead = true;
          throw new Crash('murió antes de llamar a Meta');
        }
        const sending = port.send(campaign, phoneNumberId, message);
        inFlight.add(sending);
        const outcome = await sending.finally(() => inFlight.delete(sending));
        if (dead || random() < 0.05) {
          dead = true;
          throw new Crash('murió con el mensaje ya en Meta');
        }
        return outcome;
      },
    };
  };
  return {
    life,
    /** The calls that were under way when it died reach Meta or not, as they would have. */
    settled: () => Promise.allSettled([...inFlight]),
  };
}

beforeAll(async () => {
  const context = await startServerWithMeta({ whatsappWebhooks: { duplicateEvery: 0, lateEvery: 0 } });
  ({ meta, server } = context);
  await receiveWhatsappWebhooks(context);
  meta.sandbox.whatsapp.setMessageHabits({ awkward: true, deliveredAfterMs: 0, readAfterMs: 0 });
  meta.sandbox.whatsapp.setThroughput(PHONE_NUMBER, 1000);
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  await server.db.query('delete from jobs');
  await connectWhatsapp(context, owner, store);
  await server.db.query(`update whatsapp_connections set messaging_limit = 'TIER_UNLIMITED' where store_id = $1`, [store]);
  templateId = await approvedTemplate(context, owner, store, { name: 'aviso_unico' });
  segmentId = await whatsappSegment(
    server,
    store,
    'Todas',
    Array.from({ length: RECIPIENTS }, (_, index) => ({
      id: 6_000_000 + index,
      firstName: `Clienta${index}`,
      phone: `+5696${String(index).padStart(7, '0')}`,
      sms: true,
    })),
  );
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

it(`sends each of ${RECIPIENTS} recipients exactly one message though the sender dies ${CRASHES} times`, async () => {
  const created = await call(
    'POST',
    `/api/private/stores/${store}/whatsappCampaigns`,
    uniqueCampaignNow('Aviso a todas', templateId, segmentId),
  );
  expect(created.statusCode).toBe(201);
  const campaignId = created.json().id as number;
  // The app's own send jobs stay out of it: this test drives the sender itself.
  await server.db.query('delete from jobs');
  await startCampaign(server.db, store, campaignId);
  await server.db.query(`delete from jobs where queue = 'whatsapp-campaign-send'`);

  const random = mulberry32(42);
  const sender = dyingPort(metaMessagePort(server.db, metaAccess(server.config, server.secrets)), random);
  let crashes = 0;
  for (let round = 0; round < 200; round++) {
    try {
      await sendCampaign(server.db, sender.life(), store, campaignId, server.app.events);
    } catch (error) {
      if (!(error instanceof Crash)) throw error;
      crashes += 1;
    }
    // Every status Meta has for what it took (each with its row's callback), then the sweep for what it never took:
    // in the app the sweep waits `reconcileAfterMs` (minutes) for them.
    await sender.settled();
    while ((await meta.sandbox.whatsapp.deliverWebhooks()).length > 0) while ((await server.app.jobs.drain()) > 0) {}
    await sweepOutbox(server.db, { ...server.config.whatsappSending, reconcileAfterMs: 0 }, 0);
    await server.db.query(`delete from jobs where queue = 'whatsapp-campaign-send'`);
    const [left] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from whatsapp_outbox where campaign_id = $1 and status in ('pending', 'sending')`,
      [campaignId],
    );
    if (left!.n === 0 && crashes >= CRASHES) break;
  }
  expect(crashes).toBeGreaterThanOrEqual(CRASHES);

  const perPhone = new Map<string, number>();
  for (const message of meta.sandbox.whatsapp.sentMessages({ phoneNumberId: PHONE_NUMBER }))
    perPhone.set(message.to, (perPhone.get(message.to) ?? 0) + 1);
  expect(perPhone.size).toBe(RECIPIENTS);
  expect([...perPhone.values()].every((count) => count === 1)).toBe(true);
  const campaign = (await call('GET', `/api/private/stores/${store}/whatsappCampaigns/${campaignId}`)).json();
  expect(campaign).toMatchObject({ status: 'sent', metrics: { recipients: RECIPIENTS, messagesSent: RECIPIENTS } });

  // Each message Meta took was told to the store once it was settled, the ones in doubt included: the chat keeps them all.
  while ((await server.app.jobs.drain()) > 0) {}
  const told = await server.db.query<{ wamid: string }>('select wamid from chat_campaign_sends where store_id = $1 and campaign_id = $2', [
    store,
    campaignId,
  ]);
  const taken = meta.sandbox.whatsapp.sentMessages({ phoneNumberId: PHONE_NUMBER }).map((message) => message.id);
  expect(told.map((row) => row.wamid).sort()).toEqual([...taken].sort());
});
