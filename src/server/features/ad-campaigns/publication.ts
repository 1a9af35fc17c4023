import { createHash } from 'node:crypto';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { toMetaAmount } from '../../integrations/meta/currency.ts';
import { MetaError, MetaNotFoundError } from '../../integrations/meta/errors.ts';
import type {
  GraphCallToAction,
  GraphChildAttachment,
  GraphObjectStorySpec,
  GraphPromotedObject,
  GraphTargeting,
} from '../../integrations/meta/types.ts';
import { type MetaConnectionRow, refuseDeadToken } from '../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AudienceMember, CampaignPlan, PlannedFile } from './campaign-rules.ts';
import { adCampaignMessages as messages } from './messages.ts';
import { merchantRefusalOf } from './meta-refusals.ts';
import {
  type CampaignRow,
  forgetMetaObject as forget,
  metaObjectKey as keyOf,
  type MediaRow,
  type MetaObject,
  metaObjectsOf,
  recordMetaObject as record,
  rememberUploaded,
  setAsideAudience,
  uploadedAudienceIds,
} from './repository.ts';

/*
 * A campaign in Meta, built or brought up to date part by part: the segment's custom audience, the
 * campaign, its ad set, one creative and ad per file (or one carousel). Each object's id is recorded the
 * moment Meta answers with it, so a save that fails halfway is either undone (a first save) or finished
 * by the next save, which finds what exists and changes it in place instead of creating it again.
 *
 * Creatives cannot change once made: each carries a fingerprint of what it shows, and a file, text or
 * link that changed gets a new creative, to which the position's ad is moved.
 */

export type Part = 'campaign' | 'adSet' | 'ad';

/** Meta refused or failed one part of the campaign; `metaText` is Meta's own words, when it gave any. */
export class PublishFailure extends Error {
  constructor(
    readonly part: Part,
    override readonly cause: unknown,
    readonly metaText: string | null,
  ) {
    super(`Meta failed the ${part}: ${metaText ?? String(cause)}`);
  }
}

const PART_CODES: Record<Part, string> = { campaign: 'meta_campaign_failed', adSet: 'meta_ad_set_failed', ad: 'meta_ad_failed' };

/** Meta's text for the merchant: its message for users, else its own message; nothing when it said nothing. */
export function metaTextOf(error: unknown): string | null {
  if (!(error instanceof MetaError) || !error.graph) return null;
  const text = (error.graph.error_user_msg ?? error.graph.message ?? '').trim();
  return text || null;
}

/** SPEC §8: the part that failed, Meta's text when there is one, and where to look. */
export function failureMessage(lead: string, part: Part, metaText: string | null): string {
  const quoted = metaText ? ` Meta indicó: «${metaText.replace(/\s+/g, ' ')}».` : '';
  return `${lead}: hubo un problema con ${messages.publication.parts[part]}.${quoted} ${messages.publication.check}`;
}

/** The merchant's to fix, on its field (meta-refusals.ts); else the 502 naming the part, quoting Meta. */
export function partRefusal(error: unknown, lead: string, part: Part): HttpError {
  const metaText = metaTextOf(error);
  return (
    merchantRefusalOf(error) ??
    new HttpError(502, PART_CODES[part], failureMessage(lead, part, metaText), undefined, undefined, metaText ?? undefined)
  );
}

/** The refusal of a failed save (`partRefusal`), or the 409 of a token Meta no longer takes (the connection marked for renewal). */
export async function publishRefusal(db: Queryable, storeId: number, failure: PublishFailure, lead: string): Promise<never> {
  await refuseDeadToken(db, storeId, failure.cause);
  throw partRefusal(failure.cause, lead, failure.part);
}

async function step<T>(part: Part, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MetaError) throw new PublishFailure(part, error, metaTextOf(error));
    throw error;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Meta matches an uploaded list and encodes a video in the background: reads this far apart, then we go on. */
const WAITS_MS = [0, 0, 250, 500, 1000, 2000, 3000, 5000, 8000];

export interface Publication {
  db: Queryable;
  client: MetaUserClient;
  connection: MetaConnectionRow;
  storeId: number;
  campaignId: number;
  /** The ad account the campaign lives in. */
  adAccountId: string;
  plan: CampaignPlan;
  /** The campaign as saved before this edit; null on a first save. */
  previous: CampaignRow | null;
}

