import { describe, expect, it } from 'vitest';
import { advancedSegmentToEdit, simpleSegmentToEdit } from '../../../../mocks/fixtures/segment-form';
import { simpleRules } from '../../../../src/shared/segments';
import {
  advancedPathOfServerPath,
  advancedSegmentFormSchema,
  advancedSegmentIssues,
  advancedSegmentValuesOf,
  EMPTY_ADVANCED_SEGMENT,
  newCondition,
  toAdvancedSegmentInput,
  withField,
} from '../../../../src/web/features/segments/forms/advanced-segment-form';
import {
  EMPTY_SIMPLE_SEGMENT,
  type SimpleSegmentValues,
  simpleFieldOfServerPath,
  simpleSegmentFormSchema,
  simpleSegmentIssues,
  simpleSegmentValuesOf,
  toSimpleSegmentInput,
} from '../../../../src/web/features/segments/forms/simple-segment-form';

const simple = (values: Partial<SimpleSegmentValues>): SimpleSegmentValues => ({
  ...EMPTY_SIMPLE_SEGMENT,
  name: 'Clientes de café',
  ...values,
});
const winter = { kind: 'between', from: '2026-06-01', to: '2026-08-31' } as const;

describe('the simple form', () => {
  it('sends one block joined by "and": the purchase rule, then each filled field, the period on every purchase condition', () => {
    const input = toSimpleSegmentInput(
      simple({
        name: '  Clientes de café  ',
        description: ' Para el invierno ',
        purchase: 'between',
        from: winter.from,
        to: winter.to,
        productField: 'productTypes',
        products: ['Café en grano'],
        purchaseType: 'withoutDiscount',
        ordersFrom: 2,
        amountFrom: 50_000,
        amountTo: 80_000,
        customerTags: ['vip'],
      }),
    );
    expect(input).toEqual({
      name: 'Clientes de café',
      description: 'Para el invierno',
      form: 'simple',
      rules: simpleRules([
        { field: 'purchase', operator: 'is', period: winter },
        { field: 'productTypes', operator: 'has', values: ['Café en grano'], period: winter },
        { field: 'purchaseType', operator: 'is', value: 'withoutDiscount', period: winter },
        { field: 'ordersCount', operator: 'fromTo', from: 2, period: winter },
        { field: 'totalSpent', operator: 'fromTo', from: 50_000, to: 80_000, period: winter },
        { field: 'customerTags', operator: 'has', values: ['vip'] },
      ]),
    });
  });

  it('sends only the customer tags beside "never bought", whatever else was filled before', () => {
    const { rules } = toSimpleSegmentInput(simple({ purchase: 'never', products: ['café'], ordersFrom: 3, customerTags: ['vip'] }));
    expect(rules).toEqual(
      simpleRules([
        { field: 'purchase', operator: 'isNot', period: { kind: 'anytime' } },
        { field: 'customerTags', operator: 'has', values: ['vip'] },
      ]),
    );
  });

  it('reads a saved simple segment back into the same fields', () => {
    const values = simpleSegmentValuesOf(simpleSegmentToEdit);
    expect(values).toMatchObject({ purchase: 'between', from: winter.from, to: winter.to, productField: 'productTypes', ordersFrom: 2 });
    expect(toSimpleSegmentInput(values).rules).toEqual(simpleSegmentToEdit.rules);
  });

  it.each([
    [{ name: '' }, 'name', 'errors.nameRequired'],
    [{ name: '   ' }, 'name', 'errors.nameOnlySpaces'],
    [{ name: 'x'.repeat(81) }, 'name', 'errors.nameTooLong'],
    [{ description: 'x'.repeat(301) }, 'description', 'errors.descriptionTooLong'],
    [{ ordersFrom: -1 }, 'ordersFrom', 'errors.negativeNumber'],
    [{ ordersTo: 2.5 }, 'ordersTo', 'errors.wholeNumber'],
    [{ amountFrom: 50_000, amountTo: 50_000 }, 'amountTo', 'errors.maxNotAboveMin'],
    [{ purchase: 'between' as const, from: '2026-06-01' }, 'to', 'errors.dateRequired'],
    [{ purchase: 'between' as const, from: '2026-08-01', to: '2026-06-01' }, 'to', 'errors.endBeforeStart'],
    [{ purchase: 'between' as const, from: '0000-01-01', to: '2026-06-01' }, 'from', 'errors.dateOutOfRange'],
    [{ purchase: 'between' as const, from: '2026-06-01', to: '2101-01-01' }, 'to', 'errors.dateOutOfRange'],
  ])('puts each broken rule on its field: %j', (values, field, message) => {
    expect(simpleSegmentIssues(simple(values))).toContainEqual({ field, message });
  });

  it('finds both missing dates at once, and the name with them', () => {
    const result = simpleSegmentFormSchema.safeParse(simple({ name: '', purchase: 'between' }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'errors.nameRequired'],
      ['from', 'errors.dateRequired'],
      ['to', 'errors.dateRequired'],
    ]);
  });

  it("places the server's field errors on the fields that made the condition", () => {
    const values = simple({ customerTags: ['vip'], amountFrom: 50_000, amountTo: 80_000 });
    expect(simpleFieldOfServerPath(values, 'rules.blocks.0.conditions.1.to')).toBe('amountTo');
    expect(simpleFieldOfServerPath(values, 'rules.blocks.0.conditions.2.values.0')).toBe('customerTags');
    expect(simpleFieldOfServerPath(values, 'name')).toBe('name');
    expect(simpleFieldOfServerPath(values, 'rules.blocks.0.conditions.0')).toBeNull();
  });
});

