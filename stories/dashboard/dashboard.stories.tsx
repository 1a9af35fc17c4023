import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { noActiveCampaigns } from '../../mocks/fixtures/ad-campaigns';
import {
  acquisitionCost,
  acquisitionCostEmpty,
  acquisitionCostWithoutInvestment,
  type StatsInRangeOptions,
  statsInRangeEmpty,
  statsInRangeFixture,
  statsInRangeWithoutInvestment,
  statsTablePage,
  storeStatsEmpty,
} from '../../mocks/fixtures/dashboard';
import { activeCampaign, sendingCampaign } from '../../mocks/fixtures/whatsapp-campaigns';
import { type DateRange, type DateRangePreset, type Granularity } from '../../src/shared/date-ranges';
import { DashboardScreen, type DashboardScreenProps } from '../../src/web/features/dashboard/screens/dashboard-screen';
import { WhatsappCampaignsSection } from '../../src/web/features/dashboard/screens/whatsapp-campaigns-section';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';
import { dashboardArgs, overviewArgs, rangeValue } from './dashboard-args';

// An open Ark dialog hides the page behind it from assistive technology, focusable parts included.
const openDialog = {
  a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
};

const meta = {
  title: 'Screens/Dashboard/Dashboard',
  component: DashboardScreen,
  args: dashboardArgs,
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = {
  args: {
    inRange: { status: 'loading' },
    acquisition: { ...dashboardArgs.acquisition, chart: { status: 'loading' } },
    activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'loading' } },
    overview: {
      ...overviewArgs,
      stats: { status: 'loading' },
      table: { status: 'loading' },
    },
  },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};

export const Error: Story = {
  args: {
    inRange: { status: 'error', cause: 'server' },
    acquisition: { ...dashboardArgs.acquisition, chart: { status: 'error', cause: 'server' } },
    activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'error', cause: 'server' } },
    overview: {
      ...overviewArgs,
      stats: { status: 'error', cause: 'server' },
      table: { status: 'error', cause: 'server' },
    },
  },
};

