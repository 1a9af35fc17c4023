import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Chart, type ChartProps, type ChartSeries } from '../../../src/web/ui/chart';
import { CHART_BACKGROUND, STROKES } from '../../../src/web/ui/chart/theme';
import { renderWithProviders } from '../render';

const weeks = ['16 feb', '23 feb', '2 mar', '9 mar'];

const orders: ChartSeries = {
  id: 'orders',
  label: 'Primeras compras',
  points: weeks.map((x, index) => ({ x, y: [120, 131, 118, 47][index] ?? null, partial: index === weeks.length - 1 })),
};
const repeat: ChartSeries = {
  id: 'repeat',
  label: 'Recompras',
  points: weeks.map((x, index) => ({ x, y: [60, 72, 64, 21][index] ?? null })),
};
const guests: ChartSeries = { id: 'guests', label: 'Pedidos sin cuenta', points: weeks.map((x) => ({ x, y: 10 })) };
/** Five points for four weeks, labelled with their own weeks: the fifth has no week to go with. */
const previous: ChartSeries = {
  id: 'previous',
  label: 'Período anterior',
  variant: 'comparison',
  points: ['22 dic', '29 dic', '5 ene', '12 ene', '19 ene'].map((x, index) => ({ x, y: 100 + index, label: `${x} 2025` })),
};

function renderChart(props: Partial<ChartProps> = {}) {
  return renderWithProviders(
    <Chart kind="bar" title="Pedidos por semana" series={[orders, repeat]} valueFormat="count" xLabel="Semana" {...props} />,
  );
}

