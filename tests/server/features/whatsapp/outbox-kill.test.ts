/*
 * A campaign to 10,000 consented customers reaches each exactly once though its server processes are killed
 * (SIGKILL, no chance to clean up) 20 times at random points of the send, and reaches nobody else: counted in
 * the Meta sandbox, not in our tables. On PGlite one process, started again after each kill; on PostgreSQL
 * (TEST_DATABASE_URL) two processes sharing the database, one of them killed each time while the other sends on.
 *
 * Half the kills come at a random moment (claiming, waiting for a send slot, calling Meta, writing down its
 * answer); the other half while Meta holds back its answer to a message it took, so that the row is in doubt:
 * Meta's statuses settle it as sent. A row whose message never reached Meta is sent again once its
 * reconciliation time (here a minute instead of ten) has passed without a status. A shorter one was shorter than a
 * busy machine can take to bring a killed process's statuses back (Meta's redeliveries, a restart, the statuses'
 * turn in the jobs): its rows in doubt went back to pending though Meta had taken them, and were sent twice.
 *
 * `npm test` runs it on PostgreSQL, where the processes' restarts overlap the send. On PGlite each of the 20 kills
 * waits for the one process to start again (about 4 minutes in all, 11 on a machine running the suite beside it),
 * so it runs there on demand: `npm run test:kill`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../src/server/integrations/random.ts';
import { fleetPhone, type SendFleet, startSendFleet } from '../../support/send-fleet.ts';

const AUDIENCE = { consented: 10_000, withoutConsent: 300, optedOut: 200 };
const KILLS = 20;
const serverUrl = process.env.TEST_DATABASE_URL;

let fleet: SendFleet;
let campaignId = 0;

describe.skipIf(!serverUrl && !process.env.KILL_TEST)('a send to 10,000 with its servers killed', () => {
  beforeAll(async () => {
    fleet = await startSendFleet({
      processes: serverUrl ? 2 : 1,
      ...(serverUrl ? { serverUrl } : {}),
      audience: AUDIENCE,
      throughput: 1000,
      reconcileAfterMs: 60_000,
      sweepEveryMs: 1000,
    });
  });
  afterAll(() => fleet?.close());

  /**
   * Waits for `condition`; fails only when the send stood still for `stillMs` (no message reached the sandbox), so a
   * machine running other checks beside it slows the test down but cannot fail it.
   */
  async function until(condition: () => boolean | Promise<boolean>, what: string, stillMs = 120_000): Promise<void> {
    let sent = fleet.sentMessages().length;
    let deadline = Date.now() + stillMs;
    while (!(await condition())) {
      if (fleet.sentMessages().length !== sent) {
        sent = fleet.sentMessages().length;
        deadline = Date.now() + stillMs;
      }
      if (Date.now() > deadline) {
        const state = fleet.live().length > 0 ? await fleet.probe(campaignId).catch(String) : 'no process running';
        throw new Error(`timed out waiting for ${what}; the send stands at ${JSON.stringify(state)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it(`sends each of ${AUDIENCE.consented} consented customers exactly one message though its servers die ${KILLS} times`, async () => {
    const random = mulberry32(2026);
    const { faults } = fleet.meta.sandbox.store.messaging;
    campaignId = await fleet.sendCampaign();
    // Kill points spread over the send, at least 200 messages apart.
    const points = Array.from({ length: KILLS }, (_, kill) => Math.floor(((kill + random()) * AUDIENCE.consented * 0.9) / KILLS));
    const restarts: Promise<void>[] = [];
    for (const [kill, point] of points.entries()) {
      await until(() => fleet.sentMessages().length >= point, `message ${point}`);
      // With two processes one may still be starting; with one, it is killed and started again each time.
      await until(() => fleet.live().length > 0, 'a process to kill');
      const live = fleet.live();
      const victim = live[Math.floor(random() * live.length)]!;
      if (kill % 2 === 1) {
        // Meta takes the next message and holds its answer: the process dies waiting for it.
        fleet.meta.sandbox.whatsapp.failNextSends(1, 'timeout', { delayMs: 3000, accepted: true });
        await until(() => faults.length === 0, 'the held answer');
      }
      await fleet.kill(victim);
      const restart = fleet.restart(victim);
      restarts.push(restart);
      if (fleet.size === 1) await restart;
    }
    await Promise.all(restarts);

    await until(
      async () => {
        const { status, outbox } = await fleet.probe(campaignId);
        return status === 'sent' && !outbox.pending && !outbox.sending;
      },
      'the campaign to be sent',
      // Its last rows in doubt wait out their reconciliation (up to three minutes) behind a loaded machine's statuses.
      600_000,
    );
    const perPhone = new Map<string, number>();
    for (const message of fleet.sentMessages()) perPhone.set(message.to, (perPhone.get(message.to) ?? 0) + 1);
    const consented = Array.from({ length: AUDIENCE.consented }, (_, index) => fleetPhone(index));
    expect(consented.filter((phone) => perPhone.get(phone) !== 1)).toEqual([]);
    expect(perPhone.size).toBe(AUDIENCE.consented);
    expect(fleet.sentMessages()).toHaveLength(AUDIENCE.consented);
    const probe = await fleet.probe(campaignId);
    expect(probe.failedJobs).toEqual([]);
    expect((probe.outbox.sent ?? 0) + (probe.outbox.delivered ?? 0) + (probe.outbox.read ?? 0)).toBe(AUDIENCE.consented);
  });
});
