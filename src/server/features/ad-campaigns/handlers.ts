import type { AdCampaignInput } from '../../../shared/ad-campaigns.ts';
import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { toMetaAmount } from '../../integrations/meta/currency.ts';
import { MetaError } from '../../integrations/meta/errors.ts';
import {
  adAccountClientOf,
  adAccountPropsOf,
  type MetaAccess,
  type MetaConnectionRow,
  metaFailure,
  notConnected,
  refuseDeadToken,
} from '../../platform/connections/meta-connection.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { brokenRules, budgetRefusal, checkedCampaign, checkProductSet } from './campaign-rules.ts';
import { enqueueAdInsightsRead } from './insights.ts';
import { uploadMedia } from './media.ts';
import { adCampaignMessages as messages } from './messages.ts';
import { deleteInMeta, PublishFailure, partRefusal, publish, publishRefusal } from './publication.ts';
import {
  type CampaignRow,
  campaignOf,
  campaignRow,
  countCampaignAudience,
  deleteCampaign,
  deleteUnpublishedCampaign,
  insertCampaign,
  markCampaignDiscarding,
  markCampaignPublished,
  metaObjectKey,
  metaObjectsOf,
  notEditableReason,
  publishedCampaigns,
  setCampaignDailyBudget,
  setCampaignPaused,
  spendOf,
  statusOf,
  summaryOf,
  updateCampaign,
} from './repository.ts';

/*
 * Ad campaigns in Meta (SPEC §2, §3, §4, §5, §8): the list with each campaign's status and spend, the
 * wizard's create and edit, activation, the daily-budget modal, deletion, and the files the ads show.
 * Every call to Meta goes through the store's connection gate, so a token Meta no longer takes answers
 * 409 and marks the connection for renewal. Every role of the store may use them (SPEC §2: /campaigns
 * for all four).
 */

type AdCampaignOperations = Pick<
  AppOperations,
  | 'listAdCampaigns'
  | 'createAdCampaign'
  | 'getAdCampaign'
  | 'updateAdCampaign'
  | 'deleteAdCampaign'
  | 'setAdCampaignActive'
  | 'setAdCampaignDailyBudget'
  | 'uploadAdMedia'
>;

export const AD_CAMPAIGN_DISCARD_QUEUE = 'ad-campaign-discard';
/** A first save still "publishing" this long after it began was cut short (a restart): what it made is undone. */
const ABANDONED_AFTER_MS = 30 * 60_000;

const notFound = () => errors.notFound();

function editableOrRefuse(row: CampaignRow): void {
  const reason = notEditableReason(row);
  if (reason) throw new HttpError(409, 'campaign_not_editable', messages.notEditable[reason]);
}

async function publishedOr404(db: Queryable, storeId: number, campaignId: number): Promise<CampaignRow> {
  const row = await campaignRow(db, storeId, campaignId);
  if (!row) throw notFound();
  return row;
}

/** The store's client, its ad account and a page for the ads to run as (the social ads form saves both). */
async function gate(db: Queryable, access: MetaAccess, storeId: number) {
  const gated = await adAccountClientOf(db, access, storeId);
  if (!gated.row.page_id) throw notConnected();
  return gated;
}

/** Meta's failures on a read or a check before publishing, as for every Meta call. */
async function throughMeta<T>(db: Queryable, storeId: number, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return metaFailure(db, storeId, error);
  }
}

/**
 * Undoes a first save that failed: what it made in Meta is deleted and the campaign forgotten. When Meta
 * will not delete it now, the campaign waits hidden ('discarding') and a job tries again.
 */
async function abandon(db: Database, client: MetaUserClient, storeId: number, campaignId: number): Promise<void> {
  const { complete } = await deleteInMeta(db, client, campaignId).catch((error: unknown) => ({ complete: false, error }));
  if (complete) {
    await deleteCampaign(db, storeId, campaignId);
    return;
  }
  await markCampaignDiscarding(db, storeId, campaignId);
  await enqueue(db, AD_CAMPAIGN_DISCARD_QUEUE, { storeId, campaignId }, { maxAttempts: 8 });
}