/** The connection dropped while the acquisition cost loaded: that section says so, the rest stays. */
export const AcquisitionCostOffline: Story = {
  args: {
    acquisition: { ...dashboardArgs.acquisition, chart: { status: 'error', cause: 'network' } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sin conexión con Recompra')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  },
};

/**
 * A store that sells, but not in the range picked: the charts explain what they show and offer the last
 * 12 months, one click away.
 */
export const NoSalesInRange: Story = {
  args: { inRange: { status: 'success', data: statsInRangeEmpty } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByText('Sin ventas en este período')).toHaveLength(2);
    const offers = await canvas.findAllByRole('button', { name: 'Ver los últimos 12 meses' });
    // One in each chart's card.
    await expect(offers).toHaveLength(2);
    await userEvent.click(offers[0]!);
    await expect(args.onShowLast12Months).toHaveBeenCalledOnce();
  },
};

/** The same on a phone: the empty state fits its card, its button within the screen. */
export const NoSalesInRangeOnPhone: Story = onPhone(NoSalesInRange);

/** Already on the last 12 months: offering them again would lead nowhere, so the charts only explain. */
export const NoSalesInLast12Months: Story = {
  args: { ...inRange('last12Months'), inRange: { status: 'success', data: statsInRangeFixture({ preset: 'last12Months', empty: true }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByText('Sin ventas en este período')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Ver los últimos 12 meses' })).toBeNull();
  },
};

/**
 * A connected store that has not sold yet: the charts say what they will show once it does (a longer
 * range would be as empty), dashes where a figure would divide by zero.
 */
export const NoOrders: Story = {
  args: {
    inRange: { status: 'success', data: statsInRangeEmpty },
    acquisition: {
      ...dashboardArgs.acquisition,
      chart: { status: 'success', data: acquisitionCostEmpty },
    },
    activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'success', data: noActiveCampaigns } },
    overview: {
      ...overviewArgs,
      stats: { status: 'success', data: storeStatsEmpty },
      table: {
        status: 'success',
        data: statsTablePage('products', 1, 10, { empty: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByText('Aún no tienes ventas')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Ver los últimos 12 meses' })).toBeNull();
  },
};

export const NoStore: Story = { args: { hasStore: false } };

/** Back from checkout: the subscription just started. */
export const SubscriptionSuccess: Story = {
  args: { subscriptionSuccess: true },
};
export const SubscriptionSuccessOnPhone = onPhone(SubscriptionSuccess);

/** The active campaigns, each linking to its detail: what it spent and reached, the income it brought and its ROAS. */
export const ActiveCampaigns: Story = {
  play: async ({ canvasElement }) => {
    const section = within(await within(canvasElement).findByRole('region', { name: 'Campañas activas' }));
    await expect(section.getByRole('link', { name: 'Recompra de verano' })).toHaveAttribute('href', '/campaigns/101');
    await expect(section.getByText('9,06x')).toBeVisible();
  },
};

/** The WhatsApp campaigns sending now below the ad ones: each with its status and messages sent, delivered and read. */
export const WhatsappCampaigns: Story = {
  args: {
    whatsappCampaigns: (
      <WhatsappCampaignsSection
        campaigns={{ status: 'success', data: [sendingCampaign, activeCampaign] }}
        onRetry={fn()}
        campaignHref={(campaignId) => `/whatsapp/campaigns/${campaignId}`}
        listHref="/whatsapp"
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const section = within(await within(canvasElement).findByRole('region', { name: 'Campañas de WhatsApp activas' }));
    await expect(section.getByRole('link', { name: sendingCampaign.name })).toHaveAttribute(
      'href',
      `/whatsapp/campaigns/${sendingCampaign.id}`,
    );
    await expect(section.getByText('Enviando')).toBeVisible();
    await expect(section.getByText('1.228')).toBeVisible();
  },
};

export const WhatsappCampaignsOnPhone = onPhone<Story>({ args: WhatsappCampaigns.args });

/** WhatsApp connected, but no campaign sending: the section says what it will show. */
export const NoWhatsappCampaignsSending: Story = {
  args: {
    whatsappCampaigns: (
      <WhatsappCampaignsSection campaigns={{ status: 'success', data: [] }} onRetry={fn()} campaignHref={String} listHref="/whatsapp" />
    ),
  },
};

/** No campaign running: what the section will show once one does. */
export const NoActiveCampaigns: Story = {
  args: { activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'success', data: noActiveCampaigns } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No tienes campañas activas')).toBeVisible();
  },
};

export const NoActiveCampaignsOnPhone = onPhone<Story>({ args: NoActiveCampaigns.args });

export const ActiveCampaignsLoading: Story = {
  args: { activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'loading' } } },
  parameters: { visual: { waitFor: '[aria-labelledby="active-campaigns-title"] [aria-busy="true"]' } },
};

export const ActiveCampaignsError: Story = {
  args: { activeCampaigns: { ...dashboardArgs.activeCampaigns, campaigns: { status: 'error', cause: 'server' } } },
};

/** No investment set for the year: the acquisition costs are unknown, and the section asks for it. */
export const WithoutInvestment: Story = {
  args: {
    inRange: { status: 'success', data: statsInRangeWithoutInvestment },
    acquisition: {
      ...dashboardArgs.acquisition,
      chart: { status: 'success', data: acquisitionCostWithoutInvestment },
    },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Aún no defines tu inversión en marketing de 2026')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Definir inversión' }));
    await expect(args.acquisition.onEditInvestment).toHaveBeenCalledOnce();
  },
};

/** A collaborator reads the figures but cannot set the investment. */
export const WithoutInvestmentAsColaborator: Story = {
  args: {
    inRange: { status: 'success', data: statsInRangeWithoutInvestment },
    acquisition: {
      ...dashboardArgs.acquisition,
      chart: { status: 'success', data: acquisitionCostWithoutInvestment },
      canEditInvestment: false,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText('Pídele a quien administra la tienda que la defina.')).length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: /Definir inversión/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Actualizar inversión' })).toBeNull();
  },
};

/** An investment set, but no sales yet this year: the costs cannot be worked out, and the chart says what it will show. */
export const AcquisitionCostWithoutSales: Story = {
  args: {
    acquisition: {
      ...dashboardArgs.acquisition,
      chart: { status: 'success', data: acquisitionCostEmpty },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Sin ventas en 2026')).toBeVisible();
  },
};

export const PreviousYearAcquisitionCost: Story = {
  args: {
    acquisition: {
      ...dashboardArgs.acquisition,
      year: 2025,
      chart: { status: 'success', data: { ...acquisitionCost, year: 2025 } },
    },
  },
};

/**
 * Beside each month's investment, what the store's Meta campaigns spent (nothing before they started), in the ad
 * account's currency; the costs stay the investment's, as the note under the table says.
 */
export const AcquisitionCostMetaSpend: Story = {
  play: async ({ canvasElement }) => {
    const table = within(await within(canvasElement).findByRole('table', { name: 'Costo de adquisición de 2026, mes a mes' }));
    const headers = table.getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers.slice(0, 3)).toEqual(['Mes', 'Inversión', 'Gasto en Meta']);
    const spendOf = (month: string) => within(table.getByRole('row', { name: new RegExp(`^${month}`) })).getAllByRole('cell')[2];
    await expect(spendOf('ene 2026')).toHaveTextContent(/^\$0$/);
    await expect(spendOf('oct 2026')).toHaveTextContent('$130.200');
    await expect(spendOf('nov 2026 \\(hasta hoy\\)')).toHaveTextContent('$84.000');
    await expect(within(canvasElement).getByText(/^Gasto en Meta: cifras de Meta según su última lectura/)).toBeVisible();
  },
};

