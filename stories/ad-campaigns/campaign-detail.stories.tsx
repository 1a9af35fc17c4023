import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  abandonedCartsCampaign,
  adAccountProps,
  adCampaignFixture,
  adCampaignInsightsFixture,
  asleepCampaign,
  blackFridayCampaign,
  insightsNoData,
  summerCampaign,
  summerCampaignDetail,
  summerInsights,
  summerInsightsRefreshing,
  vipCampaign,
} from '../../mocks/fixtures/ad-campaigns';
import { CampaignDetailScreen, type CampaignDetailScreenProps } from '../../src/web/features/ad-campaigns/screens/campaign-detail-screen';
import { userEvent } from '../support/user-event';
import { openDialog } from './campaign-story-steps';

const args: CampaignDetailScreenProps = {
  campaign: { status: 'success', data: summerCampaignDetail },
  onRetry: fn(),
  results: {
    insights: { status: 'success', data: summerInsights },
    onRetry: fn(),
    reportMetric: 'reach',
    onReportMetricChange: fn(),
  },
  listHref: '/campaigns',
  editHref: '/campaigns/101/edit',
  activating: false,
  onAction: fn(),
  budget: { campaign: null, account: { status: 'success', data: adAccountProps }, saving: false, onCancel: fn(), onSave: fn() },
  deletion: { name: null, deleting: false, onCancel: fn(), onConfirm: fn() },
};

const meta = {
  title: 'Screens/AdCampaigns/CampaignDetail',
  component: CampaignDetailScreen,
  args,
} satisfies Meta<typeof CampaignDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const results = (changes: Partial<CampaignDetailScreenProps['results']>) => ({ results: { ...args.results, ...changes } });
const campaignOf = (summary: typeof summerCampaign) => ({ campaign: { status: 'success' as const, data: adCampaignFixture(summary) } });

/** Everything: general details, metrics with how income is attributed, KPIs, the report by day and each ad. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Recompra de verano' })).toBeVisible();
    await expect(canvas.getByText('9,06x')).toBeVisible();
    await expect(canvas.getByText('$1.289.400')).toBeVisible();
    await expect(canvas.getByText(/contamos los pedidos hechos desde el inicio de la campaña/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/campaigns/101/edit');
  },
};

export const FullOnPhone: Story = onPhone<Story>({});

/** The report's other measures, chosen above the chart. */
export const ReportResults: Story = { args: results({ reportMetric: 'results' }) };

export const ReportSpend: Story = { args: results({ reportMetric: 'spend' }) };

export const ChoosesReportMetric: Story = {
  play: async ({ args: current, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Importe gastado' }));
    await expect(current.results.onReportMetricChange).toHaveBeenCalledWith('spend');
  },
};

/** A carousel retargeting campaign on a product set: one ad with its cards, no end date. */
export const Carousel: Story = {
  args: {
    ...campaignOf(abandonedCartsCampaign),
    ...results({ insights: { status: 'success', data: adCampaignInsightsFixture(adCampaignFixture(abandonedCartsCampaign)) } }),
  },
};

/** Meta has not read any figure yet: the details, and what is coming. */
export const NoDataYet: Story = {
  args: results({ insights: { status: 'success', data: insightsNoData } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Aún no hay resultados')).toBeVisible();
  },
};

export const NoDataYetOnPhone: Story = onPhone<Story>({ args: NoDataYet.args });

/** A newer read from Meta is on its way: the last figures stay, and say so. */
export const Refreshing: Story = {
  args: results({ insights: { status: 'success', data: summerInsightsRefreshing } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Actualizando los resultados desde Meta…');
  },
};

/** The details are here, the figures still loading. */
export const InsightsLoading: Story = {
  args: results({ insights: { status: 'loading' } }),
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};

export const InsightsError: Story = {
  args: results({ insights: { status: 'error', cause: 'server' } }),
  play: async ({ args: current, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(current.results.onRetry).toHaveBeenCalled();
  },
};

/** A deactivated campaign offers to activate it. */
export const Deactivated: Story = {
  args: campaignOf(asleepCampaign),
  play: async ({ args: current, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Activar' }));
    await expect(current.onAction).toHaveBeenCalledWith('activate');
  },
};

/** Finished: not editable, said why; edit and budget are off, deleting is not. */
export const NotEditable: Story = {
  args: campaignOf(blackFridayCampaign),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ya terminó: no se puede editar ni cambiar su presupuesto.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Editar' })).toBeDisabled();
  },
};

/** Its segment was deleted: the campaign keeps the name it had, marked as deleted. */
export const SegmentDeleted: Story = { args: campaignOf(vipCampaign) };

export const Loading: Story = {
  args: { campaign: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { args: { campaign: { status: 'error', cause: 'server' } } };

/** No such campaign (deleted, or another store's). */
export const NotFound: Story = {
  args: { campaign: { status: 'success', data: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Ver mis campañas' })).toHaveAttribute('href', '/campaigns');
  },
};

/** More actions: the daily budget and delete, the list's modals. */
export const MoreActions: Story = {
  parameters: openDialog,
  play: async ({ args: current, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Más acciones de Recompra de verano' }));
    // From the keyboard, as a menu is most reliably driven: the highlight moves down to the first item.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(current.onAction).toHaveBeenCalledWith('budget');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Más acciones de Recompra de verano' }));
    await body.findByRole('menu');
  },
};

export const BudgetModal: Story = {
  args: {
    budget: { ...args.budget, campaign: { id: summerCampaign.id, name: summerCampaign.name, dailyBudget: summerCampaign.dailyBudget } },
  },
  parameters: openDialog,
};

export const DeleteConfirmation: Story = {
  args: { deletion: { ...args.deletion, name: summerCampaign.name } },
  parameters: openDialog,
};
