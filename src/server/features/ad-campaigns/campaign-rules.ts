import {
  AD_CAMPAIGN_ERRORS,
  type AdCampaignInput,
  adCampaignInputSchema,
  audienceTooSmall,
  budgetBelowMinimum,
  startIsInPast,
} from '../../../shared/ad-campaigns.ts';
import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { DEFAULT_SEGMENT_NAMES } from '../../../shared/segment-names.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaNotFoundError } from '../../integrations/meta/errors.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { errors, type FieldError, type HttpError } from '../../platform/http/errors.ts';
import { type ReachableMember, reachableMembers } from '../../platform/store-data/audiences.ts';
import { adCampaignMessages as messages } from './messages.ts';
import { type CampaignFields, type CampaignRow, type MediaChoice, type MediaRow, mediaRows, segmentOfStore } from './repository.ts';

/*
 * SPEC §5's rules of an ad campaign on the server. The shared schema (src/shared/ad-campaigns.ts), which
 * the wizard runs too, states the rules between fields (an end after the start, a maximum age not below
 * the minimum, a carousel's two cards, a retargeting campaign's catalog and product set); the shared
 * predicates judge the start, the budget and the audience as the wizard does. This module adds only what
 * needs the server: the clock, the ad account's minimum, the segment's reachable customers, the files
 * found in the ad account (a video's thumbnail among them), the catalog in Meta, and the fields Meta fixes
 * once a campaign exists. Every broken rule is answered at once, each on its field, with the 400 of the
 * contract's own validation.
 */

const E = AD_CAMPAIGN_ERRORS;

/** The body's fields in the form's order: the answer names them so, whichever check found them. */
const FIELD_ORDER = Object.keys(adCampaignInputSchema.shape);
const orderOf = (fieldError: FieldError) => FIELD_ORDER.indexOf(fieldError.field.split('.')[0] ?? '');

/** The rules the body breaks, each on its field. */
export const brokenRules = (fieldErrors: readonly FieldError[]): HttpError =>
  errors.invalidRequest(fieldErrors.toSorted((a, b) => orderOf(a) - orderOf(b)));

/** A segment's customer as the custom audience receives them: only the contacts they consented to. */
export type AudienceMember = ReachableMember;

/** The file an ad shows, and a video's thumbnail image. */
export interface PlannedFile {
  media: MediaRow;
  thumbnail: MediaRow | null;
}

/** A campaign as it will be saved and published, once every rule holds. */
export interface CampaignPlan extends CampaignFields {
  members: AudienceMember[];
  files: PlannedFile[];
}

export interface RuleContext {
  db: Queryable;
  storeId: number;
  adAccountId: string;
  props: { currency: string; minDailyBudget: number };
  /** The campaign being edited, on an update. */
  current: CampaignRow | null;
  now: Date;
}

/** The ad account's minimum daily budget, on `dailyBudget`. */
export function budgetRefusal(dailyBudget: number, props: RuleContext['props']): FieldError | null {
  if (!budgetBelowMinimum(dailyBudget, props.minDailyBudget)) return null;
  return { field: 'dailyBudget', message: messages.budgetBelowMinimum(props.minDailyBudget, props.currency) };
}

/** Checks the form against every rule of SPEC §5; the plan to publish, or the 400 naming each broken rule. */
export async function checkedCampaign(context: RuleContext, raw: AdCampaignInput): Promise<CampaignPlan> {
  const { db, storeId, current, now } = context;
  const shared = adCampaignInputSchema.safeParse(raw);
  const problems: FieldError[] = shared.success ? [] : fieldErrorsOf(shared.error.issues, messages.rules);
  const problem = (field: string, message: string) => problems.push({ field, message });

  const retargeting = raw.type === 'retargeting';
  const input: AdCampaignInput = {
    ...raw,
    name: raw.name.trim(),
    mainText: raw.mainText.trim(),
    title: raw.title.trim(),
    description: raw.description.trim(),
    url: raw.url.trim(),
    productCatalogId: retargeting ? raw.productCatalogId : null,
    productSetId: retargeting ? raw.productSetId : null,
  };

  if (current && current.type !== input.type) problem('type', messages.typeFixed);

  const startAt = new Date(input.startAt);
  const endAt = input.endAt === null ? null : new Date(input.endAt);
  // On an edit, a start already saved stands (an active campaign began in the past); a new one must not be past.
  const startChanged = !current || current.start_at.getTime() !== startAt.getTime();
  if (startChanged && startIsInPast(startAt, now)) problem('startAt', messages.rules[E.startInPast]);

  const budget = budgetRefusal(input.dailyBudget, context.props);
  if (budget) problems.push(budget);

  const segment = await segmentOfStore(db, storeId, input.segmentId);
  let members: AudienceMember[] = [];
  if (!segment) problem('segmentId', messages.segmentNotFound);
  else {
    members = await reachableMembers(db, storeId, input.segmentId, 'ads');
    if (audienceTooSmall(members.length)) problem('segmentId', messages.audienceTooSmall(members.length));
  }

  const ids = input.media.flatMap((choice) => (choice.thumbnailMediaId ? [choice.mediaId, choice.thumbnailMediaId] : [choice.mediaId]));
  // A file of another store, or uploaded to another ad account than the one saved now, cannot be used.
  const usable = new Map(
    (await mediaRows(db, storeId, ids)).filter((row) => row.ad_account_id === context.adAccountId).map((row) => [row.id, row]),
  );
  const files: PlannedFile[] = [];
  const media: MediaChoice[] = [];
  input.media.forEach((choice, index) => {
    const file = usable.get(choice.mediaId);
    if (!file) return problem(`media.${index}.mediaId`, messages.mediaNotFound);
    if (file.kind === 'image') {
      files.push({ media: file, thumbnail: null });
      media.push({ mediaId: file.id, thumbnailMediaId: null });
      return;
    }
    const field = `media.${index}.thumbnailMediaId`;
    if (choice.thumbnailMediaId === null) return problem(field, messages.thumbnailRequired);
    const thumbnail = usable.get(choice.thumbnailMediaId);
    if (!thumbnail) return problem(field, messages.mediaNotFound);
    if (thumbnail.kind !== 'image') return problem(field, messages.thumbnailNotImage);
    files.push({ media: file, thumbnail });
    media.push({ mediaId: file.id, thumbnailMediaId: thumbnail.id });
  });

  // Meta keeps an ad set's promoted product set for its whole life.
  if (current && input.productSetId !== null && current.product_set_id !== input.productSetId)
    problem('productSetId', messages.productSetFixed);

  if (problems.length > 0) throw brokenRules(problems);
  const segmentName = segment!.name ?? (segment!.key ? DEFAULT_SEGMENT_NAMES[segment!.key] : '');
  return { input, startAt, endAt, segmentName, members, files, media, currency: context.props.currency };
}

/**
 * A retargeting campaign's product set must be one of its catalog's, as Meta lists them now: a catalog
 * Meta does not show the person, or a set not in it, is refused on the field. Meta's other failures are the caller's.
 */
export async function checkProductSet(client: MetaUserClient, plan: CampaignPlan): Promise<void> {
  const { productCatalogId, productSetId } = plan.input;
  if (productCatalogId === null || productSetId === null) return;
  let sets: { id: string }[];
  try {
    sets = await client.productSets(productCatalogId);
  } catch (error) {
    if (error instanceof MetaNotFoundError) sets = [];
    else throw error;
  }
  if (!sets.some((set) => set.id === productSetId))
    throw brokenRules([{ field: 'productSetId', message: messages.rules[E.productSetRequired] }]);
}
