import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { adAccountProps, adCampaignSummaries, blackFridayCampaign, summerCampaign, vipCampaign } from '../../mocks/fixtures/ad-campaigns';
import type { CampaignBudgetDialogProps } from '../../src/web/features/ad-campaigns/screens/campaign-budget-dialog';
import {
  type CampaignFilter,
  type CampaignListItem,
  CampaignsListScreen,
  type CampaignsListScreenProps,
} from '../../src/web/features/ad-campaigns/screens/campaigns-list-screen';
import { userEvent } from '../support/user-event';
import { chooseFromMenu, openDialog, typeAmount } from './campaign-story-steps';

const of = (filter: CampaignFilter): readonly CampaignListItem[] =>
  filter === 'all' ? adCampaignSummaries : adCampaignSummaries.filter((campaign) => campaign.status === filter);

const budget: CampaignBudgetDialogProps = {
  campaign: null,
  account: { status: 'success', data: adAccountProps },
  saving: false,
  onCancel: fn(),
  onSave: fn(),
};

const args: CampaignsListScreenProps = {
  campaigns: { status: 'success', data: of('all') },
  onRetry: fn(),
  metaProblem: null,
  integrationsHref: '/integrations',
  filter: 'all',
  onFilterChange: fn(),
  createHref: '/campaigns/create',
  detailHref: (id) => `/campaigns/${id}`,
  onAction: fn(),
  activating: [],
  budget,
  deletion: { name: null, deleting: false, onCancel: fn(), onConfirm: fn() },
};

const meta = {
  title: 'Screens/AdCampaigns/CampaignsList',
  component: CampaignsListScreen,
  args,
} satisfies Meta<typeof CampaignsListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const filtered = (filter: CampaignFilter) => ({ filter, campaigns: { status: 'success' as const, data: of(filter) } });
const empty = (filter: CampaignFilter) => ({ filter, campaigns: { status: 'success' as const, data: [] } });
const summerTarget = { id: summerCampaign.id, name: summerCampaign.name, dailyBudget: summerCampaign.dailyBudget };

/** Every campaign, the newest first: each status, its dates, budget and spend; two cannot be edited any more. */
export const All: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = within(canvas.getByRole('article', { name: 'Recompra de verano' }));
    await expect(row.getByText('Activa')).toBeVisible();
    await expect(row.getByText('Conversión')).toBeVisible();
    await expect(row.getByText('$10.000')).toBeVisible();
    await expect(row.getByText('$142.350')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Recompra de verano' })).toHaveAttribute('href', '/campaigns/101');
  },
};

export const AllOnPhone: Story = onPhone<Story>({});

export const Active: Story = { args: filtered('active') };

export const ActiveOnPhone: Story = onPhone<Story>({ args: filtered('active') });

export const Finished: Story = { args: filtered('finished') };

/** Deactivated (paused in Meta) reads "Desactivada". */
export const Deactivated: Story = { args: filtered('deactivated') };

export const Scheduled: Story = { args: filtered('scheduled') };

/** The filter is the caller's: choosing one asks for it. */
export const ChangesFilter: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('tab', { name: 'Desactivadas' }));
    await expect(args.onFilterChange).toHaveBeenCalledWith('deactivated');
  },
};

/** No campaign yet: what they are for, and the way to create the first. */
export const Empty: Story = {
  args: empty('all'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no tienes campañas')).toBeVisible();
    for (const link of canvas.getAllByRole('link', { name: 'Crear campaña' }))
      await expect(link).toHaveAttribute('href', '/campaigns/create');
  },
};

export const EmptyOnPhone: Story = onPhone<Story>({ args: empty('all') });

/** Nothing with this status: said for it, with the way back to every campaign. */
export const EmptyActive: Story = {
  args: empty('active'),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ver todas las campañas' }));
    await expect(args.onFilterChange).toHaveBeenCalledWith('all');
  },
};

export const EmptyFinished: Story = { args: empty('finished') };

export const EmptyDeactivated: Story = { args: empty('deactivated') };

export const EmptyScheduled: Story = { args: empty('scheduled') };