/** The Meta object of a published campaign, which its first save recorded. */
async function metaIdOf(db: Queryable, campaignId: number, kind: 'campaign' | 'adSet'): Promise<string> {
  const object = (await metaObjectsOf(db, campaignId)).get(metaObjectKey(kind, 0));
  if (!object) throw new Error(`Campaign ${campaignId} has no ${kind} in Meta`);
  return object.metaId;
}

const connectionOf = (row: MetaConnectionRow) => ({ adAccountId: row.ad_account_id ?? '', props: adAccountPropsOf(row) });

export const adCampaignHandlers = (access: MetaAccess): Handlers<AdCampaignOperations> => ({
  async listAdCampaigns(context) {
    const { storeId } = inStore(context);
    // Without a working connection the list leads to Integrations first (no call to Meta is made here).
    await adAccountClientOf(context.db, access, storeId);
    const now = new Date();
    const [rows, spend] = await Promise.all([publishedCampaigns(context.db, storeId), spendOf(context.db, storeId)]);
    const wanted = context.query.status;
    const campaigns = rows.filter((row) => !wanted || statusOf(row, now) === wanted).map((row) => summaryOf(row, spend.get(row.id), now));
    return { status: 200, body: { campaigns } };
  },

  async getAdCampaign(context) {
    const { storeId } = inStore(context);
    const row = await publishedOr404(context.db, storeId, context.params.campaignId);
    return { status: 200, body: await campaignOf(context.db, row) };
  },

  async uploadAdMedia(context) {
    const { storeId } = inStore(context);
    const { row, client } = await adAccountClientOf(context.db, access, storeId);
    const media = await uploadMedia({
      db: context.db,
      client,
      storeId,
      adAccountId: row.ad_account_id,
      name: context.query.name.trim() || context.query.name,
      file: context.body,
    });
    return { status: 201, body: media };
  },

  async createAdCampaign(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const { row: connection, client } = await gate(db, access, storeId);
    const { adAccountId, props } = connectionOf(connection);
    const plan = await checkedCampaign({ db, storeId, adAccountId, props, current: null, now: new Date() }, context.body);
    await throughMeta(db, storeId, () => checkProductSet(client, plan));

    const campaignId = await insertCampaign(db, storeId, adAccountId, plan);
    // Should this process stop halfway, the campaign would stay 'publishing': this undoes it later.
    await enqueue(
      db,
      AD_CAMPAIGN_DISCARD_QUEUE,
      { storeId, campaignId },
      { runAt: new Date(Date.now() + 2 * ABANDONED_AFTER_MS), singletonKey: `abandoned-${campaignId}` },
    );
    try {
      await publish({ db, client, connection, storeId, campaignId, adAccountId, plan, previous: null });
    } catch (error) {
      await abandon(context.db, client, storeId, campaignId);
      if (error instanceof PublishFailure) return publishRefusal(db, storeId, error, messages.publication.create);
      throw error;
    }
    await markCampaignPublished(db, campaignId);
    await countCampaignAudience(db, campaignId);
    return { status: 201, body: await campaignOf(db, (await campaignRow(db, storeId, campaignId))!) };
  },

  async updateAdCampaign(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await publishedOr404(db, storeId, context.params.campaignId);
    editableOrRefuse(current);
    const { row: connection, client } = await gate(db, access, storeId);
    // The campaign stays in the ad account it was made in, with that account's files.
    const { props } = connectionOf(connection);
    const plan = await checkedCampaign(
      { db, storeId, adAccountId: current.ad_account_id, props, current, now: new Date() },
      context.body as AdCampaignInput,
    );
    await updateCampaign(db, current, plan);
    try {
      await publish({
        db,
        client,
        connection,
        storeId,
        campaignId: current.id,
        adAccountId: current.ad_account_id,
        plan,
        previous: current,
      });
    } catch (error) {
      await countCampaignAudience(db, current.id);
      if (error instanceof PublishFailure) return publishRefusal(db, storeId, error, messages.publication.update);
      throw error;
    }
    await countCampaignAudience(db, current.id);
    return { status: 200, body: await campaignOf(db, (await campaignRow(db, storeId, current.id))!) };
  },

  async deleteAdCampaign(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await publishedOr404(db, storeId, context.params.campaignId);
    const { client } = await adAccountClientOf(db, access, storeId);
    const { complete, error } = await deleteInMeta(db, client, current.id);
    if (!complete) {
      await refuseDeadToken(db, storeId, error);
      throw new HttpError(502, 'campaign_delete_failed', messages.deleteFailed);
    }
    await deleteCampaign(db, storeId, current.id);
    return { status: 204 };
  },

  async setAdCampaignActive(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await publishedOr404(db, storeId, context.params.campaignId);
    const { active } = context.body;
    if (active && notEditableReason(current) === 'finished') throw new HttpError(409, 'campaign_finished', messages.finished);
    const { client } = await adAccountClientOf(db, access, storeId);
    const metaId = await metaIdOf(db, current.id, 'campaign');
    await throughMeta(db, storeId, () => client.updateCampaign(metaId, { status: active ? 'ACTIVE' : 'PAUSED' }));
    await setCampaignPaused(db, storeId, current.id, !active);
    // What it spent up to the switch, read now rather than at the next hourly refresh.
    await enqueueAdInsightsRead(db, storeId, current.id);
    const row = (await campaignRow(db, storeId, current.id))!;
    return { status: 200, body: summaryOf(row, (await spendOf(db, storeId)).get(row.id)) };
  },

  async setAdCampaignDailyBudget(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await publishedOr404(db, storeId, context.params.campaignId);
    editableOrRefuse(current);
    const { row: connection, client } = await adAccountClientOf(db, access, storeId);
    const { props } = connectionOf(connection);
    const { dailyBudget } = context.body;
    const budget = budgetRefusal(dailyBudget, props);
    if (budget) throw brokenRules([budget]);
    const adSetId = await metaIdOf(db, current.id, 'adSet');
    try {
      await client.updateAdSet(adSetId, { dailyBudget: toMetaAmount(dailyBudget, current.currency) });
    } catch (error) {
      if (!(error instanceof MetaError)) throw error;
      await refuseDeadToken(db, storeId, error);
      throw partRefusal(error, messages.publication.budget, 'adSet');
    }
    await setCampaignDailyBudget(db, storeId, current.id, dailyBudget);
    const row = (await campaignRow(db, storeId, current.id))!;
    return { status: 200, body: summaryOf(row, (await spendOf(db, storeId)).get(row.id)) };
  },
});

