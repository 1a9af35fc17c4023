import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagePort } from '../../../../src/server/features/whatsapp/campaign-message.ts';
import { sendCampaign, startCampaign, sweepOutbox } from '../../../../src/server/features/whatsapp/campaign-sender.ts';
import type { StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { startServerWithMeta } from '../../support/meta-harness.ts';
import { approvedTemplate, connectWhatsapp, uniqueCampaignNow, whatsappSegment } from '../../support/whatsapp-harness.ts';

/*
 * A row claimed without Meta's answer is in doubt; it goes back to be sent again only once Meta could have told us
 * about it for the whole reconciliation time: counted from the claim and from the sweeping process's start, never
 * while statuses already received wait to be applied, and only once a later message's status was heard long enough ago.
 */

const RECONCILE_MS = 60_000;
let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let campaignId: number;

/** Meta took nothing, and the call's answer was lost. */
const silentPort: MessagePort = { throughput: async () => 80, send: async () => ({ kind: 'inDoubt' }) };
const rowStatus = async () =>
  (await server.db.query<{ status: string }>(`select status from whatsapp_outbox where campaign_id = $1`, [campaignId]))[0]!.status;
const sweep = (upForMs: number) =>
  sweepOutbox(server.db, { ...server.config.whatsappSending, reconcileAfterMs: RECONCILE_MS }, Date.now() - upForMs);

beforeAll(async () => {
  const context = await startServerWithMeta();
  ({ meta, server } = context);
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  await server.db.query('delete from jobs');
  await connectWhatsapp(context, owner, store);
  const templateId = await approvedTemplate(context, owner, store, { name: 'aviso_en_duda' });
  const segmentId = await whatsappSegment(server, store, 'Una', [{ id: 6_100_000, firstName: 'Ana', phone: '+56961000000', sms: true }]);
  const created = await server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${store}/whatsappCampaigns`,
    cookies: owner.cookies,
    headers: owner.headers,
    payload: uniqueCampaignNow('En duda', templateId, segmentId),
  });
  campaignId = created.json().id;
  await server.db.query('delete from jobs');
  await startCampaign(server.db, store, campaignId);
  await sendCampaign(server.db, silentPort, store, campaignId, server.app.events);
  await server.db.query(`delete from jobs where queue = 'whatsapp-campaign-send'`);
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

it('waits the reconciliation time from the claim and from the process start, then sends the row again', async () => {
  expect(await rowStatus()).toBe('sending');
  // Claimed just now: in doubt still, however long the process has been up.
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('sending');
  await server.db.query(`update whatsapp_outbox set claimed_at = now() - interval '2 minutes' where campaign_id = $1`, [campaignId]);
  // Claimed long ago, but by a process that died: this one started a moment ago and Meta may still deliver its statuses.
  await sweep(1000);
  expect(await rowStatus()).toBe('sending');
  // A status received and not applied yet (for whichever message): its row may be this one.
  await server.app.events.record(server.db, store, [{ kind: 'whatsapp_message_statuses', detail: { phoneNumberId: 'x', statuses: [] } }]);
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('sending');
  // Applied; but no status has come yet for a message sent after it: Meta's statuses may be running late.
  while ((await server.app.jobs.drain()) > 0) {}
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('sending');
  // A later message's status came just now: the row's own may be in a delivery Meta made beside it, still under way.
  const [row] = await server.db.query<{ id: string }>(`select id::text from whatsapp_outbox where campaign_id = $1`, [campaignId]);
  await server.db.query(
    `insert into whatsapp_outbox (store_id, campaign_id, customer_external_id, trigger_key, phone, params, due_at, status, claimed_at, sent_at, delivered_at)
     values ($1, $2, 6100001, '', '+56961000001', '{}', now(), 'delivered', now(), now(), now())`,
    [store, campaignId],
  );
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('sending');
  // Heard half the reconciliation time ago, and still nothing for the row: Meta never took it.
  await server.db.query(`update whatsapp_outbox set updated_at = now() - interval '31 seconds' where campaign_id = $1 and id <> $2`, [
    campaignId,
    row!.id,
  ]);
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('pending');
  // Without any later status, three times the reconciliation time is enough.
  await server.db.query(`delete from whatsapp_outbox where campaign_id = $1 and id <> $2`, [campaignId, row!.id]);
  await server.db.query(
    `update whatsapp_outbox set status = 'sending', callback = 'rc:prueba', claimed_at = now() - interval '2 minutes' where id = $1`,
    [row!.id],
  );
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('sending');
  await server.db.query(`update whatsapp_outbox set claimed_at = now() - interval '4 minutes' where id = $1`, [row!.id]);
  await sweep(10 * RECONCILE_MS);
  expect(await rowStatus()).toBe('pending');
});

it('forgets the customers’ messages it counted once Meta can no longer deliver them again', async () => {
  await server.db.query(
    `insert into whatsapp_campaign_interactions (store_id, key, seen_at) values ($1, 'in:viejo', now() - interval '9 days'), ($1, 'in:nuevo', now() - interval '6 days')`,
    [store],
  );
  await sweep(0);
  expect(await server.db.query(`select key from whatsapp_campaign_interactions where store_id = $1 order by key`, [store])).toEqual([
    { key: 'in:nuevo' },
  ]);
});
