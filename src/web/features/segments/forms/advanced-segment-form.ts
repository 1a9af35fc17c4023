import { z } from 'zod';
import {
  SEGMENT_CONDITION_FIELDS,
  SEGMENT_ERRORS,
  type SegmentBlock,
  type SegmentCondition,
  type SegmentPeriod,
  type SegmentRules,
  segmentDescriptionSchema,
  segmentNameSchema,
} from '../../../../shared/segments';
import type { WizardStep } from '../../../lib/use-wizard';
import { generalInformationOf, rulesIssues, rulesPathOf, type SegmentInput } from './segment-form-rules';

/*
 * The advanced form (SPEC §2, §3): general information, then logic blocks joined by "and" or "or",
 * each block's conditions joined by "and" or "or". A condition is kept as a draft with room for every
 * field's value, so switching its field loses nothing typed; only the chosen field's parts are sent.
 */

export type Join = SegmentRules['join'];
export type ConditionField = SegmentCondition['field'];
export type ConditionOperator = SegmentCondition['operator'];
export type PeriodUnit = Extract<SegmentPeriod, { kind: 'last' }>['unit'];
export type PeriodKind = SegmentPeriod['kind'];
export type PurchaseTypeValue = Extract<SegmentCondition, { field: 'purchaseType' }>['value'];

export const JOINS = ['and', 'or'] as const satisfies readonly Join[];
export const CONDITION_FIELDS = SEGMENT_CONDITION_FIELDS;
export const PERIOD_KINDS = ['anytime', 'between', 'last'] as const satisfies readonly PeriodKind[];
export const PERIOD_UNITS = ['day', 'week', 'month', 'year'] as const satisfies readonly PeriodUnit[];
export const PURCHASE_TYPE_VALUES = ['withDiscount', 'withoutDiscount'] as const satisfies readonly PurchaseTypeValue[];

/** How each field is compared: the operators it offers (the first is the default) and what else it holds. */
export const FIELD_KINDS: Record<
  ConditionField,
  {
    operators: readonly ConditionOperator[];
    value: 'none' | 'tags' | 'purchaseType' | 'range' | 'aboveAverage';
    period: 'required' | 'optional' | 'none';
  }
> = {
  purchase: { operators: ['is', 'isNot'], value: 'none', period: 'required' },
  firstPurchase: { operators: ['is', 'isNot'], value: 'none', period: 'required' },
  productTags: { operators: ['has', 'notHas'], value: 'tags', period: 'optional' },
  productTypes: { operators: ['has', 'notHas'], value: 'tags', period: 'optional' },
  customerTags: { operators: ['has', 'notHas'], value: 'tags', period: 'none' },
  purchaseType: { operators: ['is', 'isNot'], value: 'purchaseType', period: 'optional' },
  ordersCount: { operators: ['fromTo'], value: 'range', period: 'optional' },
  totalSpent: { operators: ['fromTo'], value: 'range', period: 'optional' },
  averageOrderValue: { operators: ['is', 'isNot'], value: 'aboveAverage', period: 'none' },
};

export interface PeriodDraft {
  kind: PeriodKind;
  /** `YYYY-MM-DD`, '' until chosen. */
  from: string;
  to: string;
  amount: number | null;
  unit: PeriodUnit;
}

export interface ConditionDraft {
  field: ConditionField;
  operator: ConditionOperator;
  values: string[];
  purchaseType: PurchaseTypeValue;
  from: number | null;
  to: number | null;
  period: PeriodDraft;
}

export interface BlockDraft {
  join: Join;
  conditions: ConditionDraft[];
}

export interface AdvancedSegmentValues {
  name: string;
  description: string;
  join: Join;
  blocks: BlockDraft[];
}

export const EMPTY_PERIOD: PeriodDraft = { kind: 'anytime', from: '', to: '', amount: 30, unit: 'day' };

export const newCondition = (field: ConditionField = 'purchase'): ConditionDraft => ({
  field,
  operator: FIELD_KINDS[field].operators[0] ?? 'is',
  values: [],
  purchaseType: 'withDiscount',
  from: null,
  to: null,
  period: EMPTY_PERIOD,
});

export const newBlock = (): BlockDraft => ({ join: 'and', conditions: [newCondition()] });

