import { z } from 'zod';
import type { components } from './api/app.gen';
import { isCalendarDate, isIsoDate } from './date-rules';
import { withoutControlCharacters } from './text-rules';

/*
 * SPEC §5's segment rules, for the create and edit forms and the server alike. The messages are keys
 * of the `createSegment` text group; the server words the same keys in Spanish (features/segments).
 * The contract (`SegmentInput` in openapi/app.yaml) holds the same shapes and limits; what it cannot
 * say (a maximum above its minimum, an end not before its start) is said here once.
 */

type SegmentInput = components['schemas']['SegmentInput'];
export type SegmentRules = components['schemas']['SegmentRules'];
export type SegmentBlock = components['schemas']['SegmentBlock'];
export type SegmentCondition = components['schemas']['SegmentCondition'];
export type SegmentPeriod = components['schemas']['SegmentPeriod'];
export type SegmentKey = components['schemas']['SegmentKey'];

export const SEGMENT_NAME_MAX = 80;
export const SEGMENT_DESCRIPTION_MAX = 300;
export const SEGMENT_BLOCKS_MAX = 10;
export const SEGMENT_CONDITIONS_MAX = 20;
export const SEGMENT_VALUES_MAX = 50;
export const SEGMENT_TAG_MAX = 255;
export const SEGMENT_RELATIVE_AMOUNT_MAX = 1000;
export const SEGMENT_NUMBER_MAX = 1_000_000_000_000;
/** Custom segments a store may hold (the contract's 409 beyond). */
export const CUSTOM_SEGMENTS_MAX = 100;

/** Every message key a segment form can show, as the `createSegment` text group holds them. */
export const SEGMENT_ERRORS = {
  nameRequired: 'errors.nameRequired',
  nameOnlySpaces: 'errors.nameOnlySpaces',
  nameTooLong: 'errors.nameTooLong',
  descriptionTooLong: 'errors.descriptionTooLong',
  controlCharacters: 'errors.controlCharacters',
  negativeNumber: 'errors.negativeNumber',
  numberTooLarge: 'errors.numberTooLarge',
  wholeNumber: 'errors.wholeNumber',
  maxNotAboveMin: 'errors.maxNotAboveMin',
  rangeEmpty: 'errors.rangeEmpty',
  dateRequired: 'errors.dateRequired',
  dateOutOfRange: 'errors.dateOutOfRange',
  endBeforeStart: 'errors.endBeforeStart',
  amountRequired: 'errors.amountRequired',
  valuesRequired: 'errors.valuesRequired',
  tooManyValues: 'errors.tooManyValues',
  valueTooLong: 'errors.valueTooLong',
  noBlocks: 'errors.noBlocks',
  tooManyBlocks: 'errors.tooManyBlocks',
  noConditions: 'errors.noConditions',
  tooManyConditions: 'errors.tooManyConditions',
} as const;
export type SegmentErrorKey = (typeof SEGMENT_ERRORS)[keyof typeof SEGMENT_ERRORS];

const E = SEGMENT_ERRORS;

/** A real day, within the years every date keeps to (date-rules.ts): a period's bounds reach the database as dates. */
const isoDate = z
  .string({ error: E.dateRequired })
  .refine(isIsoDate, { error: E.dateRequired, abort: true })
  .refine(isCalendarDate, E.dateOutOfRange);

const periodSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('anytime') }),
    z.strictObject({ kind: z.literal('between'), from: isoDate, to: isoDate }),
    z.strictObject({
      kind: z.literal('last'),
      amount: z
        .number({ error: E.amountRequired })
        .int(E.wholeNumber)
        .min(1, E.amountRequired)
        .max(SEGMENT_RELATIVE_AMOUNT_MAX, E.numberTooLarge),
      unit: z.enum(['day', 'week', 'month', 'year']),
    }),
  ])
  .superRefine((period, context) => {
    if (period.kind === 'between' && period.to < period.from) context.addIssue({ code: 'custom', path: ['to'], message: E.endBeforeStart });
  });

const tag = withoutControlCharacters(z.string().trim().min(1, E.valuesRequired).max(SEGMENT_TAG_MAX, E.valueTooLong), E.controlCharacters);
const values = z.array(tag).min(1, E.valuesRequired).max(SEGMENT_VALUES_MAX, E.tooManyValues);
const bound = z.number().min(0, E.negativeNumber).max(SEGMENT_NUMBER_MAX, E.numberTooLarge);

const conditionSchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.enum(['purchase', 'firstPurchase']), operator: z.enum(['is', 'isNot']), period: periodSchema }),
  z.strictObject({
    field: z.enum(['productTags', 'productTypes']),
    operator: z.enum(['has', 'notHas']),
    values,
    period: periodSchema.optional(),
  }),
  z.strictObject({ field: z.literal('customerTags'), operator: z.enum(['has', 'notHas']), values }),
  z.strictObject({
    field: z.literal('purchaseType'),
    operator: z.enum(['is', 'isNot']),
    value: z.enum(['withDiscount', 'withoutDiscount']),
    period: periodSchema.optional(),
  }),
  z
    .strictObject({
      field: z.enum(['ordersCount', 'totalSpent']),
      operator: z.literal('fromTo'),
      from: bound.optional(),
      to: bound.optional(),
      period: periodSchema.optional(),
    })
    .superRefine((condition, context) => {
      if (condition.from === undefined && condition.to === undefined)
        context.addIssue({ code: 'custom', path: ['from'], message: E.rangeEmpty });
      else if (condition.from !== undefined && condition.to !== undefined && condition.to <= condition.from)
        context.addIssue({ code: 'custom', path: ['to'], message: E.maxNotAboveMin });
      if (condition.field === 'ordersCount')
        for (const key of ['from', 'to'] as const)
          if (condition[key] !== undefined && !Number.isInteger(condition[key]))
            context.addIssue({ code: 'custom', path: [key], message: E.wholeNumber });
    }),
  z.strictObject({ field: z.literal('averageOrderValue'), operator: z.enum(['is', 'isNot']), value: z.literal('aboveStoreAverage') }),
]);

const blockSchema = z.strictObject({
  join: z.enum(['and', 'or']),
  conditions: z.array(conditionSchema).min(1, E.noConditions).max(SEGMENT_CONDITIONS_MAX, E.tooManyConditions),
});

export const segmentRulesSchema = z.strictObject({
  join: z.enum(['and', 'or']),
  blocks: z.array(blockSchema).min(1, E.noBlocks).max(SEGMENT_BLOCKS_MAX, E.tooManyBlocks),
}) satisfies z.ZodType<SegmentRules, SegmentRules>;

export const segmentNameSchema = withoutControlCharacters(
  z
    .string({ error: E.nameRequired })
    .min(1, E.nameRequired)
    .refine((value) => value.trim().length > 0, E.nameOnlySpaces)
    .max(SEGMENT_NAME_MAX, E.nameTooLong),
  E.controlCharacters,
);

export const segmentDescriptionSchema = withoutControlCharacters(
  z.string().max(SEGMENT_DESCRIPTION_MAX, E.descriptionTooLong),
  E.controlCharacters,
);

/** Mirrors `SegmentInput`: what the forms send and the server checks before saving. */
export const segmentInputSchema = z.strictObject({
  name: segmentNameSchema,
  description: segmentDescriptionSchema.optional(),
  form: z.enum(['simple', 'advanced']),
  rules: segmentRulesSchema,
}) satisfies z.ZodType<SegmentInput, SegmentInput>;

/** Every field a condition reads, in the order the advanced form offers them. */
export const SEGMENT_CONDITION_FIELDS = [
  'purchase',
  'firstPurchase',
  'productTags',
  'productTypes',
  'customerTags',
  'purchaseType',
  'ordersCount',
  'totalSpent',
  'averageOrderValue',
] as const satisfies readonly SegmentCondition['field'][];

/** The rules of a segment as the simple form writes them: one block whose conditions all hold. */
export const simpleRules = (conditions: SegmentCondition[]): SegmentRules => ({ join: 'and', blocks: [{ join: 'and', conditions }] });

/**
 * The six default segments of SPEC §2, as rule trees (SPEC §9's customer definitions, the dashboard's
 * counts): nothing about them is special code.
 */
export const DEFAULT_SEGMENT_RULES: Record<SegmentKey, SegmentRules> = {
  highValueCustomers: simpleRules([{ field: 'averageOrderValue', operator: 'is', value: 'aboveStoreAverage' }]),
  frequentCustomers: simpleRules([
    { field: 'purchase', operator: 'is', period: { kind: 'last', amount: 30, unit: 'day' } },
    { field: 'ordersCount', operator: 'fromTo', from: 3, period: { kind: 'last', amount: 6, unit: 'month' } },
  ]),
  asleepCustomers: simpleRules([
    { field: 'purchase', operator: 'is', period: { kind: 'anytime' } },
    { field: 'purchase', operator: 'isNot', period: { kind: 'last', amount: 6, unit: 'month' } },
  ]),
  newCustomers: simpleRules([{ field: 'firstPurchase', operator: 'is', period: { kind: 'last', amount: 30, unit: 'day' } }]),
  offerCustomers: simpleRules([{ field: 'purchaseType', operator: 'is', value: 'withDiscount' }]),
  riskyCustomers: simpleRules([
    { field: 'ordersCount', operator: 'fromTo', from: 2 },
    { field: 'purchase', operator: 'isNot', period: { kind: 'last', amount: 3, unit: 'month' } },
  ]),
};

export const DEFAULT_SEGMENT_KEYS = Object.keys(DEFAULT_SEGMENT_RULES) as SegmentKey[];
