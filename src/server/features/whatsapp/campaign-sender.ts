import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { templateMessageText, variableValues } from '../../../shared/whatsapp-campaigns.ts';
import { buttonSuffixes } from '../../../shared/whatsapp-templates.ts';
import type { Config } from '../../platform/config.ts';
import { whatsappConnectionOf } from '../../platform/connections/whatsapp-connection.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { enqueue, type JobContext, type JobWorker } from '../../platform/jobs/jobs.ts';
import { type WhatsappRecipient, whatsappReachable, whatsappRecipients } from '../../platform/store-data/audiences.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { eventsWaitingFor, type StoreEvents } from '../../platform/store-data/store-events.ts';
import { recordWhatsappPreference } from '../../platform/store-data/whatsapp-preferences.ts';
import { messagingAllowance, productsOf } from './campaign-audience.ts';
import type { MessagePort, SendOutcome } from './campaign-message.ts';
import { type CampaignRow, campaignRow, type WhatsappCampaignContent } from './campaign-repository.ts';

/*
 * The outbox: how a campaign reaches each recipient exactly once (ARCHITECTURE.md "How data flows", 6).
 *
 * A unique campaign's start takes its recipients into the outbox in one transaction (one row per customer, unique
 * by campaign, customer and trigger), and an automated campaign adds a row per triggering event. Send jobs, in any
 * number of server processes, claim due rows in batches (FOR UPDATE SKIP LOCKED), each claim committed with its own
 * callback before the call to Meta, which echoes it in the message's statuses (`biz_opaque_callback_data`). Meta's
 * answer records the message id, with the `whatsapp_message_sent` store event of what each customer got; a row claimed without one (the process died during the call, or the call's
 * answer was lost) is in doubt: Meta's first status for it carries its callback and settles it as sent, and when no
 * status came within `reconcileAfterMs` Meta never took it, so it goes back to pending and is sent again. That time
 * counts while we can hear Meta: from the claim, and from the sweeping process's start (Meta delivers again what
 * reached no one while the servers were down). No row goes back while statuses received wait to be applied, nor
 * before a status for a message sent after it was heard half that time ago (however late statuses run), unless
 * three times that long passed.
 * Sends keep to the number's throughput (slots reserved in `whatsapp_send_slots`, shared by every process), the pair
 * limit and the business's messaging limit.
 */

export const CAMPAIGN_START_QUEUE = 'whatsapp-campaign-start';
export const CAMPAIGN_SEND_QUEUE = 'whatsapp-campaign-send';
export const OUTBOX_SWEEP_QUEUE = 'whatsapp-outbox-sweep';
/** The store events' subscriber of the campaigns (campaign-events.ts): Meta's statuses reach the outbox through it. */
export const CAMPAIGN_SUBSCRIBER = 'whatsapp-campaigns';

/** Send jobs per campaign: how many processes (or workers) may send one campaign at once. */
const SEND_SHARDS = 4;
/** Rows claimed at once: half a second at the default throughput. */
const CLAIM_BATCH = 40;
/**
 * How long one send job sends before it books itself again: a process runs two jobs at a time, both may be a
 * campaign's shards, and Meta's statuses, the store's webhooks and the outbox's upkeep wait for their turn meanwhile.
 */
const SEND_SLICE_MS = 2000;

export type SenderOptions = Config['whatsappSending'];

/**
 * Meta reports a number's messages about in the order they were sent: once a status came for a message claimed this
 * long after a row in doubt, the row's own status would have come before it, had Meta taken the message. Meta's
 * deliveries run side by side, though, and a later one may overtake the one carrying the row's status: a later status
 * counts once it was heard half the reconciliation time ago.
 */
const STATUS_ORDER_SLACK_SECONDS = 2;

export function scheduleCampaignStart(db: Queryable, storeId: number, campaignId: string, at: Date): Promise<number | null> {
  return enqueue(db, CAMPAIGN_START_QUEUE, { storeId, campaignId: Number(campaignId) }, { runAt: at, singletonKey: `start:${campaignId}` });
}

/** Asks every send job of the campaign to run (now, or at `runAt`), sooner than it was booked for if need be. */
export async function requestSending(db: Queryable, storeId: number, campaignId: string | number, runAt?: Date): Promise<void> {
  for (let shard = 0; shard < SEND_SHARDS; shard += 1)
    await enqueue(
      db,
      CAMPAIGN_SEND_QUEUE,
      { storeId, campaignId: Number(campaignId), shard },
      { singletonKey: `send:${campaignId}:${shard}`, rerunIfRunning: true, sooner: true, ...(runAt ? { runAt } : {}) },
    );
}