export const Loading: Story = {
  args: { campaigns: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = {
  args: { campaigns: { status: 'error', cause: 'server' } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Offline: Story = { args: { campaigns: { status: 'error', cause: 'network' } } };

/** The list answered that Meta is not connected: Integrations first. */
export const MetaNotConnected: Story = {
  args: { metaProblem: 'notConnected', campaigns: { status: 'error', cause: 'server' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Ir a Integraciones' })).toHaveAttribute('href', '/integrations');
  },
};

export const MetaNotConnectedOnPhone: Story = onPhone<Story>({ args: MetaNotConnected.args });

/** The connection expired or was revoked: renewed in Integrations. */
export const MetaRenewalRequired: Story = { args: { metaProblem: 'renewalRequired', campaigns: { status: 'error', cause: 'server' } } };

/** Collaborators cannot open Integrations: told who can connect Meta. */
export const MetaNotConnectedAsColaborator: Story = {
  args: { metaProblem: 'notConnected', integrationsHref: undefined, campaigns: { status: 'error', cause: 'server' } },
};

/** A running campaign's menu: deactivate, edit, daily budget, delete. */
export const RowActions: Story = {
  parameters: openDialog,
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Acciones de Recompra de verano' });
    await userEvent.click(trigger);
    const items = await body.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Desactivar', 'Editar', 'Presupuesto diario', 'Eliminar']);
    await chooseFromMenu(canvasElement, 'Desactivar');
    await expect(args.onAction).toHaveBeenCalledWith(summerCampaign, 'deactivate');
    // Open again for the picture, from the button once the menu is gone and the focus is set on it:
    // a focus the closing menu hands back late would otherwise close the new one.
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    trigger.focus();
    await userEvent.click(trigger);
    await body.findByRole('menu');
  },
};

/** A deactivated campaign offers to activate it again. */
export const RowActionsDeactivated: Story = {
  args: filtered('deactivated'),
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Acciones de Clientes dormidos: vuelve por tu café' }));
    await expect(await body.findByRole('menuitem', { name: 'Activar' })).toBeVisible();
  },
};

/** A finished campaign is marked, says why, and its edit and budget actions are disabled. */
export const NotEditable: Story = {
  args: { campaigns: { status: 'success', data: [vipCampaign, blackFridayCampaign] } },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const row = within(canvas.getByRole('article', { name: 'Black Friday 2025' }));
    await expect(row.getByText('No editable')).toBeVisible();
    await expect(row.getByText('Ya terminó: no se puede editar ni cambiar su presupuesto.')).toBeVisible();
    await expect(canvas.getByText('Su segmento fue eliminado: no se puede editar ni cambiar su presupuesto.')).toBeVisible();
    await userEvent.click(row.getByRole('button', { name: 'Acciones de Black Friday 2025' }));
    await expect(await body.findByRole('menuitem', { name: 'Editar' })).toHaveAttribute('data-disabled');
    await expect(body.getByRole('menuitem', { name: 'Presupuesto diario' })).toHaveAttribute('data-disabled');
  },
};

/** The daily-budget modal on the campaign's budget, with the ad account's minimum and currency. */
export const BudgetModal: Story = {
  args: { budget: { ...budget, campaign: summerTarget } },
  parameters: openDialog,
  play: async ({ args, canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByText('Mínimo de tu cuenta publicitaria: $5.000 (CLP).')).toBeVisible();
    const input = dialog.getByRole('spinbutton', { name: /Presupuesto diario \(CLP\)/ });
    await typeAmount(input, '15000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await expect(args.budget.onSave).toHaveBeenCalledWith(15000);
  },
};

export const BudgetModalOnPhone: Story = onPhone<Story>({ args: BudgetModal.args, parameters: openDialog });

/** Below the minimum: refused before anything is sent, the minimum named with its currency. */
export const BudgetBelowMinimum: Story = {
  args: { budget: { ...budget, campaign: summerTarget } },
  parameters: openDialog,
  play: async ({ args, canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    const input = dialog.getByRole('spinbutton', { name: /Presupuesto diario/ });
    await typeAmount(input, '3000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await expect(
      await dialog.findByText('El presupuesto diario debe ser de al menos $5.000 (CLP), el mínimo de tu cuenta publicitaria.'),
    ).toBeVisible();
    await expect(args.budget.onSave).not.toHaveBeenCalled();
  },
};

/** The server refused the amount: its words on the field. */
export const BudgetServerRefusal: Story = {
  args: {
    budget: { ...budget, campaign: summerTarget, serverError: 'El presupuesto diario debe ser de al menos $5.000.' },
  },
  parameters: openDialog,
};

export const BudgetSaving: Story = {
  args: { budget: { ...budget, campaign: summerTarget, saving: true } },
  parameters: { ...openDialog, visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** The ad account's minimum is still being read: nothing can be saved until it is known. */
export const BudgetMinimumLoading: Story = {
  args: { budget: { ...budget, campaign: summerTarget, account: { status: 'loading' } } },
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  },
};

/** The confirmation before deleting, saying what goes with the campaign. */
export const DeleteConfirmation: Story = {
  args: { deletion: { ...args.deletion, name: summerCampaign.name } },
  parameters: openDialog,
  play: async ({ args, canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await waitFor(() => expect(args.deletion.onConfirm).toHaveBeenCalled());
  },
};

export const DeleteConfirmationOnPhone: Story = onPhone<Story>({
  args: { deletion: { ...args.deletion, name: summerCampaign.name } },
  parameters: openDialog,
});

export const Deleting: Story = {
  args: { deletion: { ...args.deletion, name: summerCampaign.name, deleting: true } },
  parameters: { ...openDialog, visual: { waitFor: 'button[aria-busy="true"]' } },
};
