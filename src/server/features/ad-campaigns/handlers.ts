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
import {
  type CampaignRow,
  campaignOf,
  campaignRow,
  notEditableReason,
  publishedCampaigns,
  spendOf,
  statusOf,
  summaryOf,
} from './campaign-rows.ts';
import {
  type AdCampaignInput,
  type CampaignPlan,
  campaignRuleMessages,
  checkedCampaign,
  checkProductSet,
  refusal,
} from './campaign-rules.ts';
import { enqueueAdInsightsRead } from './insights.ts';
import { uploadMedia } from './media.ts';
import { deleteInMeta, metaObjectsOf, PublishFailure, partRefusal, publicationMessages, publish, publishRefusal } from './publication.ts';

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

export const adCampaignMessages = {
  notEditable: {
    finished: 'Esta campaña ya terminó y no se puede editar.',
    segmentDeleted: 'El segmento de esta campaña fue eliminado, así que la campaña no se puede editar.',
  },
  finished: 'Esta campaña ya terminó y no se puede activar.',
  deleteFailed: 'Ocurrió un error al eliminar la campaña.',
};

export const AD_CAMPAIGN_DISCARD_QUEUE = 'ad-campaign-discard';
/** A first save still "publishing" this long after it began was cut short (a restart): what it made is undone. */
const ABANDONED_AFTER_MS = 30 * 60_000;

const notFound = () => errors.notFound();

function editableOrRefuse(row: CampaignRow): void {
  const reason = notEditableReason(row);
  if (reason) throw new HttpError(409, 'campaign_not_editable', adCampaignMessages.notEditable[reason]);
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

const planColumns = (plan: CampaignPlan) => [
  plan.input.type,
  plan.input.name,
  plan.startAt,
  plan.endAt,
  plan.input.dailyBudget,
  plan.currency,
  plan.input.segmentId,
  plan.segmentName,
  JSON.stringify(plan.input.locations),
  plan.input.ageMin,
  plan.input.ageMax,
  plan.input.gender,
  JSON.stringify(plan.input.interests),
  plan.input.format,
  JSON.stringify(plan.media),
  plan.input.mainText,
  plan.input.title,
  plan.input.description,
  plan.input.callToAction,
  plan.input.url,
  plan.input.productCatalogId,
  plan.input.productSetId,
];

async function insertCampaign(db: Queryable, storeId: number, adAccountId: string, plan: CampaignPlan): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into ad_campaigns (type, name, start_at, end_at, daily_budget, currency, segment_id, segment_name, locations, age_min, age_max,
       gender, interests, format, media, main_text, title, description, call_to_action, url, product_catalog_id, product_set_id,
       store_id, ad_account_id, publication)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13::jsonb, $14, $15::jsonb, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, 'publishing')
     returning id::float8 as id`,
    [...planColumns(plan), storeId, adAccountId],
  );
  return row!.id;
}

async function saveCampaign(db: Queryable, row: CampaignRow, plan: CampaignPlan): Promise<void> {
  await db.query(
    `update ad_campaigns set type = $1, name = $2, start_at = $3, end_at = $4, daily_budget = $5, currency = $6, segment_id = $7,
       segment_name = $8, locations = $9::jsonb, age_min = $10, age_max = $11, gender = $12, interests = $13::jsonb, format = $14,
       media = $15::jsonb, main_text = $16, title = $17, description = $18, call_to_action = $19, url = $20, product_catalog_id = $21,
       product_set_id = $22, updated_at = now()
     where store_id = $23 and id = $24`,
    [...planColumns(plan), row.store_id, row.id],
  );
}

async function countAudience(db: Queryable, campaignId: number): Promise<void> {
  await db.query(
    'update ad_campaigns set audience_size = (select count(*) from ad_campaign_audience where campaign_id = $1) where id = $1',
    [campaignId],
  );
}

/**
 * Undoes a first save that failed: what it made in Meta is deleted and the campaign forgotten. When Meta
 * will not delete it now, the campaign waits hidden ('discarding') and a job tries again.
 */
async function abandon(db: Database, client: MetaUserClient, storeId: number, campaignId: number): Promise<void> {
  const { complete } = await deleteInMeta(db, client, campaignId).catch((error: unknown) => ({ complete: false, error }));
  if (complete) {
    await db.query('delete from ad_campaigns where store_id = $1 and id = $2', [storeId, campaignId]);
    return;
  }
  await db.query(`update ad_campaigns set publication = 'discarding', updated_at = now() where store_id = $1 and id = $2`, [
    storeId,
    campaignId,
  ]);
  await enqueue(db, AD_CAMPAIGN_DISCARD_QUEUE, { storeId, campaignId }, { maxAttempts: 8 });
}

/** The Meta object of a published campaign, which its first save recorded. */
async function metaIdOf(db: Queryable, campaignId: number, kind: 'campaign' | 'adSet'): Promise<string> {
  const object = (await metaObjectsOf(db, campaignId)).get(`${kind}:0`);
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
      if (error instanceof PublishFailure) return publishRefusal(db, storeId, error, publicationMessages.create);
      throw error;
    }
    await db.query(`update ad_campaigns set publication = 'published', updated_at = now() where id = $1`, [campaignId]);
    await countAudience(db, campaignId);
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
    await saveCampaign(db, current, plan);
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
      await countAudience(db, current.id);
      if (error instanceof PublishFailure) return publishRefusal(db, storeId, error, publicationMessages.update);
      throw error;
    }
    await countAudience(db, current.id);
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
      throw new HttpError(502, 'campaign_delete_failed', adCampaignMessages.deleteFailed);
    }
    await db.query('delete from ad_campaigns where store_id = $1 and id = $2', [storeId, current.id]);
    return { status: 204 };
  },

  async setAdCampaignActive(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const current = await publishedOr404(db, storeId, context.params.campaignId);
    const { active } = context.body;
    if (active && notEditableReason(current) === 'finished') throw new HttpError(409, 'campaign_finished', adCampaignMessages.finished);
    const { client } = await adAccountClientOf(db, access, storeId);
    const metaId = await metaIdOf(db, current.id, 'campaign');
    await throughMeta(db, storeId, () => client.updateCampaign(metaId, { status: active ? 'ACTIVE' : 'PAUSED' }));
    await db.query('update ad_campaigns set paused = $3, updated_at = now() where store_id = $1 and id = $2', [
      storeId,
      current.id,
      !active,
    ]);
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
    if (dailyBudget < props.minDailyBudget) {
      const message = campaignRuleMessages.budgetBelowMinimum(props.minDailyBudget, props.currency);
      throw refusal([{ field: 'dailyBudget', code: 'budget_below_minimum', message }]);
    }
    const adSetId = await metaIdOf(db, current.id, 'adSet');
    try {
      await client.updateAdSet(adSetId, { dailyBudget: toMetaAmount(dailyBudget, current.currency) });
    } catch (error) {
      if (!(error instanceof MetaError)) throw error;
      await refuseDeadToken(db, storeId, error);
      throw partRefusal(error, publicationMessages.budget, 'adSet');
    }
    await db.query('update ad_campaigns set daily_budget = $3, updated_at = now() where store_id = $1 and id = $2', [
      storeId,
      current.id,
      dailyBudget,
    ]);
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
      await db.query(`delete from ad_campaigns where store_id = $1 and id = $2 and publication <> 'published'`, [storeId, campaignId]);
    },
    onFinalFailure: async (job) => {
      await enqueue(db, AD_CAMPAIGN_DISCARD_QUEUE, job.payload, { runAt: new Date(Date.now() + 86_400_000), maxAttempts: 8 });
    },
  });
}