export const announceCampaign = (db: Queryable, storeId: number, campaignId: string | number) =>
  publishLive(db, storeId, { topic: 'whatsappCampaign', campaignId: Number(campaignId) });

export interface OutboxParams {
  values: Record<string, string>;
  suffixes: Record<string, string>;
}

const usesProduct = (content: WhatsappCampaignContent) => content.variables.some((variable) => variable.type.startsWith('PRODUCT_'));

/** The outbox rows of these recipients, with each message's own values; rows already there stay as they are. */
export async function addOutboxRows(
  db: Queryable,
  campaign: CampaignRow,
  rows: { recipient: WhatsappRecipient; triggerKey: string; dueAt: Date; orderId?: string; checkoutUrl?: string | null }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const orders = new Map(rows.flatMap((row) => (row.orderId ? [[row.recipient.externalId, row.orderId] as const] : [])));
  const products = usesProduct(campaign.content)
    ? await productsOf(
        db,
        campaign.store_id,
        rows.map((row) => row.recipient.externalId),
        orders.size > 0 ? orders : undefined,
      )
    : new Map();
  let added = 0;
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000).map((row) => {
      const product = products.get(row.recipient.externalId);
      const params: OutboxParams = {
        values: variableValues(
          campaign.content.variables,
          {
            firstName: row.recipient.firstName,
            lastName: row.recipient.lastName,
            email: row.recipient.email,
            productName: product?.name ?? null,
            productPrice: product?.price ?? null,
            productQuantity: product?.quantity ?? null,
          },
          campaign.variables,
        ),
        suffixes: buttonSuffixes(campaign.content.buttons, row.checkoutUrl ?? null),
      };
      return { customer: row.recipient.externalId, trigger_key: row.triggerKey, phone: row.recipient.phone, params, due_at: row.dueAt };
    });
    const inserted = await db.query(
      `insert into whatsapp_outbox (store_id, campaign_id, customer_external_id, trigger_key, phone, params, due_at)
       select $1, $2, r.customer, r.trigger_key, r.phone, r.params, r.due_at
         from json_to_recordset($3::json) as r(customer bigint, trigger_key text, phone text, params jsonb, due_at timestamptz)
       on conflict (campaign_id, customer_external_id, trigger_key) do nothing
       returning id`,
      [campaign.store_id, campaign.id, JSON.stringify(chunk)],
    );
    added += inserted.length;
  }
  return added;
}

/** A unique campaign's start: its recipients into the outbox, at once, and its sending asked for. */
export async function startCampaign(db: Database, storeId: number, campaignId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const campaign = await campaignRow(tx, storeId, campaignId, true);
    if (!campaign || (campaign.status !== 'created' && campaign.status !== 'scheduled')) return;
    if (!(await whatsappConnectionOf(tx, storeId))) {
      await pauseCampaigns(tx, storeId, [campaign.id], 'whatsappDisconnected', null);
      return;
    }
    const recipients = campaign.segment_id === null ? [] : await whatsappRecipients(tx, storeId, campaign.segment_id);
    const now = new Date();
    await addOutboxRows(
      tx,
      campaign,
      recipients.map((recipient) => ({ recipient, triggerKey: '', dueAt: now })),
    );
    // A campaign with nobody to send to is sent at once.
    await tx.query(
      `update whatsapp_campaigns set status = case when $3 then 'sent' else 'sending' end, sent_at = case when $3 then now() end
        where store_id = $1 and id = $2`,
      [storeId, campaignId, recipients.length === 0],
    );
    await announceCampaign(tx, storeId, campaignId);
    if (recipients.length > 0) await requestSending(tx, storeId, campaignId);
  });
}

/** Pauses the campaigns (sending or active) with the reason; each goes back to its state when the pause ends. */
export async function pauseCampaigns(
  db: Queryable,
  storeId: number,
  campaignIds: string[],
  reason: NonNullable<CampaignRow['pause_reason']>,
  until: Date | null,
): Promise<void> {
  const paused = await db.query<{ id: string }>(
    `update whatsapp_campaigns
        set resume_status = case when status = 'paused' then resume_status else status end,
            status = 'paused', pause_reason = $3, paused_until = $4
      where store_id = $1 and id = any($2::bigint[]) and status in ('created', 'scheduled', 'sending', 'active', 'paused')
        and coalesce(pause_reason, '') <> 'templateDeleted'
      returning id::text`,
    [storeId, campaignIds, reason, until],
  );
  for (const row of paused) await announceCampaign(db, storeId, row.id);
}

