/**
 * WhatsApp sending benchmark: how fast a campaign leaves through the outbox, against a bare loop of client calls.
 *
 *   npm run bench:send [-- --recipients 10000 --databases pglite,postgres]
 *
 * Each run sends a unique campaign to `recipients` consented customers through the Meta sandbox, from real server
 * processes (tests/server/support/send-fleet.ts), and times it from the first message Meta took to the last:
 * - one process at a number's default 80 messages a second, on PGlite and on PostgreSQL (a scratch database);
 * - the bare loop: the same WhatsApp client sending the same template to as many numbers, one call every 1/80 s,
 *   nothing written anywhere. The outbox's overhead is how much longer it took than that loop;
 * - two processes sharing PostgreSQL against a number Meta raised to 1,000 a second: the rate they sustain.
 *
 * Targets: the outbox under 10 % slower than the bare loop at 80/s on each database. Exits 1 when missed.
 */
import { parseArgs } from 'node:util';
import { createMetaClient } from '../src/server/integrations/meta/client.ts';
import { SANDBOX_META_APP, SANDBOX_META_USERS } from '../src/server/integrations/meta/sandbox/index.ts';
import { FLEET_PHONE_NUMBER, fleetPhone, type SendFleet, startSendFleet } from '../tests/server/support/send-fleet.ts';

const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});
const RECIPIENTS = Number(values.recipients);
const STANDARD = 80;
const HIGH = 1000;
const MAX_OVERHEAD = 0.1;
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const kinds = values.databases.split(',');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Waits until the sandbox has taken `count` messages; the time from the first to the last, in ms. */
async function timeSend(count: () => number, total: number): Promise<number> {
  let first = 0;
  const deadline = Date.now() + (total / STANDARD) * 3000 + 120_000;
  for (;;) {
    const taken = count();
    if (taken > 0 && first === 0) first = performance.now();
    if (taken >= total) return performance.now() - first;
    if (Date.now() > deadline) throw new Error(`only ${taken} of ${total} messages left in time`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A campaign to the fleet's recipients; the time it took, first message to last. */
async function campaignTime(fleet: SendFleet): Promise<number> {
  const before = fleet.sentMessages().length;
  await fleet.sendCampaign();
  return timeSend(() => fleet.sentMessages().length - before, RECIPIENTS);
}

/** The bare loop: the client's calls for as many messages, one every 1/`perSecond` s, through the fleet's sandbox. */
async function bareLoopTime(fleet: SendFleet, perSecond: number): Promise<number> {
  const client = createMetaClient({
    appId: SANDBOX_META_APP.appId,
    appSecret: SANDBOX_META_APP.appSecret,
    graphUrl: fleet.meta.url,
  }).forUser(fleet.meta.sandbox.issueToken(SANDBOX_META_USERS[0].id, { longLived: true }));
  // The number's last second of the campaign is over before the loop starts: Meta counts every message of the second.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const started = performance.now();
  const calls: Promise<unknown>[] = [];
  for (let index = 0; index < RECIPIENTS; index++) {
    const wait = started + (index * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const send = () =>
      client.whatsapp.sendTemplate(FLEET_PHONE_NUMBER, {
        // Numbers of their own: the pair limit would hold back a second message to the campaign's.
        to: fleetPhone(5_000_000 + index),
        template: { name: 'aviso_flota', language: 'es', category: 'MARKETING' },
        body: { client_first_name: `Clienta ${index}` },
        callbackData: `bare:${index}`,
      });
    // A call Meta found too fast (130429, timers firing late and then together) is made again a second later, as a
    // sender would, until it goes (ten tries).
    const sendUntilTaken = async (): Promise<unknown> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (error) {
          if (attempt === 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    };
    calls.push(sendUntilTaken());
  }
  await Promise.all(calls);
  return performance.now() - started;
}

const audience = { consented: RECIPIENTS, withoutConsent: 0, optedOut: 0 };
const fleetOptions = { audience, reconcileAfterMs: 600_000, sweepEveryMs: 30_000 };
let failed = false;
let bare: number | null = null;

for (const kind of kinds) {
  const fleet = await startSendFleet({
    ...fleetOptions,
    processes: 1,
    throughput: STANDARD,
    ...(kind === 'postgres' ? { serverUrl } : {}),
  });
  try {
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const outbox = await campaignTime(fleet);
    console.log(`${label}, one process, ${STANDARD}/s: the outbox sent ${RECIPIENTS} messages in ${seconds(outbox)}`);
    bare ??= await bareLoopTime(fleet, STANDARD);
    const overhead = outbox / bare - 1;
    const ok = overhead < MAX_OVERHEAD;
    failed ||= !ok;
    console.log(
      `${label}, one process, ${STANDARD}/s: ${RECIPIENTS} messages in ${seconds(outbox)} (${((RECIPIENTS * 1000) / outbox).toFixed(1)}/s); ` +
        `bare loop ${seconds(bare)} (${((RECIPIENTS * 1000) / bare).toFixed(1)}/s); outbox overhead ${(overhead * 100).toFixed(1)} % ` +
        `${ok ? '✔' : `✘ (target: under ${MAX_OVERHEAD * 100} %)`}`,
    );
  } finally {
    await fleet.close();
  }
}

if (kinds.includes('postgres')) {
  const fleet = await startSendFleet({ ...fleetOptions, processes: 2, throughput: HIGH, serverUrl });
  try {
    const outbox = await campaignTime(fleet);
    console.log(
      `PostgreSQL, two processes, number raised to ${HIGH}/s: ${RECIPIENTS} messages in ${seconds(outbox)} ` +
        `(${((RECIPIENTS * 1000) / outbox).toFixed(0)}/s sustained)`,
    );
  } finally {
    await fleet.close();
  }
}
process.exit(failed ? 1 : 0);