describe('the advanced form', () => {
  it('sends blocks joined by and/or with each operator, a relative period and no "any time" period where it is optional', () => {
    const values = advancedSegmentValuesOf(advancedSegmentToEdit);
    expect(toAdvancedSegmentInput(values)).toEqual({
      name: advancedSegmentToEdit.name,
      description: advancedSegmentToEdit.description,
      form: 'advanced',
      rules: advancedSegmentToEdit.rules,
    });
  });

  it('keeps a condition negated when its field changes to one compared the other way', () => {
    const notHas = { ...newCondition('customerTags'), operator: 'notHas' as const };
    expect(withField(notHas, 'purchaseType').operator).toBe('isNot');
    expect(withField(notHas, 'ordersCount').operator).toBe('fromTo');
    expect(withField(newCondition('ordersCount'), 'productTags').operator).toBe('has');
  });

  it('asks for at least one logic block', () => {
    expect(advancedSegmentIssues({ ...EMPTY_ADVANCED_SEGMENT, name: 'VIP', blocks: [] })).toEqual([
      { path: 'blocks', message: 'errors.noBlocks' },
    ]);
  });

  it('puts a condition’s problems on its parts: values, a relative amount, a backwards range', () => {
    const values = {
      ...EMPTY_ADVANCED_SEGMENT,
      name: 'VIP',
      blocks: [
        {
          join: 'or' as const,
          conditions: [
            newCondition('productTags'),
            { ...newCondition('purchase'), period: { ...newCondition().period, kind: 'last' as const, amount: null } },
            { ...newCondition('totalSpent'), from: 80_000, to: 20_000 },
          ],
        },
      ],
    };
    expect(advancedSegmentIssues(values)).toEqual([
      { path: 'blocks.0.conditions.0.values', message: 'errors.valuesRequired' },
      { path: 'blocks.0.conditions.1.period.amount', message: 'errors.amountRequired' },
      { path: 'blocks.0.conditions.2.to', message: 'errors.maxNotAboveMin' },
    ]);
    expect(advancedSegmentFormSchema.safeParse(values).success).toBe(false);
  });

  it("maps the server's paths onto the form's", () => {
    expect(advancedPathOfServerPath('rules.blocks.1.conditions.0.value')).toBe('blocks.1.conditions.0.purchaseType');
    expect(advancedPathOfServerPath('rules.blocks.0.conditions.2.values.3')).toBe('blocks.0.conditions.2.values');
    expect(advancedPathOfServerPath('rules.blocks')).toBe('blocks');
    expect(advancedPathOfServerPath('description')).toBe('description');
  });
});
