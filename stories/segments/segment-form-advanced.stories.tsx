import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { advancedSegmentToEdit, productTypes, segmentCount } from '../../mocks/fixtures/segment-form';
import type { SegmentBlock, SegmentCondition, SegmentPeriod, SegmentRules } from '../../src/shared/segments';
import { advancedSegmentValuesOf } from '../../src/web/features/segments/forms/advanced-segment-form';
import { AdvancedSegmentForm } from '../../src/web/features/segments/screens/advanced-segment-form';
import { SegmentFormScreen } from '../../src/web/features/segments/screens/segment-form-screen';
import { userEvent } from '../support/user-event';

/** The live count of `rules` among the fixtures' customers, settled. */
const countOf = (rules: SegmentRules) => ({ incomplete: false, customers: segmentCount(rules).customers, updating: false, failed: false });

const block = (join: SegmentBlock['join'], ...conditions: SegmentCondition[]): SegmentBlock => ({ join, conditions });

/** The logic step of a segment with `rules`, its count computed from them. */
const logic = (rules: SegmentRules) => ({
  defaultValues: advancedSegmentValuesOf({ name: 'Clientes para la campaña de invierno', description: '', rules }),
  defaultStep: 1 as const,
  count: countOf(rules),
});

const meta = {
  title: 'Screens/Segments/SegmentFormAdvanced',
  component: AdvancedSegmentForm,
  args: {
    ...logic({ join: 'and', blocks: [block('and', { field: 'purchase', operator: 'is', period: { kind: 'anytime' } })] }),
    productTypes,
    onRulesChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof AdvancedSegmentForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole page, as /segments/create?type=advanced opens it. */
const page: Story['render'] = ({ defaultValues: _, ...args }) => (
  <SegmentFormScreen mode="create" form="advanced" segmentsHref="/segments" {...args} defaultStep={0} />
);

const saveButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Guardar segmento' });

/** Step 1: general information. */
export const GeneralInformation: Story = { render: page };

export const GeneralInformationNameRequired: Story = {
  render: page,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(canvas.queryByText('Lógica del segmento')).toBeNull();
  },
};

/** From step 1 to step 2 with the keyboard's Enter-free path: name typed, "Siguiente" pressed. */
export const LogicStep: Story = {
  render: page,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText(/^Nombre/));
    await userEvent.paste('Clientes para la campaña de invierno');
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    const title = await canvas.findByRole('heading', { name: 'Lógica del segmento' });
    await expect(title).toBeVisible();
    // The button pressed is gone with the first step: the keyboard goes on from the new step's title.
    await waitFor(() => expect(title).toHaveFocus());
    await expect(canvas.getByRole('heading', { name: 'Bloque 1' })).toBeVisible();
  },
};

/** Every block removed, then "Guardar": the segment needs at least one. */
export const NoBlocks: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Quitar bloque 1' }));
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByText('Agrega al menos un bloque de lógica.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Blocks and conditions added from the buttons; the new ones start as "Compra · En cualquier momento". */
export const AddBlocksAndConditions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Agregar bloque' }));
    await userEvent.click(canvas.getAllByRole('button', { name: 'Agregar condición' })[1]!);
    await expect(canvas.getByRole('heading', { name: 'Bloque 2' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Quitar condición 2 del bloque 2' })).toBeVisible();
    const anytime: SegmentCondition = { field: 'purchase', operator: 'is', period: { kind: 'anytime' } };
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Clientes para la campaña de invierno',
      description: '',
      form: 'advanced',
      rules: { join: 'and', blocks: [block('and', anytime), block('and', anytime, anytime)] },
    });
  },
};

const vipOrBigSpender: SegmentRules = {
  join: 'and',
  blocks: [
    block('and', { field: 'customerTags', operator: 'has', values: ['vip'] }),
    block(
      'and',
      { field: 'totalSpent', operator: 'fromTo', from: 100_000 },
      { field: 'purchaseType', operator: 'is', value: 'withDiscount' },
    ),
  ],
};

export const BlocksJoinedByAnd: Story = { args: logic(vipOrBigSpender) };

export const BlocksJoinedByOr: Story = {
  args: logic({
    join: 'or',
    blocks: [
      block(
        'or',
        { field: 'customerTags', operator: 'has', values: ['vip'] },
        { field: 'customerTags', operator: 'has', values: ['mayorista'] },
      ),
      block('and', { field: 'totalSpent', operator: 'fromTo', from: 100_000 }),
    ],
  }),
};