/** Builds the campaign in Meta (first save: audience, campaign, ad set, creatives, ads) or updates it in place. */
export async function publish(publication: Publication): Promise<void> {
  const objects = await metaObjectsOf(publication.db, publication.campaignId);
  if (!publication.previous) {
    const audienceId = await step('adSet', () => ensureAudience(publication, objects));
    const campaignId = await step('campaign', () => ensureCampaign(publication, objects));
    const adSetId = await step('adSet', () => ensureAdSet(publication, objects, campaignId, audienceId));
    await step('ad', () => ensureAds(publication, objects, adSetId));
    return;
  }
  const campaignId = await step('campaign', () => ensureCampaign(publication, objects));
  const audienceId = await step('adSet', () => ensureAudience(publication, objects));
  const adSetId = await step('adSet', () => ensureAdSet(publication, objects, campaignId, audienceId));
  await retireAudiences(publication, objects);
  await step('ad', () => ensureAds(publication, objects, adSetId));
}

/* The custom audience: the segment's reachable customers, hashed by the client. */

const rememberSent = (publication: Publication, members: readonly AudienceMember[], replace: boolean) =>
  rememberUploaded(
    publication.db,
    publication.storeId,
    publication.campaignId,
    members.map((member) => member.externalId),
    replace,
  );

async function audienceMatched(client: MetaUserClient, audienceId: string): Promise<void> {
  for (const wait of WAITS_MS) {
    await pause(wait);
    const audience = await client.customAudience(audienceId);
    // 441: Meta is still finding the people of the last upload.
    if (audience.operationStatus.code !== 441) return;
  }
}

async function ensureAudience(publication: Publication, objects: Map<string, MetaObject>): Promise<string> {
  const { db, client, plan, storeId, campaignId } = publication;
  const wanted = `segment:${plan.input.segmentId}`;
  const current = objects.get(keyOf('audience', 0));
  if (current && current.fingerprint === wanted) {
    // The same segment: its newcomers are added; those who left stay (their orders may still come from the ads).
    const uploaded = await uploadedAudienceIds(db, campaignId);
    const newcomers = plan.members.filter((member) => !uploaded.has(member.externalId));
    if (newcomers.length > 0) {
      await client.addAudienceMembers(current.metaId, newcomers);
      await rememberSent(publication, newcomers, false);
      await audienceMatched(client, current.metaId);
    }
    return current.metaId;
  }
  if (current && current.fingerprint !== `${wanted}:filling`) {
    // Another segment's audience: set aside, deleted once the ad set targets the new one.
    const retired =
      1 + Math.max(0, ...[...objects.values()].filter((object) => object.kind === 'audience').map((object) => object.position));
    await setAsideAudience(db, campaignId, retired);
    objects.delete(keyOf('audience', 0));
    objects.set(keyOf('audience', retired), { ...current, position: retired });
  }
  const audienceId =
    current?.fingerprint === `${wanted}:filling`
      ? current.metaId
      : await client.createCustomAudience(publication.adAccountId, {
          name: `Recompra · ${plan.segmentName} · campaña ${campaignId}`,
          description: `Clientes del segmento «${plan.segmentName}» con consentimiento, para la campaña «${plan.input.name}».`,
        });
  await record(db, storeId, campaignId, { kind: 'audience', position: 0, metaId: audienceId, fingerprint: `${wanted}:filling` });
  await client.addAudienceMembers(audienceId, plan.members);
  await rememberSent(publication, plan.members, true);
  await record(db, storeId, campaignId, { kind: 'audience', position: 0, metaId: audienceId, fingerprint: wanted });
  objects.set(keyOf('audience', 0), { kind: 'audience', position: 0, metaId: audienceId, fingerprint: wanted });
  await audienceMatched(client, audienceId);
  return audienceId;
}

/** Audiences of earlier segments, once no ad set targets them; one Meta will not delete now is tried at the next save. */
async function retireAudiences(publication: Publication, objects: Map<string, MetaObject>): Promise<void> {
  for (const object of [...objects.values()]) {
    if (object.kind !== 'audience' || object.position === 0) continue;
    try {
      await publication.client.deleteCustomAudience(object.metaId);
    } catch (error) {
      if (!(error instanceof MetaNotFoundError)) continue;
    }
    await forget(publication.db, publication.campaignId, 'audience', object.position);
    objects.delete(keyOf('audience', object.position));
  }
}

/* The campaign and its ad set. */

async function ensureCampaign(publication: Publication, objects: Map<string, MetaObject>): Promise<string> {
  const { client, plan } = publication;
  const current = objects.get(keyOf('campaign', 0));
  if (current) {
    await client.updateCampaign(current.metaId, { name: plan.input.name });
    return current.metaId;
  }
  const promotedObject: GraphPromotedObject | undefined = plan.input.productCatalogId
    ? { product_catalog_id: plan.input.productCatalogId }
    : undefined;
  const id = await client.createCampaign(publication.adAccountId, {
    name: plan.input.name,
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    specialAdCategories: [],
    ...(promotedObject ? { promotedObject } : {}),
  });
  const object: MetaObject = { kind: 'campaign', position: 0, metaId: id, fingerprint: null };
  await record(publication.db, publication.storeId, publication.campaignId, object);
  objects.set(keyOf('campaign', 0), object);
  return id;
}