/**
 * What a failed first save left in Meta, deleted once Meta lets us (the token renewed, Meta back): the
 * job retries with the queue's backoff, then once a day. A first save cut short ('publishing' long after
 * it began) is undone the same way.
 */
export function registerAdCampaignDiscardJob(jobs: JobWorker, db: Database, access: MetaAccess): void {
  jobs.register<{ storeId: number; campaignId: number }>(AD_CAMPAIGN_DISCARD_QUEUE, {
    leaseSeconds: 300,
    handler: async (job) => {
      const { storeId, campaignId } = job.payload;
      const row = await campaignRow(db, storeId, campaignId, null);
      if (!row || row.publication === 'published') return;
      if (row.publication === 'publishing' && Date.now() - row.created_at.getTime() < ABANDONED_AFTER_MS) return;
      const { client } = await adAccountClientOf(db, access, storeId);
      const { complete, error } = await deleteInMeta(db, client, campaignId);
      if (!complete) {
        await refuseDeadToken(db, storeId, error);
        throw error;
      }
      await deleteUnpublishedCampaign(db, storeId, campaignId);
    },
    onFinalFailure: async (job) => {
      await enqueue(db, AD_CAMPAIGN_DISCARD_QUEUE, job.payload, { runAt: new Date(Date.now() + 86_400_000), maxAttempts: 8 });
    },
  });
}