/** Lifts the pauses of these reasons; the campaigns go back to where they were and sending goes on. */
export async function resumeCampaigns(
  db: Queryable,
  storeId: number,
  campaignIds: string[],
  reasons: readonly NonNullable<CampaignRow['pause_reason']>[],
): Promise<void> {
  const resumed = await db.query<{ id: string; status: string }>(
    `update whatsapp_campaigns set status = coalesce(resume_status, 'sending'), resume_status = null, pause_reason = null, paused_until = null
      where store_id = $1 and id = any($2::bigint[]) and status = 'paused' and pause_reason = any($3::text[])
      returning id::text, status`,
    [storeId, campaignIds, reasons],
  );
  for (const row of resumed) {
    await announceCampaign(db, storeId, row.id);
    // A unique campaign paused before its start starts at its time (its start job is still booked).
    if (row.status === 'sending' || row.status === 'active') await requestSending(db, storeId, row.id);
  }
}

interface ClaimedRow {
  id: string;
  customer_external_id: string;
  trigger_key: string;
  phone: string;
  params: OutboxParams;
  callback: string;
  attempts: number;
}

type Claim = { campaign: CampaignRow; phoneNumberId: string; rows: ClaimedRow[] } | { stop: true; retryAt: Date | null };

/**
 * Claims the campaign's next due rows, within the business's messaging limit: each gets a fresh callback and is
 * `sending` once this commits. Rows whose recipient may no longer be messaged, or whose cart became an order, are
 * cancelled here instead.
 */
async function claimRows(db: Database, storeId: number, campaignId: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    const campaign = await campaignRow(tx, storeId, campaignId);
    if (!campaign || (campaign.status !== 'sending' && campaign.status !== 'active')) return { stop: true, retryAt: null };
    const connection = await whatsappConnectionOf(tx, storeId);
    if (!connection) {
      await pauseCampaigns(tx, storeId, [campaign.id], 'whatsappDisconnected', null);
      return { stop: true, retryAt: null };
    }
    // One claim at a time per business account, so two processes never spend the same room in its limit.
    await tx.query(`select pg_advisory_xact_lock(7310029, hashtext($1))`, [connection.wabaId]);
    const allowance = await messagingAllowance(tx, storeId, connection);
    const room = allowance.availableNow === null ? CLAIM_BATCH : Math.min(CLAIM_BATCH, allowance.availableNow);
    if (room === 0) {
      const retryAt = allowance.freesAt ?? new Date(Date.now() + 60 * 60_000);
      await tx.query(`update whatsapp_campaigns set deferred_until = $3 where store_id = $1 and id = $2`, [storeId, campaignId, retryAt]);
      await announceCampaign(tx, storeId, campaignId);
      return { stop: true, retryAt };
    }
    const claimId = randomUUID();
    const rows = await tx.query<ClaimedRow>(
      `update whatsapp_outbox w set status = 'sending', claimed_at = now(), attempts = w.attempts + 1,
              callback = 'rc:' || w.id || ':' || $4, updated_at = now()
        where w.id in (select id from whatsapp_outbox
                        where campaign_id = $2 and status = 'pending' and due_at <= now()
                        order by due_at, id limit $3 for update skip locked)
          and w.store_id = $1
        returning w.id::text, w.customer_external_id::text, w.trigger_key, w.phone, w.params, w.callback, w.attempts`,
      [storeId, campaignId, room, claimId],
    );
    if (campaign.deferred_until) await tx.query(`update whatsapp_campaigns set deferred_until = null where id = $1`, [campaignId]);
    const reachable = await whatsappReachable(
      tx,
      storeId,
      rows.map((row) => row.customer_external_id),
    );
    const recovered = await recoveredCarts(tx, storeId, rows);
    const cancelled = rows.filter((row) => !reachable.has(row.customer_external_id) || recovered.has(row.id));
    if (cancelled.length > 0)
      await tx.query(
        `update whatsapp_outbox set status = 'cancelled', callback = null, updated_at = now(),
                cancel_reason = case when id = any($2::bigint[]) then 'cartRecovered' else 'optedOut' end
          where id = any($1::bigint[])`,
        [cancelled.map((row) => row.id), [...recovered]],
      );
    const sendable = rows.filter((row) => !cancelled.includes(row));
    return { campaign, phoneNumberId: connection.phoneNumberId, rows: sendable };
  });
}

