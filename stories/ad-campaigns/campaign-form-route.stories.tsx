import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { campaignRefusals, mediaRefusals, productCatalogs } from '../../mocks/fixtures/campaign-form';
import { sessionUsers } from '../../mocks/fixtures/session';
import {
  type CallOptions,
  campaignFormStore,
  createAdCampaignAnswer,
  productCatalogsAnswer,
  updateAdCampaignAnswer,
  uploadAdMediaAnswer,
} from '../../mocks/handlers/campaign-form';
import { meAs } from '../../mocks/handlers/session';
import { CampaignFormRoute } from '../../src/web/features/ad-campaigns/routes/campaign-form-route';
import { Toaster } from '../../src/web/ui/toast';
import { userEvent } from '../support/user-event';

/** Every call the wizard makes, answered from the fixtures; `first` are put before the defaults. */
const wizardStore = (...first: unknown[]) => [...first, meAs(sessionUsers.admin), ...campaignFormStore()];

/** The container against mocked APIs, on its two addresses; the detail page it goes to after saving is a stand-in. */
const meta = {
  title: 'Screens/AdCampaigns/CampaignFormRoute',
  component: CampaignFormRoute,
  parameters: { providers: ['query', 'router'], route: '/campaigns/create', msw: { handlers: wizardStore() } },
  render: () => (
    <>
      <Routes>
        <Route path="/campaigns/create" element={<CampaignFormRoute />} />
        <Route path="/campaigns/:id/edit" element={<CampaignFormRoute />} />
        <Route path="/campaigns/:id" element={<h1>Detalle de la campaña</h1>} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof CampaignFormRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const click = async (canvas: Canvas, name: string | RegExp) => userEvent.click(await canvas.findByRole('button', { name }));
async function typeInto(canvas: Canvas, label: string | RegExp, text: string) {
  const input = canvas.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** Hands the media step's file field a PNG of `size` bytes named `name`. */
async function upload(canvasElement: HTMLElement, name: string, size: number) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  await userEvent.upload(input, new File([new Uint8Array(size)], name, { type: 'image/png' }));
}

/** Steps 1 and 2 of a new conversion campaign, filled. */
async function fillTypeAndInfo(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('radio', { name: /Conversión/ }));
  await click(canvas, 'Siguiente');
  await typeInto(canvas, /^Nombre de la campaña/, 'Recompra de otoño');
  await typeInto(canvas, /^Fecha de inicio/, '2026-03-20');
  await typeInto(canvas, /^Hora de inicio/, '09:00');
  await userEvent.click(canvas.getByText('Sin fecha de término'));
  await typeInto(canvas, /^Presupuesto diario/, '10000');
  await click(canvas, 'Siguiente');
}

export const Create: Story = {};
export const CreateOnPhone: Story = onPhone({});

/** From the segments list's "crear campaña": the audience step starts with that segment. */
export const CreateFromSegment: Story = {
  parameters: { route: '/campaigns/create?segmentId=2' },
  play: async ({ canvasElement }) => {
    await fillTypeAndInfo(canvasElement);
    await expect(await within(canvasElement).findByText('Este segmento tiene 860 clientes.')).toBeVisible();
  },
};

/** The whole way: a file uploaded, every step filled, the campaign created, its detail opened with a toast. */
export const CreateAndOpenDetail: Story = {
  parameters: { route: '/campaigns/create?segmentId=2' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillTypeAndInfo(canvasElement);
    await click(canvas, 'Siguiente');
    await upload(canvasElement, 'cafe-otono.png', 2048);
    await expect(await canvas.findByText('Subido')).toBeVisible();
    await click(canvas, 'Siguiente');
    await typeInto(canvas, /^Texto principal/, 'Vuelve por tu café de otoño.');
    await typeInto(canvas, /^Título/, 'Café de otoño');
    await typeInto(canvas, /^Descripción/, 'Despacho en 24 horas');
    await typeInto(canvas, /^URL de destino/, 'https://cafeaustral.cl');
    await click(canvas, 'Crear campaña');
    await expect(await canvas.findByRole('heading', { name: 'Detalle de la campaña' })).toBeVisible();
    await waitFor(() =>
      expect(within(canvasElement.ownerDocument.body).getByText('Creamos la campaña «Recompra de otoño» en Meta.')).toBeVisible(),
    );
  },
};

/** "Siguiente" without a file asks for one; the file, once chosen, takes the request away. */
export const MediaRequiredUntilUploaded: Story = {
  parameters: { route: '/campaigns/create?segmentId=2' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillTypeAndInfo(canvasElement);
    await click(canvas, 'Siguiente');
    await click(canvas, 'Siguiente');
    await expect(await canvas.findByText('Sube al menos un archivo.')).toBeVisible();
    await upload(canvasElement, 'cafe-otono.png', 1536);
    await expect(await canvas.findByText('Subido')).toBeVisible();
    await expect(canvas.getByText('1,5 KB', { exact: false })).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Sube al menos un archivo.')).toBeNull());
  },
};

/** Editing loads the campaign and fills every step. */
export const Edit: Story = { parameters: { route: '/campaigns/101/edit' } };
export const EditRetargeting: Story = {
  parameters: { route: '/campaigns/102/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await click(canvas, 'Siguiente');
    await expect((await canvas.findAllByText('Catálogo Café Austral (148 productos)'))[0]).toBeVisible();
  },
};
export const EditFinished: Story = { parameters: { route: '/campaigns/103/edit' } };

const saveEdit = (failure: CallOptions) => ({
  parameters: { route: '/campaigns/101/edit', msw: { handlers: wizardStore(updateAdCampaignAnswer(failure)) } },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    for (let step = 0; step < 4; step++) await click(canvas, 'Siguiente');
    await click(canvas, 'Guardar cambios');
    await expect(await canvas.findByTestId('campaign-form-failure')).toBeVisible();
  },
});