export const EMPTY_ADVANCED_SEGMENT: AdvancedSegmentValues = { name: '', description: '', join: 'and', blocks: [newBlock()] };

/** The same condition on another field: the operator that field offers, everything typed kept. */
export function withField(draft: ConditionDraft, field: ConditionField): ConditionDraft {
  const { operators } = FIELD_KINDS[field];
  const negated = draft.operator === 'isNot' || draft.operator === 'notHas';
  const operator = operators.find((candidate) => (candidate === 'isNot' || candidate === 'notHas') === negated) ?? operators[0] ?? 'is';
  return { ...draft, field, operator };
}

function toPeriod(draft: PeriodDraft): SegmentPeriod {
  switch (draft.kind) {
    case 'between':
      return { kind: 'between', from: draft.from, to: draft.to };
    case 'last':
      // An empty amount is NaN to the schema: "Indica un número…", never a silent default.
      return { kind: 'last', amount: draft.amount ?? Number.NaN, unit: draft.unit };
    default:
      return { kind: 'anytime' };
  }
}

/** The condition a draft stands for; the operator is the field's when the draft's is not one of them. */
export function toCondition(draft: ConditionDraft): SegmentCondition {
  const kind = FIELD_KINDS[draft.field];
  const operator = kind.operators.includes(draft.operator) ? draft.operator : (kind.operators[0] ?? 'is');
  const period = toPeriod(draft.period);
  // An optional period "at any time" is the same as none: left out, as the contract prefers.
  const optionalPeriod = period.kind === 'anytime' ? {} : { period };
  const isOrNot = operator === 'isNot' ? 'isNot' : 'is';
  const hasOrNot = operator === 'notHas' ? 'notHas' : 'has';
  switch (draft.field) {
    case 'purchase':
    case 'firstPurchase':
      return { field: draft.field, operator: isOrNot, period };
    case 'productTags':
    case 'productTypes':
      return { field: draft.field, operator: hasOrNot, values: draft.values, ...optionalPeriod };
    case 'customerTags':
      return { field: 'customerTags', operator: hasOrNot, values: draft.values };
    case 'purchaseType':
      return { field: 'purchaseType', operator: isOrNot, value: draft.purchaseType, ...optionalPeriod };
    case 'ordersCount':
    case 'totalSpent':
      return {
        field: draft.field,
        operator: 'fromTo',
        ...(draft.from === null ? {} : { from: draft.from }),
        ...(draft.to === null ? {} : { to: draft.to }),
        ...optionalPeriod,
      };
    case 'averageOrderValue':
      return { field: 'averageOrderValue', operator: isOrNot, value: 'aboveStoreAverage' };
  }
}

export const advancedSegmentRules = (values: Pick<AdvancedSegmentValues, 'join' | 'blocks'>): SegmentRules => ({
  join: values.join,
  blocks: values.blocks.map((block): SegmentBlock => ({ join: block.join, conditions: block.conditions.map(toCondition) })),
});

export function toAdvancedSegmentInput(values: AdvancedSegmentValues): SegmentInput {
  return { ...generalInformationOf(values), form: 'advanced', rules: advancedSegmentRules(values) };
}

/** Where in the draft a condition's part lives: `value` (the purchase type) is `purchaseType`, a tag is the tags. */
function draftPartOf(conditionPath: string): string {
  if (conditionPath === 'value') return 'purchaseType';
  if (conditionPath.startsWith('values')) return 'values';
  if (conditionPath === 'period.kind' || conditionPath === 'period.unit') return 'period.kind';
  return conditionPath;
}

const CONDITION_PATH = /^blocks\.(\d+)\.conditions\.(\d+)(?:\.(.+))?$/;

/**
 * The form path a problem at `path` of the rules belongs to: `blocks` (no block at all),
 * `blocks.0.conditions` (an empty block), or a condition's part (`blocks.0.conditions.1.period.amount`).
 */
export function advancedPathOfRulesPath(path: string): string {
  const match = CONDITION_PATH.exec(path);
  if (!match) return path === '' ? 'blocks' : path;
  const [, block, condition, part] = match;
  // A problem with the whole condition (none today) shows on its field choice.
  return `blocks.${block}.conditions.${condition}.${part ? draftPartOf(part) : 'field'}`;
}

