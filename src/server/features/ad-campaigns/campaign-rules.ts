import type { components } from '../../../shared/api/app.gen.ts';
import { AD_CAMPAIGN_LIMITS } from '../../../shared/constants.ts';
import { formatClp } from '../../../shared/format/number.ts';
import { DEFAULT_SEGMENT_NAMES } from '../../../shared/segment-names.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaNotFoundError } from '../../integrations/meta/errors.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { type FieldError, HttpError } from '../../platform/http/errors.ts';
import { type ReachableMember, reachableMembers } from '../../platform/store-data/audiences.ts';
import type { CampaignRow, MediaChoice, MediaRow } from './campaign-rows.ts';
import { mediaRows } from './campaign-rows.ts';

/*
 * SPEC §5's rules of an ad campaign that the contract cannot state: what depends on the time, on the
 * ad account, on the segment's customers, on the uploaded files and on the catalog in Meta. Every
 * broken rule is reported on its field at once; the answer's code is the first one's.
 */

export type AdCampaignInput = components['schemas']['AdCampaignInput'];
type SegmentKey = components['schemas']['SegmentKey'];

export const campaignRuleMessages = {
  budgetBelowMinimum: (minimum: number, currency: string) =>
    `El presupuesto diario debe ser de al menos ${currency === 'CLP' ? formatClp(minimum) : minimum.toLocaleString('es-CL')} ${currency}.`,
  startInPast: 'La fecha de inicio no puede ser anterior a este momento.',
  endBeforeStart: 'La fecha de término debe ser posterior a la de inicio.',
  ageMaxBelowMin: 'La edad máxima no puede ser menor que la mínima.',
  segmentNotFound: 'El segmento no existe. Elige otro.',
  audienceTooSmall: (reachable: number) =>
    `El segmento tiene ${reachable.toLocaleString('es-CL')} clientes con consentimiento y datos de contacto; Meta necesita al menos ${AD_CAMPAIGN_LIMITS.audienceMin.toLocaleString('es-CL')} para mostrar anuncios.`,
  mediaNotFound: 'No encontramos este archivo en tu cuenta publicitaria. Súbelo de nuevo.',
  thumbnailRequired: 'Elige una imagen como miniatura del video.',
  thumbnailNotImage: 'La miniatura debe ser una imagen.',
  carouselTooShort: `Un carrusel necesita al menos ${AD_CAMPAIGN_LIMITS.carouselMin} archivos.`,
  productSetRequired: 'Elige un conjunto de productos del catálogo.',
  productCatalogRequired: 'Elige un catálogo de productos.',
  productSetFixed: 'El conjunto de productos no se puede cambiar una vez creada la campaña.',
  typeFixed: 'El tipo de campaña no se puede cambiar.',
  checkFields: 'Revisa los campos marcados.',
};

type CodedFieldError = FieldError & { code: string };

/** All the broken rules as one 422, with the first one's code. */
export function refusal(fieldErrors: CodedFieldError[]): HttpError {
  const [first] = fieldErrors;
  return new HttpError(
    422,
    first!.code,
    fieldErrors.length === 1 ? first!.message : campaignRuleMessages.checkFields,
    fieldErrors.map(({ field, message }) => ({ field, message })),
  );
}

/** A segment's customer as the custom audience receives them: only the contacts they consented to. */
export type AudienceMember = ReachableMember;

/** The file an ad shows, and a video's thumbnail image. */
export interface PlannedFile {
  media: MediaRow;
  thumbnail: MediaRow | null;
}

