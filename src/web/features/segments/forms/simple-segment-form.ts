import { z } from 'zod';
import {
  type SegmentCondition,
  type SegmentPeriod,
  type SegmentRules,
  segmentDescriptionSchema,
  segmentNameSchema,
  simpleRules,
} from '../../../../shared/segments';
import { generalInformationOf, type RulesIssue, rulesIssues, rulesPathOf, type SegmentInput } from './segment-form-rules';

/*
 * The simple form (SPEC §2, §3): one set of fields that becomes one block of conditions joined by
 * "and" (`simpleRules`). Each condition remembers which fields it came from, so a broken rule, the
 * shared schema's or the server's (`rules.blocks.0.conditions.1.to`), shows on the field that made it.
 */

export const PURCHASE_RULES = ['anytime', 'between', 'never'] as const;
export type PurchaseRule = (typeof PURCHASE_RULES)[number];
export const PRODUCT_FIELDS = ['productTags', 'productTypes'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export const PURCHASE_TYPES = ['all', 'withDiscount', 'withoutDiscount'] as const;
export type PurchaseTypeChoice = (typeof PURCHASE_TYPES)[number];

export interface SimpleSegmentValues {
  name: string;
  description: string;
  purchase: PurchaseRule;
  /** The period's days, `YYYY-MM-DD` ('' until chosen), when `purchase` is `between`. */
  from: string;
  to: string;
  productField: ProductField;
  products: string[];
  customerTags: string[];
  purchaseType: PurchaseTypeChoice;
  /** null: no bound. */
  ordersFrom: number | null;
  ordersTo: number | null;
  amountFrom: number | null;
  amountTo: number | null;
}

export type SimpleField = keyof SimpleSegmentValues;

export const EMPTY_SIMPLE_SEGMENT: SimpleSegmentValues = {
  name: '',
  description: '',
  purchase: 'anytime',
  from: '',
  to: '',
  productField: 'productTags',
  products: [],
  customerTags: [],
  purchaseType: 'all',
  ordersFrom: null,
  ordersTo: null,
  amountFrom: null,
  amountTo: null,
};

/** A condition and the form fields its parts came from (`to` → `amountTo`, `period.from` → `from`). */
interface PlacedCondition {
  condition: SegmentCondition;
  fields: Readonly<Record<string, SimpleField>>;
}

const PERIOD_FIELDS = { period: 'from', 'period.from': 'from', 'period.to': 'to' } as const satisfies Record<string, SimpleField>;

const range = (from: number | null, to: number | null) => ({
  ...(from === null ? {} : { from }),
  ...(to === null ? {} : { to }),
});

function placedConditions(values: SimpleSegmentValues): PlacedCondition[] {
  const customerTags: PlacedCondition[] =
    values.customerTags.length > 0
      ? [{ condition: { field: 'customerTags', operator: 'has', values: values.customerTags }, fields: { values: 'customerTags' } }]
      : [];
  // Never bought: nothing about purchases can hold, so only the customer's tags narrow it down.
  if (values.purchase === 'never')
    return [{ condition: { field: 'purchase', operator: 'isNot', period: { kind: 'anytime' } }, fields: {} }, ...customerTags];

  const period: SegmentPeriod | null = values.purchase === 'between' ? { kind: 'between', from: values.from, to: values.to } : null;
  const inPeriod = period ? { period } : {};
  const periodFields = period ? PERIOD_FIELDS : {};
  const placed: PlacedCondition[] = [
    { condition: { field: 'purchase', operator: 'is', period: period ?? { kind: 'anytime' } }, fields: periodFields },
  ];
  if (values.products.length > 0)
    placed.push({
      condition: { field: values.productField, operator: 'has', values: values.products, ...inPeriod },
      fields: { values: 'products', ...periodFields },
    });
  if (values.purchaseType !== 'all')
    placed.push({ condition: { field: 'purchaseType', operator: 'is', value: values.purchaseType, ...inPeriod }, fields: periodFields });
  if (values.ordersFrom !== null || values.ordersTo !== null)
    placed.push({
      condition: { field: 'ordersCount', operator: 'fromTo', ...range(values.ordersFrom, values.ordersTo), ...inPeriod },
      fields: { from: 'ordersFrom', to: 'ordersTo', ...periodFields },
    });
  if (values.amountFrom !== null || values.amountTo !== null)
    placed.push({
      condition: { field: 'totalSpent', operator: 'fromTo', ...range(values.amountFrom, values.amountTo), ...inPeriod },
      fields: { from: 'amountFrom', to: 'amountTo', ...periodFields },
    });
  return [...placed, ...customerTags];
}

/** The rule tree the fields make: one block whose conditions all hold. */
export const simpleSegmentRules = (values: SimpleSegmentValues): SegmentRules =>
  simpleRules(placedConditions(values).map(({ condition }) => condition));

export function toSimpleSegmentInput(values: SimpleSegmentValues): SegmentInput {
  return { ...generalInformationOf(values), form: 'simple', rules: simpleSegmentRules(values) };
}

const CONDITION_PATH = /^blocks\.0\.conditions\.(\d+)(?:\.(.+))?$/;

/** The field a problem at `path` of the rules (`blocks.0.conditions.1.to`) belongs to, if any. */
export function simpleFieldOfRulesPath(values: SimpleSegmentValues, path: string): SimpleField | null {
  const match = CONDITION_PATH.exec(path);
  if (!match) return null;
  const placed = placedConditions(values)[Number(match[1])];
  const inCondition = match[2] ?? '';
  const first = inCondition.split('.')[0] ?? '';
  return placed?.fields[inCondition] ?? placed?.fields[first] ?? null;
}

/** The field a server's field error (`name`, `rules.blocks.0.conditions.1.to`) belongs to, if any. */
export function simpleFieldOfServerPath(values: SimpleSegmentValues, serverPath: string): SimpleField | null {
  if (serverPath === 'name' || serverPath === 'description') return serverPath;
  const rulesPath = rulesPathOf(serverPath);
  return rulesPath === null ? null : simpleFieldOfRulesPath(values, rulesPath);
}

/** Every problem of the form, on its field (the first per field). */
export function simpleSegmentIssues(values: SimpleSegmentValues): { field: SimpleField; message: string }[] {
  const issues: { field: SimpleField; message: string }[] = [];
  const seen = new Set<SimpleField>();
  const add = (field: SimpleField | null, message: string) => {
    if (field === null || seen.has(field)) return;
    seen.add(field);
    issues.push({ field, message });
  };
  for (const issue of segmentNameSchema.safeParse(values.name).error?.issues ?? []) add('name', issue.message);
  for (const issue of segmentDescriptionSchema.safeParse(values.description).error?.issues ?? []) add('description', issue.message);
  for (const issue of rulesIssues(simpleSegmentRules(values)) satisfies RulesIssue[])
    add(simpleFieldOfRulesPath(values, issue.path), issue.message);
  return issues;
}

const nullableNumber = z.number().nullable();

/** The form's schema: every problem on its field, and, once there is none, the body to send. */
export const simpleSegmentFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    purchase: z.enum(PURCHASE_RULES),
    from: z.string(),
    to: z.string(),
    productField: z.enum(PRODUCT_FIELDS),
    products: z.array(z.string()),
    customerTags: z.array(z.string()),
    purchaseType: z.enum(PURCHASE_TYPES),
    ordersFrom: nullableNumber,
    ordersTo: nullableNumber,
    amountFrom: nullableNumber,
    amountTo: nullableNumber,
  })
  .superRefine((values, context) => {
    for (const { field, message } of simpleSegmentIssues(values)) context.addIssue({ code: 'custom', path: [field], message });
  })
  .transform(toSimpleSegmentInput) satisfies z.ZodType<SegmentInput, SimpleSegmentValues>;

