import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import {
  delayMinutes,
  estimatedCostUsd,
  sendInstant,
  sendTimeAhead,
  templateIssues,
  WHATSAPP_CAMPAIGN_ERRORS,
  WHATSAPP_RATES,
  type WhatsappCampaignInput,
  whatsappCampaignInputSchema,
} from '../../../shared/whatsapp-campaigns.ts';
import { whatsappConnectionOf, whatsappNotConnected } from '../../platform/connections/whatsapp-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { errors } from '../../platform/http/errors.ts';
import { whatsappAudienceCounts } from '../../platform/store-data/audiences.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { storeTimeZone } from '../../platform/store-data/store-calendar.ts';
import { storeTemplate } from '../../platform/store-data/whatsapp-templates.ts';
import { audienceSample, messagingAllowance } from './campaign-audience.ts';
import {
  campaignMedia,
  campaignOf,
  campaignRow,
  campaignSummaries,
  deleteCampaignRow,
  insertCampaign,
  RECIPIENTS_PAGE_SIZE,
  recipientsPage,
  segmentNamed,
  type WhatsappCampaignContent,
} from './campaign-repository.ts';
import { scheduleCampaignStart } from './campaign-sender.ts';
import { FORMAT_OF_KIND } from './media.ts';
import { campaignMessages as messages } from './messages.ts';
import { mediaOf, type TemplateRow } from './repository.ts';

/*
 * WhatsApp campaigns (SPEC §2, §3, §4, §5): the list with each state and its figures, the audience a campaign
 * being written would reach (consented recipients, cost, the messaging limit) with a real customer's values for
 * its preview, creation (unique, sent at its time; automated, sent on each event), the detail with its chat list,
 * and deletion. Sending is the outbox's (campaign-sender.ts). Every role of the store may use them (SPEC §2).
 */

type CampaignOperations = Pick<
  AppOperations,
  | 'listWhatsappCampaigns'
  | 'createWhatsappCampaign'
  | 'getWhatsappCampaign'
  | 'deleteWhatsappCampaign'
  | 'listWhatsappCampaignRecipients'
  | 'getWhatsappCampaignAudience'
>;

const E = WHATSAPP_CAMPAIGN_ERRORS;

async function connectedOr409(db: Queryable, storeId: number) {
  const connection = await whatsappConnectionOf(db, storeId);
  if (!connection) throw whatsappNotConnected();
  return connection;
}

/** The template's content as the campaign will send it, kept with the campaign. */
async function contentOf(db: Queryable, storeId: number, template: TemplateRow): Promise<WhatsappCampaignContent> {
  const media = template.header_media_id ? await campaignMedia(db, storeId, template.header_media_id) : null;
  return {
    header: {
      format: template.header_format,
      text: template.header_text,
      media: media ? mediaOf(storeId, media) : null,
    },
    body: template.body,
    footer: template.footer,
    variables: template.variables,
    buttons: template.buttons,
  };
}

