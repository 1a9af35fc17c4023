import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { amountRangeRefused, segmentCount, segmentLimitReached, segmentsToEdit } from '../../mocks/fixtures/segment-form';
import { allSegments } from '../../mocks/fixtures/segments';
import { serverError, sessionUsers } from '../../mocks/fixtures/session';
import {
  createSegmentAnswer,
  productTypesAnswer,
  type SegmentSaveOptions,
  segmentCountAnswer,
  updateSegmentAnswer,
} from '../../mocks/handlers/segment-form';
import { segmentsStore } from '../../mocks/handlers/segments';
import { meAs } from '../../mocks/handlers/session';
import { simpleRules } from '../../src/shared/segments';
import { SegmentFormRoute } from '../../src/web/features/segments/routes/segment-form-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

const segments = [...allSegments, ...segmentsToEdit];

/** Every call the page makes, answered from the fixtures; `save` changes how a save ends. */
const formStore = (save: SegmentSaveOptions = {}, storeOptions: Parameters<typeof segmentsStore>[0] = {}) => [
  meAs(sessionUsers.admin),
  ...segmentsStore({ segments, ...storeOptions }),
  segmentCountAnswer(),
  productTypesAnswer(),
  createSegmentAnswer(save),
  updateSegmentAnswer(save, segments),
];

/** The container against mocked APIs, on its two addresses; the detail page it goes to after saving is a stand-in. */
const meta = {
  title: 'Screens/Segments/SegmentFormRoute',
  component: SegmentFormRoute,
  parameters: { providers: ['query', 'router'], route: '/segments/create', msw: { handlers: formStore() } },
  render: () => (
    <>
      <Routes>
        <Route path="/segments/create" element={<SegmentFormRoute />} />
        <Route path="/segments/:id/edit" element={<SegmentFormRoute />} />
        <Route path="/segments/:id" element={<h1>Detalle del segmento</h1>} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof SegmentFormRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const everyBuyer = segmentCount(simpleRules([{ field: 'purchase', operator: 'is', period: { kind: 'anytime' } }])).customers;
const vipBuyers = segmentCount(
  simpleRules([
    { field: 'purchase', operator: 'is', period: { kind: 'anytime' } },
    { field: 'customerTags', operator: 'has', values: ['vip'] },
  ]),
).customers;

async function fillName(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByLabelText(/^Nombre/));
  await userEvent.paste(name);
}

/** The simple form with its first count, computed from the store's customers. */
export const CreateSimple: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(`${everyBuyer} clientes coinciden`)).toBeVisible();
  },
};

export const CreateAdvanced: Story = { parameters: { route: '/segments/create?type=advanced' } };

/** A customer tag added: the count waits for a pause in typing, then follows the new rules. */
export const LiveCountFollowsEdits: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`${everyBuyer} clientes coinciden`);
    // The text box, not the hidden input that holds the tags (the label names both).
    const tags = canvas.getAllByLabelText('Etiquetas de cliente').find((element) => !element.hidden);
    await userEvent.click(tags!);
    await userEvent.keyboard('vip{Enter}');
    await expect(await canvas.findByText(`${vipBuyers} clientes coinciden`)).toBeVisible();
  },
};

/** Saved: the toast says the data may take a few minutes, and the segment's page opens. */
export const Created: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillName(canvasElement, 'Clientes de café');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar segmento' }));
    await toastShown(canvasElement, 'Creamos el segmento «Clientes de café».');
    await expect(await canvas.findByRole('heading', { name: 'Detalle del segmento' })).toBeVisible();
  },
};

export const Saving: Story = {
  parameters: { msw: { handlers: formStore({ pending: true }) }, visual: { waitFor: 'button[aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    await fillName(canvasElement, 'Clientes de café');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Guardar segmento' }));
    await expect(await within(canvasElement).findByRole('button', { name: 'Guardando…' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const CreateError: Story = {
  parameters: { msw: { handlers: formStore({ refused: { status: 500, body: serverError } }) } },
  play: async ({ canvasElement }) => {
    await fillName(canvasElement, 'Clientes de café');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Guardar segmento' }));
    await toastShown(canvasElement, 'No se pudo crear el segmento.');
  },
};

/** The store already holds 100 custom segments: the server's reason in the toast. */
export const CreateLimitReached: Story = {
  parameters: { msw: { handlers: formStore({ refused: { status: 409, body: segmentLimitReached } }) } },
  play: async ({ canvasElement }) => {
    await fillName(canvasElement, 'Clientes de café');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Guardar segmento' }));
    await toastShown(canvasElement, segmentLimitReached.message);
  },
};

/** The server refused the amount range (`rules.blocks.0.conditions.1.to`): its words on "Hasta (CLP)". */
export const ServerFieldError: Story = {
  parameters: { msw: { handlers: formStore({ refused: { status: 400, body: amountRangeRefused } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillName(canvasElement, 'Gastaron entre $50.000 y $80.000');
    await userEvent.click(canvas.getByLabelText('Desde (CLP)'));
    await userEvent.paste('50000');
    await userEvent.click(canvas.getByLabelText('Hasta (CLP)'));
    await userEvent.paste('80000');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() => expect(canvas.getByLabelText('Hasta (CLP)')).toHaveAttribute('aria-invalid', 'true'));
    await expect(canvas.getByText('El máximo debe ser mayor que el mínimo.')).toBeVisible();
  },
};

export const EditSimple: Story = {
  parameters: { route: `/segments/${segmentsToEdit[0]!.id}/edit` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByDisplayValue(segmentsToEdit[0]!.name!)).toBeVisible();
  },
};

export const EditAdvanced: Story = {
  parameters: { route: `/segments/${segmentsToEdit[1]!.id}/edit` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByDisplayValue(segmentsToEdit[1]!.name!)).toBeVisible();
  },
};

export const UpdateError: Story = {
  parameters: {
    route: `/segments/${segmentsToEdit[0]!.id}/edit`,
    msw: { handlers: formStore({ refused: { status: 500, body: serverError } }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue(segmentsToEdit[0]!.name!);
    // The store's product types arrive on their own and lengthen the page: clicking before them would
    // leave the page scrolled short of its end, and the toast somewhere else in the picture.
    await canvas.findByText('Tipos de tu tienda');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar segmento' }));
    await toastShown(canvasElement, 'No se pudieron guardar los cambios del segmento.');
  },
};

export const EditLoading: Story = {
  parameters: {
    route: `/segments/${segmentsToEdit[0]!.id}/edit`,
    msw: { handlers: formStore({}, { pending: ['segment'] }) },
    visual: { waitFor: '[aria-busy="true"]' },
  },
};

export const EditLoadError: Story = {
  parameters: { route: `/segments/${segmentsToEdit[0]!.id}/edit`, msw: { handlers: formStore({}, { failing: ['segment'] }) } },
};

/** A default segment's address: nothing to edit, a way back to the list. */
export const EditDefaultSegment: Story = { parameters: { route: '/segments/1/edit' } };

export const CreateSimpleOnPhone: Story = onPhone(CreateSimple);
export const EditAdvancedOnPhone: Story = onPhone(EditAdvanced);