/** Who sees the ads: the segment's audience, narrowed by place (Chile when none), age, gender and interests. */
export function targetingOf(plan: CampaignPlan, audienceId: string): GraphTargeting {
  const { locations, ageMin, ageMax, gender, interests } = plan.input;
  const regions = locations.filter((place) => place.type === 'region').map((place) => ({ key: place.key }));
  const cities = locations.filter((place) => place.type === 'city').map((place) => ({ key: place.key }));
  return {
    geo_locations:
      regions.length + cities.length === 0
        ? { countries: ['CL'] }
        : { ...(regions.length ? { regions } : {}), ...(cities.length ? { cities } : {}) },
    age_min: ageMin,
    age_max: ageMax,
    ...(gender === 'male' ? { genders: [1] as Array<1 | 2> } : gender === 'female' ? { genders: [2] as Array<1 | 2> } : {}),
    ...(interests.length ? { flexible_spec: [{ interests: interests.map(({ id, name }) => ({ id, name })) }] } : {}),
    custom_audiences: [{ id: audienceId }],
  };
}

/** What the ad set optimises for: purchases of the catalog's product set (retargeting), else those the pixel sees. */
function promotedObjectOf(publication: Publication): GraphPromotedObject | undefined {
  const { productSetId } = publication.plan.input;
  if (productSetId) return { product_set_id: productSetId, custom_event_type: 'PURCHASE' };
  if (publication.connection.pixel_id) return { pixel_id: publication.connection.pixel_id, custom_event_type: 'PURCHASE' };
  return undefined;
}

async function ensureAdSet(publication: Publication, objects: Map<string, MetaObject>, campaignId: string, audienceId: string) {
  const { client, plan, previous } = publication;
  const targeting = targetingOf(plan, audienceId);
  const dailyBudget = toMetaAmount(plan.input.dailyBudget, plan.currency);
  const name = `${plan.input.name} · Conjunto de anuncios`;
  const current = objects.get(keyOf('adSet', 0));
  if (current) {
    const startChanged = !previous || previous.start_at.getTime() !== plan.startAt.getTime();
    await client.updateAdSet(current.metaId, {
      name,
      dailyBudget,
      targeting,
      endTime: plan.endAt ? plan.endAt.toISOString() : null,
      ...(startChanged ? { startTime: plan.startAt.toISOString() } : {}),
    });
    return current.metaId;
  }
  const promotedObject = promotedObjectOf(publication);
  const id = await client.createAdSet(publication.adAccountId, {
    name,
    campaignId,
    dailyBudget,
    billingEvent: 'IMPRESSIONS',
    optimizationGoal: promotedObject ? 'OFFSITE_CONVERSIONS' : 'LINK_CLICKS',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    startTime: plan.startAt.toISOString(),
    ...(plan.endAt ? { endTime: plan.endAt.toISOString() } : {}),
    status: 'ACTIVE',
    ...(promotedObject ? { promotedObject } : {}),
    targeting,
  });
  const object: MetaObject = { kind: 'adSet', position: 0, metaId: id, fingerprint: null };
  await record(publication.db, publication.storeId, publication.campaignId, object);
  objects.set(keyOf('adSet', 0), object);
  return id;
}

/* Creatives and ads. */

/** Waits for Meta to finish encoding each video (a creative cannot use one before). */
async function videosReady(client: MetaUserClient, files: readonly PlannedFile[]): Promise<void> {
  const videos = [...new Set(files.flatMap((file) => (file.media.meta_video_id ? [file.media.meta_video_id] : [])))];
  for (const videoId of videos) {
    let status = 'processing';
    for (const wait of WAITS_MS) {
      await pause(wait);
      status = (await client.adVideo(videoId)).status;
      if (status !== 'processing') break;
    }
    if (status === 'error') throw new PublishFailure('ad', null, messages.publication.videoFailed);
    if (status !== 'ready') throw new PublishFailure('ad', null, messages.meta.videoNotReady);
  }
}

const hashOf = (media: MediaRow | null) => media?.meta_image_hash ?? undefined;