/** A saved simple segment's rules back in the form's fields (the inverse of `simpleSegmentRules`). */
export function simpleSegmentValuesOf(segment: {
  name: string | null;
  description: string | null;
  rules: SegmentRules;
}): SimpleSegmentValues {
  const values: SimpleSegmentValues = { ...EMPTY_SIMPLE_SEGMENT, name: segment.name ?? '', description: segment.description ?? '' };
  for (const condition of segment.rules.blocks[0]?.conditions ?? []) {
    switch (condition.field) {
      case 'purchase':
        if (condition.operator === 'isNot') values.purchase = 'never';
        else if (condition.period.kind === 'between')
          Object.assign(values, { purchase: 'between', from: condition.period.from, to: condition.period.to });
        break;
      case 'productTags':
      case 'productTypes':
        Object.assign(values, { productField: condition.field, products: condition.values });
        break;
      case 'customerTags':
        values.customerTags = condition.values;
        break;
      case 'purchaseType':
        values.purchaseType = condition.value;
        break;
      case 'ordersCount':
        Object.assign(values, { ordersFrom: condition.from ?? null, ordersTo: condition.to ?? null });
        break;
      case 'totalSpent':
        Object.assign(values, { amountFrom: condition.from ?? null, amountTo: condition.to ?? null });
        break;
      default:
        // The simple form writes no other condition.
        break;
    }
  }
  return values;
}
