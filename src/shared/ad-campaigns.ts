import { z } from 'zod';
import type { components } from './api/app.gen';
import { AD_CAMPAIGN_LIMITS, MEDIA_LIMITS } from './constants';
import { isCalendarDateTime } from './date-rules';
import { META_OBJECT_ID } from './social-ads';
import { CONTROL_CHARACTER } from './text-rules';

/*
 * SPEC §5's ad campaign rules, for the wizard and the server alike. The messages are keys of the
 * `createCampaign` text group. The contract (`AdCampaignInput` in openapi/app.yaml) holds the same shapes
 * and limits; what it cannot say (a maximum age not below the minimum, an end after the start, a carousel's
 * two cards, the catalog a retargeting campaign needs) is said here once. What depends on the moment or
 * the store (the start not before now, the ad account's minimum budget, the segment's size) is in the
 * functions below the schema, so the server and the wizard judge it the same way.
 */

export type AdCampaignInput = components['schemas']['AdCampaignInput'];
export type AdCampaignType = components['schemas']['AdCampaignType'];
export type AdCampaignGender = components['schemas']['AdCampaignGender'];
export type AdMediaFormat = components['schemas']['AdMediaFormat'];
export type AdCallToAction = components['schemas']['AdCallToAction'];

export const AD_CAMPAIGN_TYPES = ['conversion', 'retargeting', 'remarketing', 'cyberdays'] as const satisfies readonly AdCampaignType[];
export const AD_CAMPAIGN_GENDERS = ['all', 'male', 'female'] as const satisfies readonly AdCampaignGender[];
export const AD_MEDIA_FORMATS = ['MULTIPLE_ADS', 'CAROUSEL'] as const satisfies readonly AdMediaFormat[];
export const AD_CALLS_TO_ACTION = ['LEARN_MORE', 'WATCH_MORE', 'SHOP_NOW'] as const satisfies readonly AdCallToAction[];

/** The most a daily budget can be (the contract's), in the ad account's currency. */
export const AD_CAMPAIGN_BUDGET_MAX = 1_000_000_000;

/** Every message key the wizard can show for a rule, as the `createCampaign` text group holds them. */
export const AD_CAMPAIGN_ERRORS = {
  required: 'errors.required',
  nameOnlySpaces: 'errors.nameOnlySpaces',
  nameTooLong: 'errors.nameTooLong',
  controlCharacters: 'errors.controlCharacters',
  dateRequired: 'errors.dateRequired',
  dateOutOfRange: 'errors.dateOutOfRange',
  hourRequired: 'errors.hourRequired',
  startInPast: 'errors.startInPast',
  endBeforeStart: 'errors.endBeforeStart',
  budgetRequired: 'errors.budgetRequired',
  budgetBelowMinimum: 'errors.budgetBelowMinimum',
  budgetTooLarge: 'errors.budgetTooLarge',
  wholeNumber: 'errors.wholeNumber',
  segmentRequired: 'errors.segmentRequired',
  audienceTooSmall: 'errors.audienceTooSmall',
  tooManyLocations: 'errors.tooManyLocations',
  ageRequired: 'errors.ageRequired',
  ageBelowMinimum: 'errors.ageBelowMinimum',
  ageAboveMaximum: 'errors.ageAboveMaximum',
  ageMaxBelowMin: 'errors.ageMaxBelowMin',
  tooManyInterests: 'errors.tooManyInterests',
  mediaRequired: 'errors.mediaRequired',
  carouselTooShort: 'errors.carouselTooShort',
  tooManyFiles: 'errors.tooManyFiles',
  mainTextTooLong: 'errors.mainTextTooLong',
  titleTooLong: 'errors.titleTooLong',
  descriptionTooLong: 'errors.descriptionTooLong',
  urlInvalid: 'errors.urlInvalid',
  urlTooLong: 'errors.urlTooLong',
  catalogRequired: 'errors.catalogRequired',
  productSetRequired: 'errors.productSetRequired',
  notAnOption: 'errors.notAnOption',
} as const;
export type AdCampaignErrorKey = (typeof AD_CAMPAIGN_ERRORS)[keyof typeof AD_CAMPAIGN_ERRORS];

const E = AD_CAMPAIGN_ERRORS;
const L = AD_CAMPAIGN_LIMITS;

/** `ControlCharactersButLines` of the contract: a text of several lines keeps its line breaks and tabs. */
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The contract's `url` pattern: an address on the web, with its scheme. */
export const AD_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/;

const text = (max: number, tooLong: string, control: RegExp = CONTROL_CHARACTER) =>
  z
    .string({ error: E.required })
    .min(1, E.required)
    .max(max, tooLong)
    .refine((value) => !control.test(value), E.controlCharacters);

export const adCampaignNameSchema = text(L.nameMaxLength, E.nameTooLong).refine((value) => /\S/.test(value), E.nameOnlySpaces);
export const adMainTextSchema = text(L.mainTextMaxLength, E.mainTextTooLong, CONTROL_CHARACTER_BUT_LINES);
export const adTitleSchema = text(L.titleMaxLength, E.titleTooLong);
export const adDescriptionSchema = text(L.descriptionMaxLength, E.descriptionTooLong);
export const adUrlSchema = z
  .string({ error: E.required })
  .min(1, E.required)
  .max(L.urlMaxLength, E.urlTooLong)
  .regex(AD_URL_PATTERN, E.urlInvalid);

const metaObjectId = z
  .string()
  .min(1, E.required)
  .max(META_OBJECT_ID.maxLength, E.notAnOption)
  .regex(META_OBJECT_ID.pattern, E.notAnOption);
