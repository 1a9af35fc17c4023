import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Chart, type ChartProps, type ChartSeries } from '../../../src/web/ui/chart';
import { renderWithProviders } from '../render';

afterEach(cleanup);

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