/** A campaign as it will be saved and published, once every rule holds. */
export interface CampaignPlan {
  input: AdCampaignInput;
  startAt: Date;
  endAt: Date | null;
  segmentName: string;
  members: AudienceMember[];
  files: PlannedFile[];
  /** The media as saved: a thumbnail only for a video. */
  media: MediaChoice[];
  currency: string;
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

async function segmentOf(db: Queryable, storeId: number, segmentId: number) {
  const [row] = await db.query<{ key: SegmentKey | null; name: string | null }>(
    'select key, name from segments where store_id = $1 and id = $2',
    [storeId, segmentId],
  );
  if (!row) return null;
  return { name: row.name ?? (row.key ? DEFAULT_SEGMENT_NAMES[row.key] : '') };
}

/** Checks the form against every rule of SPEC §5 the contract leaves out; the plan to publish, or a 422. */
export async function checkedCampaign(context: RuleContext, raw: AdCampaignInput): Promise<CampaignPlan> {
  const { db, storeId, current, now } = context;
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
  const problems: CodedFieldError[] = [];
  const problem = (field: string, code: string, message: string) => problems.push({ field, code, message });

  if (current && current.type !== input.type) problem('type', 'type_fixed', campaignRuleMessages.typeFixed);

  const startAt = new Date(input.startAt);
  const endAt = input.endAt === null ? null : new Date(input.endAt);
  // On an edit, a start already saved stands (an active campaign began in the past); a new one must not be past.
  const startChanged = !current || current.start_at.getTime() !== startAt.getTime();
  if (startChanged && startAt.getTime() < now.getTime() - AD_CAMPAIGN_LIMITS.startGraceMinutes * 60_000)
    problem('startAt', 'start_in_past', campaignRuleMessages.startInPast);
  if (endAt && endAt <= startAt) problem('endAt', 'end_before_start', campaignRuleMessages.endBeforeStart);

  if (input.dailyBudget < context.props.minDailyBudget)
    problem(
      'dailyBudget',
      'budget_below_minimum',
      campaignRuleMessages.budgetBelowMinimum(context.props.minDailyBudget, context.props.currency),
    );
  if (input.ageMax < input.ageMin) problem('ageMax', 'age_max_below_min', campaignRuleMessages.ageMaxBelowMin);

  const segment = await segmentOf(db, storeId, input.segmentId);
  let members: AudienceMember[] = [];
  if (!segment) problem('segmentId', 'segment_not_found', campaignRuleMessages.segmentNotFound);
  else {
    members = await reachableMembers(db, storeId, input.segmentId, 'ads');
    if (members.length < AD_CAMPAIGN_LIMITS.audienceMin)
      problem('segmentId', 'audience_too_small', campaignRuleMessages.audienceTooSmall(members.length));
  }

  if (input.format === 'CAROUSEL' && input.media.length < AD_CAMPAIGN_LIMITS.carouselMin)
    problem('media', 'carousel_too_short', campaignRuleMessages.carouselTooShort);
  const ids = input.media.flatMap((choice) => (choice.thumbnailMediaId ? [choice.mediaId, choice.thumbnailMediaId] : [choice.mediaId]));
  // A file of another store, or uploaded to another ad account than the one saved now, cannot be used.
  const usable = new Map(
    (await mediaRows(db, storeId, ids)).filter((row) => row.ad_account_id === context.adAccountId).map((row) => [row.id, row]),
  );
  const files: PlannedFile[] = [];
  const media: MediaChoice[] = [];
  input.media.forEach((choice, index) => {
    const file = usable.get(choice.mediaId);
    if (!file) return problem(`media.${index}.mediaId`, 'media_not_found', campaignRuleMessages.mediaNotFound);
    if (file.kind === 'image') {
      files.push({ media: file, thumbnail: null });
      media.push({ mediaId: file.id, thumbnailMediaId: null });
      return;
    }
    const field = `media.${index}.thumbnailMediaId`;
    if (choice.thumbnailMediaId === null) return problem(field, 'thumbnail_required', campaignRuleMessages.thumbnailRequired);
    const thumbnail = usable.get(choice.thumbnailMediaId);
    if (!thumbnail) return problem(field, 'media_not_found', campaignRuleMessages.mediaNotFound);
    if (thumbnail.kind !== 'image') return problem(field, 'thumbnail_required', campaignRuleMessages.thumbnailNotImage);
    files.push({ media: file, thumbnail });
    media.push({ mediaId: file.id, thumbnailMediaId: thumbnail.id });
  });

  if (retargeting) {
    if (input.productCatalogId === null) problem('productCatalogId', 'product_set_required', campaignRuleMessages.productCatalogRequired);
    if (input.productSetId === null) problem('productSetId', 'product_set_required', campaignRuleMessages.productSetRequired);
    // Meta keeps an ad set's promoted product set for its whole life.
    else if (current && current.product_set_id !== input.productSetId)
      problem('productSetId', 'product_set_fixed', campaignRuleMessages.productSetFixed);
  }

  if (problems.length > 0) throw refusal(problems);
  return { input, startAt, endAt, segmentName: segment!.name, members, files, media, currency: context.props.currency };
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
    throw refusal([{ field: 'productSetId', code: 'product_set_required', message: campaignRuleMessages.productSetRequired }]);
}