/** The rows of abandoned carts that became orders since (`cart:{checkout id}` triggers). */
async function recoveredCarts(db: Queryable, storeId: number, rows: ClaimedRow[]): Promise<Set<string>> {
  const carts = rows.filter((row) => row.trigger_key.startsWith('cart:'));
  if (carts.length === 0) return new Set();
  const completed = await db.query<{ external_id: string }>(
    `select external_id::text from abandoned_checkouts where store_id = $1 and external_id = any($2::bigint[]) and completed_at is not null`,
    [storeId, carts.map((row) => row.trigger_key.slice('cart:'.length))],
  );
  const done = new Set(completed.map((row) => row.external_id));
  return new Set(carts.filter((row) => done.has(row.trigger_key.slice('cart:'.length))).map((row) => row.id));
}

/**
 * Reserves `count` consecutive send slots on the number, shared by every process: when the first may go and how far
 * apart the rest go, in this process's clock.
 */
async function reserveSlots(
  db: Queryable,
  phoneNumberId: string,
  count: number,
  perSecond: number,
): Promise<{ start: number; gapMs: number }> {
  const gapMs = 1000 / perSecond;
  await db.query(`insert into whatsapp_send_slots (phone_number_id, next_at) values ($1, clock_timestamp()) on conflict do nothing`, [
    phoneNumberId,
  ]);
  const [row] = await db.query<{ wait_ms: number }>(
    `with now_ as (select clock_timestamp() as at)
     update whatsapp_send_slots s set next_at = greatest(s.next_at, now_.at) + make_interval(secs => $2::float8 / 1000)
       from now_ where s.phone_number_id = $1
     returning extract(epoch from (s.next_at - make_interval(secs => $2::float8 / 1000) - now_.at)) * 1000 as wait_ms`,
    [phoneNumberId, count * gapMs],
  );
  return { start: Date.now() + Math.max(0, Number(row?.wait_ms ?? 0)), gapMs };
}

/** Holds the number back after Meta said it went too fast (130429). */
async function slowDown(db: Queryable, phoneNumberId: string, ms: number): Promise<void> {
  await db.query(
    `update whatsapp_send_slots set next_at = greatest(next_at, clock_timestamp()) + make_interval(secs => $2::float8 / 1000) where phone_number_id = $1`,
    [phoneNumberId, ms],
  );
}

/** An outbox row Meta took, with its message id and when. */
export interface SentRow {
  customer_external_id: string;
  phone: string;
  params: OutboxParams;
  wamid: string;
  sent_at: Date;
}

/** Tells the store what each customer of these rows got (`whatsapp_message_sent`), in the transaction that recorded their wamids. */
export async function recordMessagesSent(
  tx: Queryable,
  events: Pick<StoreEvents, 'record'>,
  campaign: CampaignRow,
  rows: SentRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const { header, body } = campaign.content;
  await events.record(tx, campaign.store_id, [
    {
      kind: 'whatsapp_message_sent',
      customers: [...new Set(rows.map((row) => row.customer_external_id))],
      detail: {
        // The database gives a bigint as a string (PostgreSQL) or a number (PGlite): the event says it one way.
        campaignId: String(campaign.id),
        templateName: campaign.template_name,
        messages: rows.map((row) => ({
          phone: row.phone,
          wamid: row.wamid,
          text: templateMessageText({ headerFormat: header.format, headerText: header.text, body }, row.params.values),
          at: row.sent_at.toISOString(),
        })),
      },
    },
  ]);
}