/** has / not has: bought products with a tag, and carries none of the customer tags. */
export const OperatorsHasAndNotHas: Story = {
  args: logic({
    join: 'and',
    blocks: [
      block(
        'and',
        { field: 'productTags', operator: 'has', values: ['café'] },
        { field: 'productTypes', operator: 'has', values: ['Accesorios'], period: { kind: 'last', amount: 6, unit: 'month' } },
        { field: 'customerTags', operator: 'notHas', values: ['mayorista'] },
      ),
    ],
  }),
};

/** is / is not: purchase type, first purchase and the average order value. */
export const OperatorsIsAndIsNot: Story = {
  args: logic({
    join: 'and',
    blocks: [
      block(
        'and',
        { field: 'purchaseType', operator: 'is', value: 'withoutDiscount' },
        { field: 'firstPurchase', operator: 'isNot', period: { kind: 'between', from: '2026-01-01', to: '2026-06-30' } },
        { field: 'averageOrderValue', operator: 'isNot', value: 'aboveStoreAverage' },
      ),
    ],
  }),
};

/** from / to: a count of orders and an amount spent, one end or both. */
export const OperatorFromTo: Story = {
  args: logic({
    join: 'and',
    blocks: [
      block(
        'and',
        { field: 'ordersCount', operator: 'fromTo', from: 2, to: 5 },
        { field: 'totalSpent', operator: 'fromTo', from: 50_000, period: { kind: 'last', amount: 1, unit: 'year' } },
      ),
    ],
  }),
};

/** Rules that break one are not counted: the count says so. */
const withBrokenRules = (rules: SegmentRules) => ({
  ...logic(rules),
  count: { incomplete: true, customers: null, updating: false, failed: false },
});

const lastPeriod = (amount: number, unit: Extract<SegmentPeriod, { kind: 'last' }>['unit']) =>
  logic({ join: 'and', blocks: [block('and', { field: 'purchase', operator: 'is', period: { kind: 'last', amount, unit } })] });

export const RelativePeriodDays: Story = { args: lastPeriod(30, 'day') };
export const RelativePeriodWeeks: Story = { args: lastPeriod(8, 'week') };
export const RelativePeriodMonths: Story = { args: lastPeriod(6, 'month') };
export const RelativePeriodYears: Story = { args: lastPeriod(2, 'year') };

/** A condition without its values, a period without its amount, a range backwards: each said where it is. */
export const ConditionErrors: Story = {
  args: withBrokenRules({
    join: 'and',
    blocks: [
      block(
        'and',
        { field: 'productTags', operator: 'has', values: [] },
        { field: 'purchase', operator: 'is', period: { kind: 'between', from: '', to: '' } },
        { field: 'totalSpent', operator: 'fromTo', from: 80_000, to: 20_000 },
      ),
    ],
  }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByText('Agrega al menos un valor.')).toBeVisible();
    await expect(canvas.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    await expect(canvas.getByText('El máximo debe ser mayor que el mínimo.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Editing an advanced segment opens on its general information, its blocks one step away. */
export const Edit: Story = {
  render: ({ defaultValues: _, ...args }) => (
    <SegmentFormScreen
      mode="edit"
      form="advanced"
      segmentsHref="/segments"
      segment={{ status: 'success', data: advancedSegmentToEdit }}
      {...args}
      defaultStep={0}
    />
  ),
};

/** The edited segment's logic: two blocks joined by "or", relative periods. */
export const EditLogic: Story = {
  args: { ...logic(advancedSegmentToEdit.rules), defaultValues: advancedSegmentValuesOf(advancedSegmentToEdit) },
};

export const GeneralInformationOnPhone: Story = onPhone(GeneralInformation);
export const BlocksJoinedByOrOnPhone: Story = onPhone(BlocksJoinedByOr);
export const OperatorsHasAndNotHasOnPhone: Story = onPhone(OperatorsHasAndNotHas);
export const RelativePeriodMonthsOnPhone: Story = onPhone(RelativePeriodMonths);
export const NoBlocksOnPhone: Story = onPhone(NoBlocks);
export const ConditionErrorsOnPhone: Story = onPhone(ConditionErrors);