/** The ads' story specs: one per file, or one carousel whose cards are the files. */
export function storySpecsOf(plan: CampaignPlan, connection: MetaConnectionRow): GraphObjectStorySpec[] {
  const { input, files } = plan;
  const callToAction: GraphCallToAction = { type: input.callToAction, value: { link: input.url } };
  const base = {
    page_id: connection.page_id ?? '',
    ...(connection.instagram_account_id ? { instagram_user_id: connection.instagram_account_id } : {}),
  };
  if (input.format === 'CAROUSEL') {
    const cards: GraphChildAttachment[] = files.map((file) => ({
      link: input.url,
      name: input.title,
      description: input.description,
      ...(file.media.kind === 'video'
        ? { video_id: file.media.meta_video_id ?? '', image_hash: hashOf(file.thumbnail) }
        : { image_hash: hashOf(file.media) }),
      call_to_action: callToAction,
    }));
    return [
      {
        ...base,
        link_data: {
          link: input.url,
          message: input.mainText,
          child_attachments: cards,
          multi_share_optimized: true,
          multi_share_end_card: false,
          call_to_action: callToAction,
        },
      },
    ];
  }
  return files.map((file) =>
    file.media.kind === 'video'
      ? {
          ...base,
          video_data: {
            video_id: file.media.meta_video_id ?? '',
            image_hash: hashOf(file.thumbnail),
            title: input.title,
            message: input.mainText,
            link_description: input.description,
            call_to_action: callToAction,
          },
        }
      : {
          ...base,
          link_data: {
            link: input.url,
            message: input.mainText,
            name: input.title,
            description: input.description,
            image_hash: hashOf(file.media),
            call_to_action: callToAction,
          },
        },
  );
}

const fingerprintOf = (spec: GraphObjectStorySpec) => createHash('sha256').update(JSON.stringify(spec)).digest('hex');

async function ensureAds(publication: Publication, objects: Map<string, MetaObject>, adSetId: string): Promise<void> {
  const { db, client, plan, storeId, campaignId, adAccountId } = publication;
  await videosReady(client, plan.files);
  const specs = storySpecsOf(plan, publication.connection);
  for (const [position, spec] of specs.entries()) {
    const fingerprint = fingerprintOf(spec);
    let creative = objects.get(keyOf('creative', position));
    if (creative?.fingerprint !== fingerprint) {
      const id = await client.createAdCreative(adAccountId, { name: `${plan.input.name} · ${position + 1}`, objectStorySpec: spec });
      creative = { kind: 'creative', position, metaId: id, fingerprint };
      await record(db, storeId, campaignId, creative);
      objects.set(keyOf('creative', position), creative);
    }
    const ad = objects.get(keyOf('ad', position));
    if (!ad) {
      const id = await client.createAd(adAccountId, {
        name: `${plan.input.name} · Anuncio ${position + 1}`,
        adsetId: adSetId,
        creativeId: creative.metaId,
        status: 'ACTIVE',
      });
      const created: MetaObject = { kind: 'ad', position, metaId: id, fingerprint };
      await record(db, storeId, campaignId, created);
      objects.set(keyOf('ad', position), created);
    } else if (ad.fingerprint !== fingerprint) {
      await client.updateAd(ad.metaId, { creativeId: creative.metaId });
      const moved = { ...ad, fingerprint };
      await record(db, storeId, campaignId, moved);
      objects.set(keyOf('ad', position), moved);
    }
  }
  // Files taken out of the campaign: their ads go (Meta keeps the unused creatives, which cost nothing).
  for (const object of [...objects.values()]) {
    if (object.position < specs.length || (object.kind !== 'ad' && object.kind !== 'creative')) continue;
    if (object.kind === 'ad')
      try {
        await client.deleteAd(object.metaId);
      } catch (error) {
        if (!(error instanceof MetaNotFoundError)) throw error;
      }
    await forget(db, campaignId, object.kind, object.position);
    objects.delete(keyOf(object.kind, object.position));
  }
}

/**
 * Deletes the campaign in Meta (its ad set and ads go with it) and every audience it made, forgetting
 * each as it goes; one Meta no longer knows counts as deleted. Whether everything is gone, and Meta's
 * last refusal when not.
 */
export async function deleteInMeta(
  db: Queryable,
  client: MetaUserClient,
  campaignId: number,
): Promise<{ complete: boolean; error: unknown }> {
  const objects = [...(await metaObjectsOf(db, campaignId)).values()];
  // The campaign first: while Meta keeps it, its audiences stay too, so it keeps delivering as it was.
  for (const kind of ['campaign', 'audience'] as const)
    for (const object of objects.filter((candidate) => candidate.kind === kind)) {
      try {
        if (kind === 'campaign') await client.deleteCampaign(object.metaId);
        else await client.deleteCustomAudience(object.metaId);
      } catch (error) {
        if (!(error instanceof MetaNotFoundError)) return { complete: false, error };
      }
      await forget(db, campaignId, object.kind, object.position);
    }
  return { complete: true, error: null };
}