/** What one claimed row's call came to, written back in one statement for the batch. */
async function recordOutcomes(
  db: Database,
  events: Pick<StoreEvents, 'record'>,
  campaign: CampaignRow,
  phoneNumberId: string,
  outcomes: { row: ClaimedRow; outcome: SendOutcome }[],
): Promise<{ pause: 'templatePaused' | 'templateDisabled' | null }> {
  const storeId = campaign.store_id;
  let pause: 'templatePaused' | 'templateDisabled' | null = null;
  await db.transaction(async (tx) => {
    const sent = outcomes.flatMap(({ row, outcome }) =>
      outcome.kind === 'sent' ? [{ id: row.id, callback: row.callback, wamid: outcome.wamid }] : [],
    );
    if (sent.length > 0) {
      const recorded = await tx.query<SentRow>(
        `update whatsapp_outbox w set wamid = coalesce(w.wamid, s.wamid), sent_at = coalesce(w.sent_at, now()), updated_at = now(),
                status = case when w.status = 'sending' then 'sent' else w.status end
           from json_to_recordset($1::json) as s(id bigint, callback text, wamid text)
          where w.id = s.id and w.callback = s.callback
          returning w.customer_external_id::text, w.phone, w.params, w.wamid, w.sent_at`,
        [JSON.stringify(sent)],
      );
      await recordMessagesSent(tx, events, campaign, recorded);
    }
    const again = outcomes.flatMap(({ row, outcome }) =>
      outcome.kind === 'retry' || outcome.kind === 'templatePaused' || outcome.kind === 'templateDisabled'
        ? [{ id: row.id, callback: row.callback, wait_ms: outcome.kind === 'retry' ? outcome.afterMs : 0, keep: outcome.kind !== 'retry' }]
        : [],
    );
    if (again.length > 0)
      await tx.query(
        `update whatsapp_outbox w set status = 'pending', callback = null, updated_at = now(),
                attempts = case when s.keep then w.attempts - 1 else w.attempts end,
                due_at = now() + make_interval(secs => s.wait_ms::float8 / 1000)
           from json_to_recordset($1::json) as s(id bigint, callback text, wait_ms integer, keep boolean)
          where w.id = s.id and w.callback = s.callback and w.status = 'sending'`,
        [JSON.stringify(again)],
      );
    const failed = outcomes.flatMap(({ row, outcome }) =>
      outcome.kind === 'failed' ? [{ id: row.id, callback: row.callback, error: outcome.error }] : [],
    );
    if (failed.length > 0)
      await tx.query(
        `update whatsapp_outbox w set status = 'failed', failed_at = now(), error = s.error, updated_at = now()
           from json_to_recordset($1::json) as s(id bigint, callback text, error jsonb)
          where w.id = s.id and w.callback = s.callback and w.status = 'sending'`,
        [JSON.stringify(failed)],
      );
    // Meta refused it because the person stopped the business's marketing (131050): their consent is off here too.
    for (const { row, outcome } of outcomes)
      if (outcome.kind === 'failed' && outcome.optedOut)
        await recordWhatsappPreference(tx, events, storeId, { phone: row.phone, optedOut: true, source: 'sendError', at: new Date() });
    if (outcomes.some(({ outcome }) => outcome.kind === 'retry' && outcome.throttled)) await slowDown(tx, phoneNumberId, 1000);
    pause = outcomes.some(({ outcome }) => outcome.kind === 'templateDisabled')
      ? 'templateDisabled'
      : outcomes.some(({ outcome }) => outcome.kind === 'templatePaused')
        ? 'templatePaused'
        : null;
    if (pause) await pauseCampaigns(tx, storeId, [campaign.id], pause, null);
    await finishIfDone(tx, storeId, campaign.id);
    await announceCampaign(tx, storeId, campaign.id);
  });
  return { pause };
}

/** A unique campaign whose every row left (or failed, or was cancelled) is sent. */
export async function finishIfDone(db: Queryable, storeId: number, campaignId: string | number): Promise<void> {
  await db.query(
    `update whatsapp_campaigns c set status = 'sent', sent_at = now()
      where c.store_id = $1 and c.id = $2 and c.kind = 'unique' and c.status = 'sending'
        and not exists (select 1 from whatsapp_outbox w where w.campaign_id = c.id and w.status in ('pending', 'sending'))`,
    [storeId, campaignId],
  );
}

/**
 * One send job: claims and sends batches of the campaign until none is due, then books itself for the next due row;
 * after `SEND_SLICE_MS` it books itself to go on, behind the jobs that waited meanwhile.
 */