/** Every broken rule of the body at once, each on its field (the contract's own 400), with what it needs. */
async function checkedCampaign(db: Queryable, storeId: number, body: WhatsappCampaignInput, timeZone: string, now: Date) {
  const parsed = whatsappCampaignInputSchema.safeParse(body);
  if (!parsed.success) throw errors.invalidRequest(fieldErrorsOf(parsed.error.issues, messages.rules));
  const input = parsed.data;
  const problems: { field: string; message: string }[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const template = await storeTemplate(db, storeId, input.templateId);
  if (!template) problem('templateId', messages.templateNotFound);
  else
    for (const issue of templateIssues(input, {
      status: template.status,
      headerFormat: template.header_format,
      variables: template.variables,
      buttons: template.buttons,
    }))
      problem(issue.path.join('.'), messages.rules[issue.message]);

  const needsSegment = input.kind === 'unique' || input.event === 'segmentEntry';
  const segment = needsSegment && input.segmentId !== null ? await segmentNamed(db, storeId, input.segmentId) : null;
  if (needsSegment && input.segmentId !== null && !segment) problem('segmentId', messages.segmentNotFound);

  if (input.headerMediaId !== null && template) {
    const media = await campaignMedia(db, storeId, input.headerMediaId);
    if (!media) problem('headerMediaId', messages.mediaNotFound);
    else if (FORMAT_OF_KIND[media.kind] !== template.header_format) problem('headerMediaId', messages.rules[E.fileFormat]);
  }

  const sendAt = input.kind === 'unique' && input.sendDate && input.sendTime ? sendInstant(input.sendDate, input.sendTime, timeZone) : null;
  if (sendAt && !sendTimeAhead(sendAt, now)) problem('sendTime', messages.rules[E.sendInPast]);

  if (problems.length > 0) throw errors.invalidRequest(problems);
  return { input, template: template!, segment, sendAt };
}

export const whatsappCampaignHandlers = (): Handlers<CampaignOperations> => ({
  async listWhatsappCampaigns(context) {
    const { storeId } = inStore(context);
    await connectedOr409(context.db, storeId);
    const [campaigns, timeZone] = await Promise.all([campaignSummaries(context.db, storeId), storeTimeZone(context.db, storeId)]);
    return { status: 200, body: { campaigns, timeZone } };
  },

  async getWhatsappCampaign(context) {
    const { storeId } = inStore(context);
    const row = await campaignRow(context.db, storeId, context.params.campaignId);
    if (!row) throw errors.notFound();
    return { status: 200, body: await campaignOf(context.db, row, await storeTimeZone(context.db, storeId)) };
  },

  async createWhatsappCampaign(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    await connectedOr409(db, storeId);
    const timeZone = await storeTimeZone(db, storeId);
    const now = new Date();
    const { input, template, segment, sendAt } = await checkedCampaign(db, storeId, context.body, timeZone, now);
    const content = await contentOf(db, storeId, template);
    const row = await db.transaction(async (tx) => {
      const id = await insertCampaign(tx, storeId, {
        name: input.name.trim(),
        kind: input.kind,
        templateId: template.id,
        templateName: template.name,
        templateCategory: template.category,
        content,
        headerMediaId: input.headerMediaId,
        segmentId: segment ? Number(segment.id) : null,
        segmentName: segment?.name ?? null,
        sendAt,
        event: input.kind === 'automated' ? input.event : null,
        delay: input.kind === 'automated' ? input.delay : null,
        delayMinutes: input.kind === 'automated' ? delayMinutes(input.delay) : 0,
        window: input.kind === 'automated' ? input.window : null,
        variables: input.variables,
        // A unique campaign due now is `created` until its recipients are taken, moments later.
        status: input.kind === 'automated' ? 'active' : sendAt && sendAt.getTime() > now.getTime() ? 'scheduled' : 'created',
      });
      if (input.kind === 'unique') await scheduleCampaignStart(tx, storeId, id, sendAt ?? now);
      await publishLive(tx, storeId, { topic: 'whatsappCampaign', campaignId: Number(id) });
      return (await campaignRow(tx, storeId, id))!;
    });
    return { status: 201, body: await campaignOf(db, row, timeZone) };
  },

  async deleteWhatsappCampaign(context) {
    const { storeId } = inStore(context);
    const deleted = await context.db.transaction(async (tx) => {
      // Its outbox goes with it: a worker holding one of its rows finds it gone and sends nothing more.
      const gone = await deleteCampaignRow(tx, storeId, context.params.campaignId);
      if (gone) await publishLive(tx, storeId, { topic: 'whatsappCampaign', campaignId: context.params.campaignId });
      return gone;
    });
    if (!deleted) throw errors.notFound();
    return { status: 204 };
  },

  async listWhatsappCampaignRecipients(context) {
    const { storeId } = inStore(context);
    const row = await campaignRow(context.db, storeId, context.params.campaignId);
    if (!row) throw errors.notFound();
    const page = context.query.page ?? 1;
    const { recipients, total } = await recipientsPage(context.db, storeId, Number(row.id), context.query.filter ?? 'all', page);
    return { status: 200, body: { recipients, total, page, pageSize: RECIPIENTS_PAGE_SIZE } };
  },

  async getWhatsappCampaignAudience(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const connection = await connectedOr409(db, storeId);
    const { templateId, segmentId, event } = context.query;
    const template = await storeTemplate(db, storeId, templateId);
    if (!template) throw errors.invalidRequest([{ field: 'templateId', message: messages.templateNotFound }]);
    if (segmentId !== undefined && !(await segmentNamed(db, storeId, segmentId)))
      throw errors.invalidRequest([{ field: 'segmentId', message: messages.segmentNotFound }]);
    const sample = await audienceSample(db, storeId, {
      segmentId: segmentId ?? null,
      withProduct: event === undefined || event === 'orderFulfilled',
    });
    if (segmentId === undefined) return { status: 200, body: { members: null, consented: null, sample, cost: null, messagingLimit: null } };
    const counts = await whatsappAudienceCounts(db, storeId, segmentId);
    const allowance = await messagingAllowance(db, storeId, connection);
    return {
      status: 200,
      body: {
        members: counts.members,
        consented: counts.consented,
        sample,
        cost: {
          category: template.category,
          rateUsd: WHATSAPP_RATES.usd[template.category],
          ratesAsOf: WHATSAPP_RATES.asOf,
          estimatedUsd: estimatedCostUsd(template.category, counts.consented),
        },
        messagingLimit: {
          tier: allowance.tier,
          perDay: allowance.perDay,
          availableNow: allowance.availableNow,
          deferred: allowance.availableNow === null ? 0 : Math.max(0, counts.consented - allowance.availableNow),
        },
      },
    };
  },
});