const id = z.number({ error: E.required }).int(E.wholeNumber).min(1, E.required).max(Number.MAX_SAFE_INTEGER, E.notAnOption);
const age = z.number({ error: E.ageRequired }).int(E.wholeNumber).min(L.ageMin, E.ageBelowMinimum).max(L.ageMax, E.ageAboveMaximum);

export const adCampaignLocationSchema = z.strictObject({
  key: z.string().min(1, E.notAnOption).max(40, E.notAnOption),
  name: z.string().min(1, E.notAnOption).max(200, E.notAnOption),
  type: z.enum(['region', 'city']),
  region: z.string().max(200, E.notAnOption).nullable(),
});

export const adCampaignInterestSchema = z.strictObject({
  id: z
    .string()
    .min(1, E.notAnOption)
    .max(40, E.notAnOption)
    .regex(/^\d{1,30}$/, E.notAnOption),
  name: z.string().min(1, E.notAnOption).max(200, E.notAnOption),
});

/** An instant with its offset, in the years every date keeps to (date-rules.ts). */
const instant = z.iso.datetime({ offset: true, error: E.dateRequired, abort: true }).refine(isCalendarDateTime, E.dateOutOfRange);

const mediaChoiceSchema = z.strictObject({ mediaId: id, thumbnailMediaId: id.nullable() });

const adCampaignFields = z.strictObject({
  type: z.enum(AD_CAMPAIGN_TYPES, { error: E.required }),
  name: adCampaignNameSchema,
  startAt: instant,
  endAt: instant.nullable(),
  dailyBudget: z
    .number({ error: E.budgetRequired })
    .int(E.wholeNumber)
    .min(1, E.budgetRequired)
    .max(AD_CAMPAIGN_BUDGET_MAX, E.budgetTooLarge),
  segmentId: id,
  locations: z.array(adCampaignLocationSchema).max(L.locationsMax, E.tooManyLocations),
  ageMin: age,
  ageMax: age,
  gender: z.enum(AD_CAMPAIGN_GENDERS, { error: E.required }),
  interests: z.array(adCampaignInterestSchema).max(L.interestsMax, E.tooManyInterests),
  format: z.enum(AD_MEDIA_FORMATS, { error: E.required }),
  media: z.array(mediaChoiceSchema).min(L.mediaMin, E.mediaRequired).max(L.mediaMax, E.tooManyFiles),
  mainText: adMainTextSchema,
  title: adTitleSchema,
  description: adDescriptionSchema,
  callToAction: z.enum(AD_CALLS_TO_ACTION, { error: E.required }),
  url: adUrlSchema,
  productCatalogId: metaObjectId.nullable(),
  productSetId: metaObjectId.nullable(),
});
type FieldName = keyof AdCampaignInput;

/**
 * A rule between fields, judged as soon as the fields it reads are valid, whatever the others hold (zod
 * skips an object's refinements once any field fails): the wizard then shows it on the step those fields
 * belong to, and the server names it beside every other problem of the body.
 */
function between<const K extends FieldName>(
  reads: readonly K[],
  broken: (input: Pick<AdCampaignInput, K>) => boolean,
  path: FieldName,
  message: AdCampaignErrorKey,
) {
  // Not strict: the body holds the other fields too.
  const fields = z.object(Object.fromEntries(reads.map((field) => [field, adCampaignFields.shape[field]])));
  return z.refine<AdCampaignInput>((input) => !broken(input), {
    path: [path],
    message,
    when: (payload) => fields.safeParse(payload.value).success,
  });
}

/** Mirrors `AdCampaignInput`, with the rules between its fields the contract cannot say. */
export const adCampaignInputSchema = adCampaignFields.check(
  between(['ageMin', 'ageMax'], (input) => input.ageMax < input.ageMin, 'ageMax', E.ageMaxBelowMin),
  between(
    ['startAt', 'endAt'],
    (input) => input.endAt !== null && Date.parse(input.endAt) <= Date.parse(input.startAt),
    'endAt',
    E.endBeforeStart,
  ),
  between(['format', 'media'], (input) => input.format === 'CAROUSEL' && input.media.length < L.carouselMin, 'media', E.carouselTooShort),
  between(
    ['type', 'productCatalogId'],
    (input) => input.type === 'retargeting' && input.productCatalogId === null,
    'productCatalogId',
    E.catalogRequired,
  ),
  between(
    ['type', 'productSetId'],
    (input) => input.type === 'retargeting' && input.productSetId === null,
    'productSetId',
    E.productSetRequired,
  ),
) satisfies z.ZodType<AdCampaignInput, AdCampaignInput>;

/** A start the server takes: not before now, less the grace for the minutes between filling and saving. */
export function startIsInPast(startAt: Date | string, now: Date | number, graceMinutes: number = L.startGraceMinutes): boolean {
  return new Date(startAt).getTime() < new Date(now).getTime() - graceMinutes * 60_000;
}

/** The ad account's minimum (`getMetaAdAccountProps`): a budget at least that much. */
export const budgetBelowMinimum = (dailyBudget: number, minDailyBudget: number): boolean => dailyBudget < minDailyBudget;

/** Meta delivers to a custom audience only from `audienceMin` people: a smaller segment is refused. */
export const audienceTooSmall = (customers: number | null): boolean => customers === null || customers < L.audienceMin;

/** A carousel's cards: at least two and at most ten; several ads: one to ten. */
export const mediaCountLimits = (format: AdMediaFormat) => ({
  min: format === 'CAROUSEL' ? L.carouselMin : L.mediaMin,
  max: Math.min(L.mediaMax, MEDIA_LIMITS.carouselMaxFiles),
});