export async function sendCampaign(
  db: Database,
  port: MessagePort,
  storeId: number,
  campaignId: number,
  events: Pick<StoreEvents, 'record'>,
  context?: JobContext,
): Promise<void> {
  const sliceEnds = Date.now() + SEND_SLICE_MS;
  let recorded = false;
  while (!context?.signal.aborted) {
    if (Date.now() > sliceEnds) {
      await requestSending(db, storeId, campaignId);
      return;
    }
    // Once a batch is recorded, a death of the process is not this job's doing: the servers may be restarted many
    // times during a big send, each time mid-slice, and the job must not run out of attempts for it.
    await (recorded ? context?.progress() : context?.heartbeat());
    const claim = await claimRows(db, storeId, campaignId);
    if ('stop' in claim) {
      if (claim.retryAt) await requestSending(db, storeId, campaignId, claim.retryAt);
      return;
    }
    if (claim.rows.length === 0) {
      await finishIfDone(db, storeId, campaignId);
      const [next] = await db.query<{ due_at: Date }>(
        `select min(due_at) as due_at from whatsapp_outbox where campaign_id = $1 and status = 'pending'`,
        [campaignId],
      );
      if (next?.due_at) await requestSending(db, storeId, campaignId, next.due_at);
      return;
    }
    const { campaign, phoneNumberId, rows } = claim;
    const slots = await reserveSlots(db, phoneNumberId, rows.length, await port.throughput(storeId, phoneNumberId));
    const outcomes = await Promise.all(
      rows.map(async (row, index) => {
        const wait = slots.start + index * slots.gapMs - Date.now();
        if (wait > 0) await sleep(wait);
        return { row, outcome: await port.send(campaign, phoneNumberId, row) };
      }),
    );
    const { pause } = await recordOutcomes(db, events, campaign, phoneNumberId, outcomes);
    if (pause) return;
    recorded = true;
  }
}

/**
 * The outbox's upkeep, every 30 seconds in one process: rows in doubt past their time go back to pending, paused
 * campaigns whose pause ended go on, every campaign with a due row is asked to send (automated rows come due
 * on their own clock), and what was counted of customers' messages is forgotten once Meta can no longer send them again.
 */
export async function sweepOutbox(db: Database, options: SenderOptions, upSince: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (Date.now() - upSince >= options.reconcileAfterMs)
      await tx.query(
        `update whatsapp_outbox w set status = 'pending', callback = null, updated_at = now()
          where w.status = 'sending' and w.wamid is null and w.claimed_at < now() - make_interval(secs => $1::float8 / 1000)
            and not ${eventsWaitingFor(CAMPAIGN_SUBSCRIBER, 'whatsapp_message_statuses', 'w.store_id')}
            and (w.claimed_at < now() - 3 * make_interval(secs => $1::float8 / 1000)
                 or w.claimed_at + interval '${STATUS_ORDER_SLACK_SECONDS} seconds' < (
                      select max(h.claimed_at) from whatsapp_outbox h
                       where h.store_id = w.store_id and (h.delivered_at is not null or h.read_at is not null)
                         and h.updated_at < now() - make_interval(secs => $1::float8 / 2000)))`,
        [options.reconcileAfterMs],
      );
    const ended = await tx.query<{ store_id: number; id: string }>(
      `select store_id, id::text from whatsapp_campaigns where status = 'paused' and pause_reason = 'templatePaused' and paused_until <= now()`,
    );
    for (const row of ended) await resumeCampaigns(tx, row.store_id, [row.id], ['templatePaused']);
    const due = await tx.query<{ store_id: number; campaign_id: string }>(
      `select distinct w.store_id, w.campaign_id::text from whatsapp_outbox w join whatsapp_campaigns c on c.id = w.campaign_id
        where w.status = 'pending' and w.due_at <= now() and c.status in ('sending', 'active')`,
    );
    for (const row of due) await requestSending(tx, row.store_id, row.campaign_id);
    await tx.query(`delete from whatsapp_campaign_interactions where seen_at < now() - interval '8 days'`);
  });
}

export function scheduleOutboxSweep(db: Queryable, everyMs: number, now = new Date()): Promise<number | null> {
  const runAt = new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
  return enqueue(db, OUTBOX_SWEEP_QUEUE, {}, { runAt, singletonKey: `sweep-${runAt.toISOString()}` });
}

export function registerSenderJobs(
  jobs: JobWorker,
  db: Database,
  port: MessagePort,
  options: SenderOptions,
  events: Pick<StoreEvents, 'record'>,
): void {
  jobs.register<{ storeId: number; campaignId: number }>(CAMPAIGN_START_QUEUE, {
    handler: (job) => startCampaign(db, job.payload.storeId, job.payload.campaignId),
  });
  jobs.register<{ storeId: number; campaignId: number; shard: number }>(CAMPAIGN_SEND_QUEUE, {
    leaseSeconds: 120,
    handler: (job, context) => sendCampaign(db, port, job.payload.storeId, job.payload.campaignId, events, context),
  });
  const upSince = Date.now();
  jobs.register(OUTBOX_SWEEP_QUEUE, {
    handler: async () => {
      await scheduleOutboxSweep(db, options.sweepEveryMs, new Date(Date.now() + 1000));
      await sweepOutbox(db, options, upSince);
    },
  });
}
