import type { MetaAccess } from '../../platform/connections/meta-connection.ts';
import { whatsappClientOf, whatsappConnectedStores } from '../../platform/connections/whatsapp-connection.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import type { StoreEventSubscriber, StoreEvents, WhatsappTemplateChange } from '../../platform/store-data/store-events.ts';
import { listedState, rejectionReasonOf, statusOfMeta } from './meta-template.ts';
import { applyMetaState, deleteTemplateRow, type MetaState, type TemplateRow, templateOfMeta, templatesOfAccount } from './repository.ts';

/*
 * A template's status as Meta moves it. Meta delivers its webhook at least once and sometimes never: each
 * change (a store event the messaging integration records from the webhook) is applied once and only
 * forward (repository `applyMetaState`), and a periodic sync reads every connected account's templates
 * again, so the list is never more than a few minutes behind Meta. Each change reaches the store's open
 * tabs on the live channel.
 */

const QUALITIES = new Set(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);
type Quality = MetaState['quality'];
const qualityOf = (value: string | null): Quality => (value && QUALITIES.has(value) ? (value as Quality) : null);

/** Meta's webhook change as our state, on top of what the template is now; null when it says nothing we keep. */
export function stateOfChange(row: TemplateRow, change: WhatsappTemplateChange): MetaState | null {
  const at = new Date(change.at);
  const quality = qualityOf(change.quality);
  if (change.event === null) {
    if (!quality) return null;
    return {
      status: row.status,
      rejectionReason: row.rejection_reason,
      rejectionDetail: row.rejection_detail,
      pausedUntil: row.paused_until,
      quality,
      at,
    };
  }
  // REINSTATED: Meta lifted a pause; FLAGGED: quality fell, a pause may follow (the template stays usable).
  const status = change.event === 'REINSTATED' ? 'APPROVED' : change.event === 'FLAGGED' ? row.status : statusOfMeta(change.event);
  if (!status) return null;
  return {
    status,
    rejectionReason: status === 'REJECTED' ? (rejectionReasonOf(change.reason) ?? 'OTHER') : null,
    rejectionDetail: status === 'REJECTED' ? change.detail : null,
    pausedUntil: status === 'PAUSED' && change.pausedUntil ? new Date(change.pausedUntil) : null,
    quality,
    at,
  };
}

async function announce(db: Queryable, storeId: number, row: TemplateRow) {
  await publishLive(db, storeId, { topic: 'whatsappTemplate', templateId: Number(row.id) });
}

/** Applies Meta's webhook changes to the store's templates (the messaging integration records them). */
export const templateStatusSubscriber = (): StoreEventSubscriber => ({
  name: 'whatsapp-template-status',
  kinds: ['whatsapp_template_changed'],
  async handle({ tx, storeId, events }) {
    for (const event of events) {
      if (event.kind !== 'whatsapp_template_changed') continue;
      const row = await templateOfMeta(tx, storeId, event.detail.wabaId, event.detail.metaTemplateId);
      const state = row ? stateOfChange(row, event.detail) : null;
      if (row && state && (await applyMetaState(tx, row, state))) await announce(tx, storeId, row);
    }
  },
});

/** Records that a template is gone, for the features that use templates (part 2's campaigns pause). */
export async function recordTemplateDeleted(events: StoreEvents, tx: Queryable, storeId: number, row: TemplateRow): Promise<void> {
  await events.record(tx, storeId, [{ kind: 'whatsapp_template_deleted', detail: { templateId: Number(row.id), name: row.name } }]);
}

export const TEMPLATE_SYNC_QUEUE = 'whatsapp-template-sync';
const TEMPLATE_SYNC_ALL_QUEUE = 'whatsapp-template-sync-all';
/** How often every connected account's templates are read again: "a few minutes" at most behind Meta. */
export const TEMPLATE_SYNC_EVERY_MS = 5 * 60_000;
/** A template Meta does not list yet this long after it was sent is not taken for deleted (Meta's list lags a little). */
const LISTING_GRACE_MS = 10 * 60_000;

/**
 * Reads the store's templates from Meta and applies what they say now. A template Meta no longer lists
 * (deleted in WhatsApp Manager) is deleted here too, and the campaigns that use it hear of it.
 */
export async function syncTemplates(db: Database, access: MetaAccess, events: StoreEvents, storeId: number): Promise<void> {
  const { wabaId, client } = await whatsappClientOf(db, access, storeId);
  // What Meta lists is true as of the moment it was asked: a webhook change after it wins.
  const now = new Date();
  const listed = new Map((await client.whatsapp.templates(wabaId)).map((template) => [template.id, template]));
  const rows = await templatesOfAccount(db, storeId, wabaId);
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const template = listed.get(row.meta_template_id);
      if (!template) {
        if (now.getTime() - row.created_at.getTime() < LISTING_GRACE_MS) continue;
        await deleteTemplateRow(tx, storeId, row.id);
        await recordTemplateDeleted(events, tx, storeId, row);
        await announce(tx, storeId, row);
        continue;
      }
      const seen = listedState(template);
      if (!seen.status) continue;
      const samePause = seen.status === 'PAUSED' && row.status === 'PAUSED';
      const state: MetaState = {
        status: seen.status,
        rejectionReason: seen.rejectionReason,
        rejectionDetail: seen.status === row.status ? row.rejection_detail : null,
        // Meta's list does not say until when: a pause the webhook announced keeps its time.
        pausedUntil: samePause ? row.paused_until : null,
        quality: seen.quality,
        at: now,
      };
      if (await applyMetaState(tx, row, state)) await announce(tx, storeId, row);
    }
  });
}

/** Books the next sync of every connected store; once per period, however often it is called. */
export function scheduleTemplateSync(db: Queryable, now = new Date()): Promise<number | null> {
  const runAt = new Date((Math.floor(now.getTime() / TEMPLATE_SYNC_EVERY_MS) + 1) * TEMPLATE_SYNC_EVERY_MS);
  return enqueue(db, TEMPLATE_SYNC_ALL_QUEUE, {}, { runAt, singletonKey: `sync-${runAt.toISOString()}` });
}

export function registerTemplateSyncJobs(jobs: JobWorker, db: Database, access: MetaAccess, events: StoreEvents): void {
  jobs.register<{ storeId: number }>(TEMPLATE_SYNC_QUEUE, {
    leaseSeconds: 120,
    handler: async (job) => {
      await syncTemplates(db, access, events, job.payload.storeId);
    },
  });
  jobs.register(TEMPLATE_SYNC_ALL_QUEUE, {
    handler: async () => {
      // The next period first, so a failure now does not end the series.
      await scheduleTemplateSync(db, new Date(Date.now() + 60_000));
      for (const storeId of await whatsappConnectedStores(db))
        await enqueue(db, TEMPLATE_SYNC_QUEUE, { storeId }, { singletonKey: `store-${storeId}`, maxAttempts: 3 });
    },
  });
}