/** The form path a server's field error (`name`, `rules.blocks.0.conditions.1.to`) belongs to, if any. */
export function advancedPathOfServerPath(serverPath: string): string | null {
  if (serverPath === 'name' || serverPath === 'description') return serverPath;
  const rulesPath = rulesPathOf(serverPath);
  return rulesPath === null ? null : advancedPathOfRulesPath(rulesPath);
}

/** Every problem of the form, at its form path (the first per path). */
export function advancedSegmentIssues(values: AdvancedSegmentValues): { path: string; message: string }[] {
  const issues = new Map<string, string>();
  const add = (path: string, message: string) => {
    if (!issues.has(path)) issues.set(path, message);
  };
  for (const issue of segmentNameSchema.safeParse(values.name).error?.issues ?? []) add('name', issue.message);
  for (const issue of segmentDescriptionSchema.safeParse(values.description).error?.issues ?? []) add('description', issue.message);
  // No block at all: the message the merchant reads when trying to save without logic.
  if (values.blocks.length === 0) add('blocks', SEGMENT_ERRORS.noBlocks);
  else for (const issue of rulesIssues(advancedSegmentRules(values))) add(advancedPathOfRulesPath(issue.path), issue.message);
  return [...issues].map(([path, message]) => ({ path, message }));
}

const periodDraftSchema = z.object({
  kind: z.enum(PERIOD_KINDS),
  from: z.string(),
  to: z.string(),
  amount: z.number().nullable(),
  unit: z.enum(PERIOD_UNITS),
});

const conditionDraftSchema = z.object({
  field: z.enum(CONDITION_FIELDS),
  operator: z.enum(['is', 'isNot', 'has', 'notHas', 'fromTo']),
  values: z.array(z.string()),
  purchaseType: z.enum(PURCHASE_TYPE_VALUES),
  from: z.number().nullable(),
  to: z.number().nullable(),
  period: periodDraftSchema,
});

/** The form's schema: every problem at its path, and, once there is none, the body to send. */
export const advancedSegmentFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    join: z.enum(JOINS),
    blocks: z.array(z.object({ join: z.enum(JOINS), conditions: z.array(conditionDraftSchema) })),
  })
  .superRefine((values, context) => {
    for (const { path, message } of advancedSegmentIssues(values))
      context.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
  })
  .transform(toAdvancedSegmentInput) satisfies z.ZodType<SegmentInput, AdvancedSegmentValues>;

/** The form's two steps: general information, checked before the logic opens; then the logic. */
export const ADVANCED_SEGMENT_STEPS = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'logic', fields: ['join', 'blocks'] },
] as const satisfies readonly WizardStep<string, keyof AdvancedSegmentValues>[];

function periodDraftOf(period: SegmentPeriod | undefined): PeriodDraft {
  if (!period || period.kind === 'anytime') return EMPTY_PERIOD;
  if (period.kind === 'between') return { ...EMPTY_PERIOD, kind: 'between', from: period.from, to: period.to };
  return { ...EMPTY_PERIOD, kind: 'last', amount: period.amount, unit: period.unit };
}

function conditionDraftOf(condition: SegmentCondition): ConditionDraft {
  const draft: ConditionDraft = { ...newCondition(condition.field), operator: condition.operator };
  if ('period' in condition) draft.period = periodDraftOf(condition.period);
  if ('values' in condition) draft.values = condition.values;
  if (condition.field === 'purchaseType') draft.purchaseType = condition.value;
  if (condition.field === 'ordersCount' || condition.field === 'totalSpent') {
    draft.from = condition.from ?? null;
    draft.to = condition.to ?? null;
  }
  return draft;
}

/** Any saved rule tree in the advanced form's fields (a simple segment's too: one block joined by "and"). */
export function advancedSegmentValuesOf(segment: {
  name: string | null;
  description: string | null;
  rules: SegmentRules;
}): AdvancedSegmentValues {
  return {
    name: segment.name ?? '',
    description: segment.description ?? '',
    join: segment.rules.join,
    blocks: segment.rules.blocks.map((block) => ({ join: block.join, conditions: block.conditions.map(conditionDraftOf) })),
  };
}