export const AcquisitionCostMetaSpendOnPhone = onPhone<Story>({
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: 'Costo de adquisición de 2026, mes a mes' });
    // The table scrolls sideways inside its frame; the page itself stays as wide as the phone.
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
});

/** An ad account in dollars: its spend goes in dollars, the investment and the costs stay in pesos. */
export const AcquisitionCostMetaSpendInDollars: Story = {
  args: {
    acquisition: {
      ...dashboardArgs.acquisition,
      adAccountCurrency: 'USD',
      chart: {
        status: 'success',
        data: { ...acquisitionCost, months: acquisitionCost.months.map((month) => ({ ...month, adSpend: month.adSpend / 1000 })) },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const table = within(await within(canvasElement).findByRole('table', { name: 'Costo de adquisición de 2026, mes a mes' }));
    const october = within(table.getByRole('row', { name: /^oct 2026/ })).getAllByRole('cell');
    await expect(october[1]).toHaveTextContent('$10.191.781');
    await expect(october[2]).toHaveTextContent('US$130,20');
  },
};

function inRange(
  preset: DateRangePreset,
  granularity?: Granularity,
  range?: DateRange,
  options: Omit<StatsInRangeOptions, 'preset' | 'range' | 'granularity'> = {},
): Partial<DashboardScreenProps> {
  const value = rangeValue(preset, granularity, range);
  return {
    range: value,
    comparison: options.comparison ?? 'previousPeriod',
    inRange: {
      status: 'success',
      data: statsInRangeFixture({
        preset: range ? null : preset,
        ...(range ? { range } : {}),
        granularity: value.granularity,
        ...options,
      }),
    },
  };
}

/** Compared with the same days a year earlier, as Shopify's reports offer: the indicators and the dotted lines follow. */
export const SamePeriodLastYear: Story = {
  args: inRange('monthToDate', undefined, undefined, { comparison: 'samePeriodLastYear' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Comparado con el mismo período del año anterior/)).toBeVisible();
    await expect(canvas.getAllByText('vs. mismo período del año anterior').length).toBeGreaterThan(0);
  },
};

/** Compared with the period before: the month before the previous month, in percentage points for the rates. */
export const ComparedWithPreviousPeriod: Story = {
  args: inRange('previousMonth'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Comparado con el período anterior: .*sept/)).toBeVisible();
    await expect(canvas.getAllByText(/pp$/).length).toBe(2);
  },
};

/** The last 12 months by week: the first week is cut by the range and this week is not over, both marked partial. */
export const PartialLastPeriod: Story = { args: inRange('last12Months', 'week') };

/** The last 12 months reach into a year without an investment: the costs say which year is missing and offer to set it. */
export const InvestmentMissingForAYear: Story = {
  args: { ...inRange('last12Months', 'month', undefined, { investments: { 2026: 120_000_000 } }), onSetInvestment: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByText('No se puede calcular: falta tu inversión en marketing de 2025.')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Definir inversión de 2025' })[0]!);
    await expect(args.onSetInvestment).toHaveBeenCalledWith(2025);
  },
};

export const Last7Days: Story = { args: inRange('last7Days') };
export const Last30Days: Story = { args: inRange('last30Days') };
export const Last12Weeks: Story = { args: inRange('last12Weeks') };
export const Last12Months: Story = { args: inRange('last12Months') };
export const PreviousMonth: Story = { args: inRange('previousMonth') };
export const PreviousYear: Story = { args: inRange('previousYear') };
export const WeekToDate: Story = { args: inRange('weekToDate') };
export const MonthToDate: Story = { args: inRange('monthToDate') };
export const QuarterToDate: Story = { args: inRange('quarterToDate') };
export const YearToDate: Story = { args: inRange('yearToDate') };
export const CustomRange: Story = {
  args: inRange('last30Days', undefined, {
    from: '2026-06-10',
    to: '2026-08-24',
  }),
};

