import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { adCampaignsStore } from '../../mocks/handlers/ad-campaigns';
import { meAs } from '../../mocks/handlers/session';
import { CampaignsRoute } from '../../src/web/features/ad-campaigns/routes/campaigns-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';
import { campaignsStore, chooseFromMenu, openDialog, typeAmount } from './campaign-story-steps';

/** The container against the mocked contract: the same screen, fed by real queries and mutations. */
const meta = {
  title: 'Screens/AdCampaigns/CampaignsRoute',
  component: CampaignsRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/campaigns',
    msw: { handlers: [meAs(sessionUsers.admin), ...adCampaignsStore()] },
  },
  render: () => (
    <>
      <CampaignsRoute />
      <Toaster />
    </>
  ),
} satisfies Meta<typeof CampaignsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chooses an action from a campaign's menu, from the keyboard: the highlight moves down to it. */
async function chooseAction(canvasElement: HTMLElement, campaign: string, action: string) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: `Acciones de ${campaign}` }));
  await chooseFromMenu(canvasElement, action);
}

/**
 * The focus goes back to the campaign's menu button, where the merchant left it. Set here once the menu and the
 * modal are gone, so the picture never depends on when a closing part hands it back.
 */
async function focusBackOnMenu(canvasElement: HTMLElement, campaign: string) {
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => {
    expect(body.queryByRole('dialog')).toBeNull();
    expect(body.queryByRole('menu')).toBeNull();
  });
  const trigger = within(canvasElement).getByRole('button', { name: `Acciones de ${campaign}` });
  trigger.focus();
  await expect(trigger).toHaveFocus();
}

export const Loaded: Story = {};

export const LoadedOnPhone: Story = onPhone<Story>({});

/** Opened from a link on one status: the server's campaigns of that status, its tab selected. */
export const FilteredFromAddress: Story = {
  parameters: { route: '/campaigns?status=deactivated' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Desactivadas', selected: true })).toBeVisible();
    await expect(await canvas.findByRole('article', { name: 'Clientes VIP de invierno' })).toBeVisible();
    await expect(canvas.queryByRole('article', { name: 'Recompra de verano' })).toBeNull();
  },
};

export const Empty: Story = { parameters: campaignsStore({ campaigns: [] }) };

export const EmptyFilter: Story = { parameters: { ...campaignsStore({ campaigns: [] }), route: '/campaigns?status=scheduled' } };

export const Loading: Story = {
  parameters: { ...campaignsStore({ pending: ['list'] }), visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { parameters: campaignsStore({ failing: ['list'] }) };

/** The list answered 409 social_ads_not_connected: the way to Integrations. */
export const MetaNotConnected: Story = { parameters: campaignsStore({ metaProblem: 'notConnected' }) };

export const MetaRenewalRequired: Story = { parameters: campaignsStore({ metaProblem: 'renewalRequired' }) };

/** Deactivated from its menu: the call goes out, the row says "Desactivada", with a toast. */
export const DeactivatesCampaign: Story = {
  // A store of its own: what the story changes stays in it.
  parameters: campaignsStore(),
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Desactivar');
    await toastShown(canvasElement, 'Desactivamos la campaña «Recompra de verano».');
    const row = within(within(canvasElement).getByRole('article', { name: 'Recompra de verano' }));
    await waitFor(() => expect(row.getByText('Desactivada')).toBeVisible());
    await focusBackOnMenu(canvasElement, 'Recompra de verano');
  },
};

/** A new daily budget saved: the row shows it, with a toast. */
export const SavesBudget: Story = {
  parameters: campaignsStore(),
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Presupuesto diario');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    const input = await dialog.findByRole('spinbutton', { name: /Presupuesto diario \(CLP\)/ });
    await typeAmount(input, '12000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await toastShown(canvasElement, 'Guardamos el nuevo presupuesto diario de «Recompra de verano».');
    const row = within(within(canvasElement).getByRole('article', { name: 'Recompra de verano' }));
    await waitFor(() => expect(row.getByText('$12.000')).toBeVisible());
    await focusBackOnMenu(canvasElement, 'Recompra de verano');
  },
};

/** Below the ad account's minimum: refused in the modal, nothing sent. */
export const BudgetBelowMinimum: Story = {
  parameters: { ...campaignsStore(), ...openDialog },
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Presupuesto diario');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await dialog.findByText('Mínimo de tu cuenta publicitaria: $5.000 (CLP).');
    const input = dialog.getByRole('spinbutton', { name: /Presupuesto diario/ });
    await typeAmount(input, '4000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await expect(
      await dialog.findByText('El presupuesto diario debe ser de al menos $5.000 (CLP), el mínimo de tu cuenta publicitaria.'),
    ).toBeVisible();
  },
};

/** Meta refused the new budget: its text in a toast, the modal stays open to try again. */
export const BudgetFailsInMeta: Story = {
  parameters: { ...campaignsStore({ failing: ['budget'] }), ...openDialog },
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Presupuesto diario');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await dialog.findByText('Mínimo de tu cuenta publicitaria: $5.000 (CLP).');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await toastShown(canvasElement, /^No pudimos actualizar el conjunto de anuncios en Meta/);
  },
};

/** Deleted after the confirmation: gone from the list, with a toast. */
export const DeletesCampaign: Story = {
  parameters: campaignsStore(),
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Eliminar');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, 'Campaña «Recompra de verano» eliminada.');
    await waitFor(() => expect(within(canvasElement).queryByRole('article', { name: 'Recompra de verano' })).toBeNull());
  },
};

/** Meta failed the deletion: SPEC §8's words, the campaign stays. */
export const DeleteFails: Story = {
  parameters: { ...campaignsStore({ failing: ['delete'] }), ...openDialog },
  play: async ({ canvasElement }) => {
    await chooseAction(canvasElement, 'Recompra de verano', 'Eliminar');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, 'Ocurrió un error al eliminar la campaña.');
  },
};