/** The table's cells, row by row, header row first. */
function tableCells(): string[][] {
  const table = screen.getByRole('table', { name: 'Pedidos por semana' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('Chart', () => {
  it('lists every series under the chart with its full label, comparison series included', async () => {
    await renderChart({ series: [orders, repeat, guests, previous] });
    const legend = screen.getByRole('list', { name: 'Series del gráfico' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Primeras compras', 'Recompras', 'Pedidos sin cuenta', 'Período anterior']);
  });

  it('says which period is partial in the table, and what partial means', async () => {
    await renderChart({ defaultView: 'table' });
    expect(tableCells()).toEqual([
      ['Semana', 'Primeras compras', 'Recompras'],
      ['16 feb', '120', '60'],
      ['23 feb', '131', '72'],
      ['2 mar', '118', '64'],
      ['9 mar (parcial)', '47', '21'],
    ]);
    expect(screen.getByText('Los períodos marcados como parciales aún no terminan o el rango los corta.')).toBeTruthy();
  });

  it('explains partial periods beside the chart too, and only when there is one', async () => {
    await renderChart();
    expect(screen.getByText('Los períodos marcados como parciales aún no terminan o el rango los corta.')).toBeTruthy();
    cleanup();
    await renderChart({ series: [repeat] });
    expect(screen.queryByText(/parciales/)).toBeNull();
  });

  it('shows a comparison series in the table, its points aligned by index with the x labels', async () => {
    await renderChart({ series: [orders, previous], defaultView: 'table' });
    // Its fifth point has no x label to go with: dropped, not a row of its own.
    expect(tableCells().map((row) => row[2])).toEqual(['Período anterior', '100', '101', '102', '103']);
  });

  it('leaves a comparison point that is missing empty', async () => {
    const short = { ...previous, points: previous.points.slice(0, 2) };
    await renderChart({ kind: 'line', series: [repeat, short], defaultView: 'table' });
    expect(tableCells().map((row) => row[2])).toEqual(['Período anterior', '100', '101', '—', '—']);
  });

  it('marks a period partial when only the comparison series says so', async () => {
    const cut = { ...previous, points: previous.points.map((point, index) => ({ ...point, partial: index === 0 })) };
    await renderChart({ series: [repeat, cut], defaultView: 'table' });
    expect(tableCells().map((row) => row[0])).toEqual(['Semana', '16 feb (parcial)', '23 feb', '2 mar', '9 mar']);
  });

  it('reads as empty when only the comparison series has values', async () => {
    const none = { ...repeat, points: repeat.points.map((point) => ({ ...point, y: null })) };
    await renderChart({ series: [none, previous], emptyState: { title: 'Sin pedidos en estas semanas' } });
    expect(screen.getByText('Sin pedidos en estas semanas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver como tabla' })).toBeNull();
  });

  it('switches between the chart and the table', async () => {
    await renderChart({ series: [repeat] });
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver como tabla' }));
    expect(screen.getByRole('table', { name: 'Pedidos por semana' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Series del gráfico' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver como gráfico' }));
    expect(screen.getByRole('list', { name: 'Series del gráfico' })).toBeTruthy();
  });
});

/** A bar as drawn: its box in the plot's coordinates and its fill. */
interface DrawnBar {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
}

function drawnBars(svg: SVGElement): DrawnBar[] {
  return [...svg.querySelectorAll('rect[transform]')].map((rect) => {
    const [x, y] = /translate\(([^,]+),([^)]+)\)/
      .exec(rect.getAttribute('transform') ?? '')
      ?.slice(1)
      .map(Number) ?? [Number.NaN, Number.NaN];
    return {
      x: x ?? Number.NaN,
      y: y ?? Number.NaN,
      width: Number(rect.getAttribute('width')),
      height: Number(rect.getAttribute('height')),
      fill: rect.getAttribute('fill') ?? '',
    };
  });
}

/** The x of the plot's left edge in the chart's box: the plot is translated by its margins. */
function plotLeft(svg: SVGElement): number {
  return Number(/translate\(([^,]+),/.exec(svg.querySelector('g')?.getAttribute('transform') ?? '')?.[1]);
}

describe('Chart drawing', () => {
  // happy-dom lays nothing out: the chart's box gets a phone-like size, which its observer reports
  // as soon as it starts observing, as a browser's does once it has laid the page out.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(288);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          this.report();
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const chartSvg = () => screen.getByRole('img', { name: /Pedidos por semana/ }) as unknown as SVGElement;

  it('labels the value axis with round values in the chart’s format, and the periods below', async () => {
    await renderChart({ valueFormat: 'clp' });
    const labels = [...chartSvg().querySelectorAll('text')].map((text) => text.textContent);
    // Largest stack 131: the axis runs to 140, labelled every 20.
    expect(labels).toEqual(expect.arrayContaining(['$0', '$20', '$60', '$140', '16 feb', '9 mar']));
    expect(labels).not.toContain('$131');
  });

  it('draws grouped bars side by side, as tall as their values, 30 % of a step apart', async () => {
    await renderChart();
    const bars = drawnBars(chartSvg());
    expect(bars).toHaveLength(8);
    const [first, second, next] = bars as [DrawnBar, DrawnBar, DrawnBar];
    expect(second.x).toBeCloseTo(first.x + first.width, 6);
    expect(second.width).toBeCloseTo(first.width, 6);
    expect(first.height / second.height).toBeCloseTo(120 / 60, 6);
    // Same baseline.
    expect(second.y + second.height).toBeCloseTo(first.y + first.height, 6);
    const step = next.x - first.x;
    expect(first.width * 2).toBeCloseTo(step * 0.7, 6);
  });

  it('stacks bars from the first series up', async () => {
    await renderChart({ stacked: true });
    const [first, second] = drawnBars(chartSvg()) as [DrawnBar, DrawnBar];
    expect(second.x).toBe(first.x);
    expect(second.width).toBe(first.width);
    expect(second.y + second.height).toBeCloseTo(first.y, 6);
    expect(first.height / second.height).toBeCloseTo(120 / 60, 6);
  });

  it('shows every series at the hovered period, comparison included, and hides it on leaving', async () => {
    await renderChart({ series: [orders, repeat, previous] });
    const svg = chartSvg();
    const bars = drawnBars(svg);
    // The third period's group: its first bar.
    const third = bars[4] as DrawnBar;
    const hover = screen.getByTestId('chart-hover');
    fireEvent.mouseMove(hover, { clientX: plotLeft(svg) + third.x + 1, clientY: 100 });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('2 marPrimeras compras118Recompras64Período anterior (5 ene 2025)102');
    fireEvent.mouseMove(hover, { clientX: plotLeft(svg) + (bars[6] as DrawnBar).x, clientY: 100 });
    expect(screen.getByRole('tooltip').textContent).toMatch(/^9 mar \(parcial\)Primeras compras47/);
    fireEvent.mouseLeave(hover);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('draws a crosshair through the hovered period of a line chart', async () => {
    await renderChart({ kind: 'line' });
    const svg = chartSvg();
    expect(svg.querySelector('line[stroke-dasharray="4 4"]')).toBeNull();
    fireEvent.mouseMove(screen.getByTestId('chart-hover'), { clientX: plotLeft(svg) + 1, clientY: 100 });
    expect(svg.querySelector('line[stroke-dasharray="4 4"]')?.getAttribute('x1')).toBe('0');
    expect(screen.getByRole('tooltip').textContent).toMatch(/^16 febPrimeras compras120/);
  });

  it('hatches a partial period’s bars and outlines them', async () => {
    await renderChart();
    const svg = chartSvg();
    const bars = drawnBars(svg);
    const partial = bars.slice(6);
    expect(bars.slice(0, 6).every((bar) => bar.fill.startsWith('#'))).toBe(true);
    for (const bar of partial) {
      const id = /^url\(#(.+)\)$/.exec(bar.fill)?.[1];
      expect(id && svg.querySelector(`pattern[id="${id}"]`)).toBeTruthy();
    }
    expect(svg.querySelectorAll(`rect[stroke-width="${STROKES.partialBorder}"]`)).toHaveLength(2);
  });

  it('dashes the segment into a partial period and leaves its point hollow', async () => {
    await renderChart({ kind: 'line', series: [orders] });
    const svg = chartSvg();
    const paths = [...svg.querySelectorAll('path')];
    expect(paths.map((path) => path.getAttribute('stroke-dasharray'))).toEqual([null, STROKES.partialDash]);
    const points = [...svg.querySelectorAll('circle')];
    expect(points.map((point) => point.getAttribute('fill') === CHART_BACKGROUND)).toEqual([false, false, false, true]);
  });

  it('breaks a line where a value is missing and draws no bar for it', async () => {
    const gap: ChartSeries = { ...repeat, points: repeat.points.map((point, index) => ({ ...point, y: index === 1 ? null : point.y })) };
    await renderChart({ kind: 'line', series: [gap] });
    const lines = [...chartSvg().querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
    // 16 feb stands alone; 2 mar and 9 mar are joined: no segment crosses 23 feb.
    expect(lines).toHaveLength(1);
    expect(lines[0]?.match(/[ML]/g)).toEqual(['M', 'L']);
    expect(chartSvg().querySelectorAll('circle')).toHaveLength(3);
    cleanup();
    await renderChart({ series: [orders, gap] });
    const bars = drawnBars(chartSvg());
    expect(bars).toHaveLength(7);
    // The second period has its first series' bar only.
    expect(bars[2]?.x).toBeGreaterThan((bars[1]?.x ?? 0) + 1);
  });

  it('breaks a comparison line where the comparison has no value', async () => {
    const short = { ...previous, points: previous.points.map((point, index) => ({ ...point, y: index === 2 ? null : point.y })) };
    await renderChart({ kind: 'line', series: [repeat, short] });
    const dotted = [...chartSvg().querySelectorAll(`path[stroke-dasharray="${STROKES.comparisonDash}"]`)];
    // 16 feb to 23 feb, then 9 mar on its own: nothing through 2 mar.
    expect(dotted.map((path) => path.getAttribute('d')?.match(/[ML]/g)?.join(''))).toEqual(['MLM']);
  });

  it('keeps a chart of zeros on its baseline with a single zero tick', async () => {
    const zeros: ChartSeries = { ...repeat, points: repeat.points.map((point) => ({ ...point, y: 0 })) };
    await renderChart({ kind: 'line', series: [zeros] });
    const svg = chartSvg();
    expect([...svg.querySelectorAll('text[text-anchor="end"]')].map((text) => text.textContent)).toEqual(['0']);
    const heights = new Set([...svg.querySelectorAll('circle')].map((point) => point.getAttribute('cy')));
    const baseline = svg.querySelector('text[text-anchor="end"]')?.getAttribute('y');
    expect([...heights]).toEqual([baseline]);
  });
});