export const ByDay: Story = { args: inRange('last12Weeks', 'day') };
export const ByWeek: Story = { args: inRange('last12Months', 'week') };
export const ByMonth: Story = { args: inRange('last12Months', 'month') };
export const ByYear: Story = {
  args: inRange('last30Days', 'year', { from: '2024-01-01', to: '2026-11-20' }),
};

const investment = (changes: Partial<DashboardScreenProps['investment']>) => ({
  investment: { ...dashboardArgs.investment, open: true, ...changes },
});

export const InvestmentModal: Story = {
  args: investment({}),
  parameters: openDialog,
};

export const InvestmentModalEmpty: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
};

async function submitInvestment(canvasElement: HTMLElement, typed: string | null) {
  const body = within(canvasElement.ownerDocument.body);
  const field = await body.findByLabelText(/Inversión anual/);
  if (typed !== null) {
    // Pasted whole, as a merchant often brings an amount from a spreadsheet.
    await userEvent.click(field);
    await userEvent.paste(typed);
  }
  await userEvent.click(body.getByRole('button', { name: 'Guardar' }));
  return body;
}

export const InvestmentModalRequired: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const body = await submitInvestment(canvasElement, null);
    await expect(await body.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.investment.onSave).not.toHaveBeenCalled();
  },
};

export const InvestmentModalBelowZero: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const body = await submitInvestment(canvasElement, '-1000');
    await expect(await body.findByText('La inversión no puede ser menor que $0.')).toBeVisible();
    await expect(args.investment.onSave).not.toHaveBeenCalled();
  },
};

export const InvestmentModalAboveMaximum: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const body = await submitInvestment(canvasElement, '100000000001');
    await expect(await body.findByText('La inversión no puede superar los $100.000.000.000.')).toBeVisible();
    await expect(args.investment.onSave).not.toHaveBeenCalled();
  },
};

/** Pastes into the investment field, as a merchant brings an amount from a spreadsheet. */
async function pasteInvestment(canvasElement: HTMLElement, typed: string) {
  const body = within(canvasElement.ownerDocument.body);
  const field = await body.findByLabelText(/Inversión anual/);
  await userEvent.click(field);
  await userEvent.paste(typed);
  return { body, field };
}

/** 999999999999999999 is shown as typed, grouped, and refused in words: never turned into another number. */
export const InvestmentModalFarAboveMaximum: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const { body, field } = await pasteInvestment(canvasElement, '999999999999999999');
    await expect(field).toHaveValue('999.999.999.999.999.999');
    await expect(await body.findByText('Ingresa un número de hasta 100.000.000.000.')).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Guardar' }));
    await expect(await body.findByText('La inversión no puede superar los $100.000.000.000.')).toBeVisible();
    await expect(field).toHaveValue('999.999.999.999.999.999');
    await expect(args.investment.onSave).not.toHaveBeenCalled();
  },
};

/** An amount pasted with its sign and separators ("$ 1.234.567") is taken as the number it says. */
export const InvestmentModalPastedAmount: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    const { field, body } = await pasteInvestment(canvasElement, '$ 1.234.567');
    await expect(field).toHaveValue('1.234.567');
    await userEvent.click(body.getByRole('button', { name: 'Guardar' }));
    await expect(args.investment.onSave).toHaveBeenCalledWith({ year: 2026, amount: 1_234_567 });
  },
};

export const InvestmentModalSaves: Story = {
  args: investment({ amount: null }),
  parameters: openDialog,
  play: async ({ canvasElement, args }) => {
    await submitInvestment(canvasElement, '90000000');
    await expect(args.investment.onSave).toHaveBeenCalledWith({
      year: 2026,
      amount: 90_000_000,
    });
  },
};

export const InvestmentModalSaving: Story = {
  args: investment({ submitting: true }),
  parameters: { ...openDialog, visual: { waitFor: '[role="dialog"] button[aria-busy="true"]' } },
};

export const InvestmentModalError: Story = {
  args: investment({}),
  parameters: openDialog,
  render: (args) => (
    <>
      <DashboardScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'investment-failed',
            status: 'error',
            message: 'No se pudo actualizar la inversión. Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};

/** On a phone 390 px wide: figures, charts and sections in one column, nothing wider than the screen. */
export const OnPhone: Story = {
  parameters: { visual: { viewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** The refusal of a number far above the maximum, at a phone's width. */
export const InvestmentModalFarAboveMaximumOnPhone: Story = onPhone(InvestmentModalFarAboveMaximum);
