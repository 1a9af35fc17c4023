import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import { css } from 'styled-system/css';
import { formatDate, formatPeriod } from '../../src/shared/format';
import { Chart, type ChartSeries } from '../../src/web/ui/chart';
import { userEvent } from '../support/user-event';

const months = ['abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic', 'ene', 'feb', 'mar'];
const investment = [820, 910, 880, 1040, 990, 1120, 1210, 1480, 1690, 1100, 1050, 1180].map((value) => value * 1000);
const income = [3100, 3420, 3390, 4020, 3880, 4310, 4650, 5900, 6820, 4100, 3950, 4480].map((value) => value * 1000);
const incomeYearBefore = [2650, 2900, 3010, 3380, 3300, 3720, 3990, 5100, 6050, 3600, 3420].map((value) => value * 1000);

const series: ChartSeries[] = [
  { id: 'income', label: 'Ingresos', points: months.map((x, index) => ({ x, y: income[index] ?? null })) },
  { id: 'investment', label: 'Inversión', points: months.map((x, index) => ({ x, y: investment[index] ?? null })) },
];

/** `count` weeks of `YYYY-MM-DD` Mondays, the last one starting on `lastMonday`. */
function weeks(lastMonday: string, count: number): string[] {
  const last = Date.parse(`${lastMonday}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(last - (count - 1 - index) * 7 * 86_400_000).toISOString().slice(0, 10));
}

// The last 13 weeks up to the story's frozen "now" (Sunday 15 March 2026), and the 13 before them.
const thisPeriod = weeks('2026-03-09', 13);
const periodBefore = weeks('2025-12-08', 13);
// Whole weeks, then the current week's first days only (`so far`).
const firstOrders = { weeks: [96, 104, 131, 88, 92, 97, 101, 110, 99, 105, 118, 121, 112], soFar: 47 };
const repeatOrders = { weeks: [64, 71, 98, 52, 58, 61, 66, 72, 70, 74, 80, 85, 79], soFar: 33 };
const guestOrders = { weeks: [18, 22, 30, 15, 17, 19, 16, 21, 20, 18, 24, 26, 23], soFar: 11 };
const ordersBefore = [150, 162, 171, 158, 166, 180, 204, 251, 268, 240, 173, 160, 171];

/** Orders by week; with `partial`, the current week is not over: its point is partial. */
function weekly(id: string, label: string, values: { weeks: readonly number[]; soFar: number }, partial = true): ChartSeries {
  const last = thisPeriod.length - 1;
  return {
    id,
    label,
    points: thisPeriod.map((week, index) => ({
      x: formatPeriod(week, 'week'),
      y: partial && index === last ? values.soFar : (values.weeks[index] ?? null),
      partial: partial && index === last,
    })),
  };
}

/** The previous period's orders, each point labelled with its own week. */
const previousPeriod: ChartSeries = {
  id: 'ordersBefore',
  label: 'Período anterior',
  variant: 'comparison',
  points: periodBefore.map((week, index) => ({ x: formatPeriod(week, 'week'), y: ordersBefore[index] ?? null, label: formatDate(week) })),
};

const meta = {
  title: 'UI/Charts/Chart',
  component: Chart,
  tags: ['autodocs'],
  args: {
    kind: 'line',
    title: 'Ingresos e inversión',
    description: 'Últimos 12 meses, por mes',
    series,
    valueFormat: 'clp',
    xLabel: 'Mes',
    onRetry: fn(),
  },
} satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every item of the chart's legend, as read. */
function legendLabels(canvasElement: HTMLElement): string[] {
  const legend = within(canvasElement).getByRole('list', { name: 'Series del gráfico' });
  return within(legend)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

/** The x axis's labels (centred on their positions; the value axis's end at the axis) do not overlap. */
async function expectXLabelsApart(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => {
    const boxes = [...canvasElement.querySelectorAll('svg text[text-anchor="middle"]')]
      .map((label) => label.getBoundingClientRect())
      .sort((left, right) => left.left - right.left);
    expect(boxes.length).toBeGreaterThan(1);
    boxes.slice(1).forEach((box, index) => expect(box.left).toBeGreaterThanOrEqual(boxes[index]?.right ?? 0));
  });
}

export const Line: Story = {
  play: async ({ canvasElement }) => {
    await expect(legendLabels(canvasElement)).toEqual(['Ingresos', 'Inversión']);
    await expectXLabelsApart(canvasElement);
  },
};
export const Bar: Story = { args: { kind: 'bar' } };
export const Counts: Story = {
  args: {
    kind: 'bar',
    title: 'Pedidos por semana',
    description: undefined,
    valueFormat: 'count',
    xLabel: 'Semana',
    series: [
      {
        id: 'orders',
        label: 'Pedidos',
        points: ['9 feb', '16 feb', '23 feb', '2 mar', '9 mar'].map((x, index) => ({ x, y: [182, 205, 240, 198, 263][index] ?? null })),
      },
    ],
  },
};
export const Loading: Story = { args: { status: 'loading' }, parameters: { visual: { waitFor: '[data-testid="chart-loading"]' } } };
export const Empty: Story = { args: { series: [{ id: 'income', label: 'Ingresos', points: months.map((x) => ({ x, y: null })) }] } };
export const Error: Story = { args: { status: 'error' } };
/** The same numbers as a table: for screen readers and for anyone who prefers figures. */
export const AsTable: Story = { args: { defaultView: 'table' } };
export const SwitchesToTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver como tabla' }));
    await expect(canvas.getByRole('table', { name: 'Ingresos e inversión' })).toBeInTheDocument();
    await expect(canvas.getByRole('row', { name: /mar/ })).toHaveTextContent('$4.480.000');
  },
};

/** This year against the same months of the year before: a dotted grey line, one month short. */
export const WithComparison: Story = {
  args: {
    title: 'Ingresos',
    description: 'Últimos 12 meses, por mes, frente al año anterior',
    series: [
      series[0] as ChartSeries,
      {
        id: 'incomeYearBefore',
        label: 'Mismo período del año anterior',
        variant: 'comparison',
        points: incomeYearBefore.map((y, index) => ({ x: months[index] ?? '', y, label: `${months[index]} ${index < 9 ? 2024 : 2025}` })),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(legendLabels(canvasElement)).toEqual(['Ingresos', 'Mismo período del año anterior']);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver como tabla' }));
    await expect(canvas.getByRole('columnheader', { name: 'Mismo período del año anterior' })).toBeInTheDocument();
    // Point 12 of the comparison is missing: its cell is empty, not shifted.
    await expect(canvas.getByRole('row', { name: /^mar/ })).toHaveTextContent('$4.480.000—');
    await userEvent.click(canvas.getByRole('button', { name: 'Ver como gráfico' }));
    canvas.getByRole('button', { name: 'Ver como tabla' }).blur();
    await expectXLabelsApart(canvasElement);
  },
};

export const StackedWithComparison: Story = {
  args: {
    kind: 'bar',
    stacked: true,
    title: 'Pedidos por semana',
    description: 'Últimas 13 semanas, frente a las 13 anteriores',
    valueFormat: 'count',
    xLabel: 'Semana',
    series: [
      weekly('firstOrders', 'Primeras compras', firstOrders, false),
      weekly('repeatOrders', 'Recompras', repeatOrders, false),
      previousPeriod,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(legendLabels(canvasElement)).toEqual(['Primeras compras', 'Recompras', 'Período anterior']);
    await expectXLabelsApart(canvasElement);
  },
};

const partialOrders = {
  title: 'Pedidos por semana',
  description: 'Últimas 13 semanas',
  valueFormat: 'count',
  xLabel: 'Semana',
  series: [weekly('orders', 'Pedidos', firstOrders)],
} as const;

/** The current week is not over: a dashed last segment and a hollow point, a hatched bar, "(parcial)" in the table. */
export const PartialLastPeriod: Story = {
  args: { ...partialOrders, kind: 'line', series: [...partialOrders.series] },
  render: (args) => (
    <div className={css({ display: 'grid', gap: '4' })}>
      <Chart {...args} />
      <Chart {...args} kind="bar" title="Pedidos por semana (barras)" />
      <Chart {...args} title="Pedidos por semana (tabla)" defaultView="table" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Pedidos por semana (tabla)' });
    await expect(within(table).getByRole('row', { name: /9 mar/ })).toHaveTextContent('9 mar (parcial)47');
    await expect(canvas.getAllByText('Los períodos marcados como parciales aún no terminan o el rango los corta.')).toHaveLength(3);
  },
};

/** Long series names are never cut: the legend wraps instead. */
export const LongLegend: Story = {
  args: {
    kind: 'bar',
    title: 'Pedidos por tipo',
    description: 'Últimas 13 semanas, por semana',
    valueFormat: 'count',
    xLabel: 'Semana',
    series: [
      weekly('firstOrders', 'Primeras compras', firstOrders),
      weekly('repeatOrders', 'Recompras', repeatOrders),
      weekly('guestOrders', 'Pedidos sin cuenta', guestOrders),
      previousPeriod,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(legendLabels(canvasElement)).toEqual(['Primeras compras', 'Recompras', 'Pedidos sin cuenta', 'Período anterior']);
    await expectXLabelsApart(canvasElement);
  },
};

/** A phone 390 px wide: fewer x labels, none overlapping, and the legend on two lines. */
export const Phone: Story = {
  ...LongLegend,
  args: { ...LongLegend.args, kind: 'line' },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone: { name: 'Teléfono (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  // The test runner's browser is wider: the story is as wide as the phone itself.
  decorators: [
    (Story) => (
      <div className={css({ w: 'full', maxW: '[390px]' })}>
        <Story />
      </div>
    ),
  ],
};

const year = weeks('2026-03-09', 53);
/** A year by week: its first week clipped by the range, its last one not over; x labels thinned to fit. */
export const YearByWeek: Story = {
  args: {
    title: 'Pedidos por semana',
    description: 'Últimos 12 meses, por semana',
    valueFormat: 'count',
    xLabel: 'Semana',
    series: [
      {
        id: 'orders',
        label: 'Pedidos',
        points: year.map((week, index) => {
          const partial = index === 0 || index === year.length - 1;
          return { x: formatPeriod(week, 'week'), y: partial ? 61 : 150 + ((index * 37) % 90), partial };
        }),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expectXLabelsApart(canvasElement);
  },
};

/** Hovering the current week on a phone 360 px wide: every series there, the tooltip kept inside the chart. */
export const TooltipOnPhone: Story = {
  args: { ...LongLegend.args, kind: 'line' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className={css({ w: 'full', maxW: '[360px]' })}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = await waitFor(() => {
      const found = canvasElement.querySelector('[data-testid="chart-hover"]');
      expect(found).not.toBeNull();
      return found as Element;
    });
    const box = target.getBoundingClientRect();
    fireEvent.mouseMove(target, { clientX: box.right - 1, clientY: box.top + box.height / 2 });
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent(/^9 mar \(parcial\)/);
    for (const label of ['Primeras compras', 'Recompras', 'Pedidos sin cuenta', 'Período anterior (8 dic 2025)']) {
      await expect(tooltip).toHaveTextContent(label);
    }
    const chart = (tooltip.parentElement as HTMLElement).getBoundingClientRect();
    const shown = tooltip.getBoundingClientRect();
    await expect(shown.left).toBeGreaterThanOrEqual(chart.left);
    await expect(shown.right).toBeLessThanOrEqual(chart.right);
  },
};