/** Meta refused the ad set: the panel names it with Meta's words; everything typed stays. */
export const EditAdSetFailed: Story = saveEdit({ refused: { status: 502, body: campaignRefusals.adSetFailed } });
export const EditNotEditable: Story = saveEdit({ refused: { status: 409, body: campaignRefusals.notEditable } });
export const EditRenewalRequired: Story = saveEdit({ refused: { status: 409, body: campaignRefusals.renewal } });

/** 400 on the segment: back to the audience step, the server's words beside the segment. */
export const CreateAudienceTooSmall: Story = {
  parameters: {
    route: '/campaigns/101/edit',
    msw: { handlers: wizardStore(updateAdCampaignAnswer({ refused: { status: 400, body: campaignRefusals.audienceTooSmall } })) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let step = 0; step < 4; step++) await click(canvas, 'Siguiente');
    await click(canvas, 'Guardar cambios');
    await expect(await canvas.findByText(campaignRefusals.audienceTooSmall.fieldErrors[0]?.message ?? '')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Audiencia' })).toBeVisible();
  },
};

/** Retargeting without catalogs (SPEC §8), and the catalogs unavailable from Meta. */
export const RetargetingNoCatalogs: Story = {
  parameters: { msw: { handlers: wizardStore(productCatalogsAnswer([])) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Retargeting/ }));
    await click(canvas, 'Siguiente');
    await expect(await canvas.findByText(/no tiene catálogos de productos/)).toBeVisible();
  },
};
export const RetargetingCatalogsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: wizardStore(
        productCatalogsAnswer(productCatalogs, { refused: { status: 502, body: campaignRefusals.catalogsUnavailable } }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Retargeting/ }));
    await click(canvas, 'Siguiente');
    await expect(await canvas.findByText('No pudimos obtener los catálogos de productos de tu cuenta de Meta.')).toBeVisible();
  },
};

/** The server checks each file again: its refusal shows on that file. */
export const UploadRefused: Story = {
  parameters: {
    route: '/campaigns/create?segmentId=2',
    msw: {
      handlers: wizardStore(uploadAdMediaAnswer({ refusedNames: { largo: mediaRefusals.videoTooLong } })),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillTypeAndInfo(canvasElement);
    await click(canvas, 'Siguiente');
    await upload(canvasElement, 'video-largo.png', 1024);
    await expect(await canvas.findByText('El video dura más de 120 segundos.')).toBeVisible();
  },
};

export const EditSaving: Story = {
  parameters: {
    route: '/campaigns/101/edit',
    msw: { handlers: wizardStore(createAdCampaignAnswer({ pending: true }), updateAdCampaignAnswer({ pending: true })) },
    visual: { waitFor: 'text=Guardando los cambios en Meta…' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let step = 0; step < 4; step++) await click(canvas, 'Siguiente');
    await click(canvas, 'Guardar cambios');
  },
};
