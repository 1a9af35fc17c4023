import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { amountRangeRefused, productTypes, savedSegment, segmentCount, simpleSegmentToEdit } from '../../mocks/fixtures/segment-form';
import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX, simpleRules } from '../../src/shared/segments';
import { SegmentFormScreen } from '../../src/web/features/segments/screens/segment-form-screen';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';

/** What the live count says for the empty simple form: everyone who ever bought. */
const everyBuyer = segmentCount(simpleRules([{ field: 'purchase', operator: 'is', period: { kind: 'anytime' } }])).customers;
const settled = (customers: number) => ({ incomplete: false, customers, updating: false, failed: false });

const meta = {
  title: 'Screens/Segments/SegmentForm',
  component: SegmentFormScreen,
  args: {
    mode: 'create',
    form: 'simple',
    segmentsHref: '/segments',
    count: settled(everyBuyer),
    productTypes,
    onRulesChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof SegmentFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const save = (canvasElement: HTMLElement) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Guardar segmento' }));

/** Pastes `text` into the field named `label` (typed key by key, a long text takes seconds). */
async function paste(canvasElement: HTMLElement, label: string | RegExp, text: string) {
  await userEvent.click(within(canvasElement).getByLabelText(label));
  await userEvent.paste(text);
}

export const Empty: Story = {};

/** Filled in: a name, a period, a product type from the store's suggestions, a count of orders; the count follows. */
export const FilledWithLiveCount: Story = {
  args: { count: settled(7) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await paste(canvasElement, /^Nombre/, 'Clientes frecuentes de café');
    await userEvent.click(canvas.getByText('Compró en un período'));
    await userEvent.type(canvas.getByLabelText('Desde'), '01062026');
    await userEvent.type(canvas.getByLabelText('Hasta'), '31082026');
    await userEvent.click(canvas.getByRole('button', { name: 'Tipos de producto' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Agregar Café en grano' }));
    await paste(canvasElement, 'Desde (pedidos)', '2');
    await userEvent.click(canvas.getByLabelText(/^Nombre/));
    await expect(args.onRulesChange).toHaveBeenLastCalledWith(
      simpleRules([
        { field: 'purchase', operator: 'is', period: { kind: 'between', from: '2026-06-01', to: '2026-08-31' } },
        {
          field: 'productTypes',
          operator: 'has',
          values: ['Café en grano'],
          period: { kind: 'between', from: '2026-06-01', to: '2026-08-31' },
        },
        { field: 'ordersCount', operator: 'fromTo', from: 2, period: { kind: 'between', from: '2026-06-01', to: '2026-08-31' } },
      ]),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('7 clientes coinciden');
  },
};

/** A newer count is on its way: the last one stays, dimmed, beside a small spinner. */
export const CountUpdating: Story = {
  args: { count: { incomplete: false, customers: 12, updating: true, failed: false } },
  parameters: { visual: { waitFor: '[aria-busy="true"] [role="status"]' } },
};

/** The first count of the page, before any number is known. */
export const CountCalculating: Story = {
  args: { count: { incomplete: false, customers: null, updating: true, failed: false } },
  parameters: { visual: { waitFor: '[aria-busy="true"] [role="status"]' } },
};

/** The rules break one (a period without its days): nothing is counted until they don't. */
export const CountIncomplete: Story = {
  args: { count: { incomplete: true, customers: 12, updating: false, failed: false } },
};

export const CountFailed: Story = {
  args: { count: { incomplete: false, customers: null, updating: false, failed: true } },
};

export const NameRequired: Story = {
  play: async ({ canvasElement, args }) => {
    await save(canvasElement);
    await expect(await within(canvasElement).findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameOnlySpaces: Story = {
  play: async ({ canvasElement, args }) => {
    await paste(canvasElement, /^Nombre/, '    ');
    await save(canvasElement);
    await expect(await within(canvasElement).findByText('El nombre no puede tener solo espacios.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameTooLong: Story = {
  play: async ({ canvasElement, args }) => {
    await paste(canvasElement, /^Nombre/, 'Clientes que compran café todas las semanas '.repeat(2).slice(0, SEGMENT_NAME_MAX + 1));
    await save(canvasElement);
    await expect(await within(canvasElement).findByText(`El nombre puede tener hasta ${SEGMENT_NAME_MAX} caracteres.`)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const DescriptionTooLong: Story = {
  play: async ({ canvasElement, args }) => {
    await paste(canvasElement, /^Nombre/, 'Clientes de café');
    await paste(canvasElement, /^Descripción/, 'Para la campaña de invierno. '.repeat(11).slice(0, SEGMENT_DESCRIPTION_MAX + 1));
    await save(canvasElement);
    await expect(
      await within(canvasElement).findByText(`La descripción puede tener hasta ${SEGMENT_DESCRIPTION_MAX} caracteres.`),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NegativeNumber: Story = {
  play: async ({ canvasElement, args }) => {
    await paste(canvasElement, /^Nombre/, 'Clientes de café');
    await paste(canvasElement, 'Desde (pedidos)', '-2');
    await save(canvasElement);
    await expect(await within(canvasElement).findByText('El valor no puede ser menor que 0.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AmountMaxNotAboveMin: Story = {
  play: async ({ canvasElement, args }) => {
    await paste(canvasElement, /^Nombre/, 'Clientes de café');
    await paste(canvasElement, 'Desde (CLP)', '50000');
    await paste(canvasElement, 'Hasta (CLP)', '20000');
    await save(canvasElement);
    await expect(await within(canvasElement).findByText('El máximo debe ser mayor que el mínimo.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const DateMissing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await paste(canvasElement, /^Nombre/, 'Clientes de café');
    await userEvent.click(canvas.getByText('Compró en un período'));
    await save(canvasElement);
    await expect(await canvas.findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** "Nunca ha comprado": nothing about purchases can hold, so only customer tags remain. */
export const NeverBought: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Nunca ha comprado'));
    await expect(await canvas.findByText(/solo sus etiquetas de cliente filtran el segmento/)).toBeVisible();
  },
};

export const Saving: Story = {
  args: { mode: 'edit', segment: { status: 'success', data: simpleSegmentToEdit }, saving: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** The server refused the amount range of the rules it was sent (`rules.blocks.0.conditions.1.to`): shown on that field. */
export const ServerFieldError: Story = {
  args: {
    mode: 'edit',
    segment: {
      status: 'success',
      data: savedSegment(43, {
        name: 'Gastaron entre $50.000 y $80.000',
        description: '',
        form: 'simple',
        rules: simpleRules([
          { field: 'purchase', operator: 'is', period: { kind: 'anytime' } },
          { field: 'totalSpent', operator: 'fromTo', from: 50_000, to: 80_000 },
        ]),
      }),
    },
    serverErrors: Object.fromEntries((amountRangeRefused.fieldErrors ?? []).map(({ field, message }) => [field, message])),
  },
  play: async ({ canvasElement }) => {
    const amountTo = within(canvasElement).getByLabelText('Hasta (CLP)');
    await expect(amountTo).toHaveAttribute('aria-invalid', 'true');
    await expect(within(canvasElement).getByText('El máximo debe ser mayor que el mínimo.')).toBeVisible();
  },
};

export const CreateError: Story = {
  render: (args) => (
    <>
      <SegmentFormScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'create-failed',
            status: 'error',
            message: 'No se pudo crear el segmento.',
            description: 'Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};

/** Editing a custom segment: its fields as it was saved, the count of its rules. */
export const Edit: Story = {
  args: { mode: 'edit', segment: { status: 'success', data: simpleSegmentToEdit }, count: settled(3) },
};

export const UpdateError: Story = {
  args: Edit.args,
  render: (args) => (
    <>
      <SegmentFormScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'update-failed',
            status: 'error',
            message: 'No se pudieron guardar los cambios del segmento.',
            description: 'Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};

export const EditLoading: Story = {
  args: { mode: 'edit', segment: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const EditLoadError: Story = {
  args: { mode: 'edit', segment: { status: 'error', cause: 'server' }, onRetry: fn() },
};

/** One of the six default segments: its rules are Recompra's, so there is nothing to edit. */
export const DefaultNotEditable: Story = {
  args: {
    mode: 'edit',
    segment: {
      status: 'success',
      data: { ...simpleSegmentToEdit, id: 1, key: 'highValueCustomers', name: null, description: null, form: null },
    },
  },
};

export const EmptyOnPhone: Story = onPhone(Empty);
export const FilledWithLiveCountOnPhone: Story = onPhone(FilledWithLiveCount);
export const DateMissingOnPhone: Story = onPhone(DateMissing);
export const EditOnPhone: Story = onPhone(Edit);
export const SavingOnPhone: Story = onPhone(Saving);
