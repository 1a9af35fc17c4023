import { describe, expect, it } from 'vitest';
import {
  axisLayout,
  type ChartSeries,
  linePath,
  lineRuns,
  placeTooltip,
  seriesColors,
  TOOLTIP_OFFSET,
  toRows,
  valueMax,
} from '../../../src/web/ui/chart/model';
import { COMPARISON_COLORS, SERIES_COLORS } from '../../../src/web/ui/chart/theme';

const series = (id: string, values: readonly (number | null)[], extra: Partial<ChartSeries> = {}): ChartSeries => ({
  id,
  label: id,
  points: values.map((y, index) => ({ x: `p${index}`, y })),
  ...extra,
});

describe('toRows', () => {
  it('lines comparison points up by index, drops the extra ones and leaves the missing ones empty', () => {
    const rows = toRows([
      series('a', [1, 2, 3]),
      { ...series('b', [10, 20, 30, 40]), variant: 'comparison', points: [40, 50, 60, 70].map((y, index) => ({ x: `old${index}`, y })) },
      { ...series('c', [7]), variant: 'comparison' },
    ]);
    expect(rows.map((row) => [row.x, row.values])).toEqual([
      ['p0', { a: 1, b: 40, c: 7 }],
      ['p1', { a: 2, b: 50, c: null }],
      ['p2', { a: 3, b: 60, c: null }],
    ]);
  });

  it('marks a row partial when any series is partial there, and keeps points’ own labels', () => {
    const rows = toRows([
      series('a', [1, 2]),
      { id: 'b', label: 'b', variant: 'comparison', points: [{ x: 'x', y: 5, partial: true, label: '24 nov 2025' }] },
    ]);
    expect(rows.map((row) => row.partial)).toEqual([true, false]);
    expect(rows[0]?.labels).toEqual({ b: '24 nov 2025' });
  });

  it('keeps the x labels of a chart that has comparison series only', () => {
    expect(toRows([series('b', [1, 2], { variant: 'comparison' })]).map((row) => row.x)).toEqual(['p0', 'p1']);
  });
});

describe('seriesColors', () => {
  it('gives measured series the palette in order and comparison series the greys', () => {
    expect(seriesColors([series('a', []), series('old', [], { variant: 'comparison' }), series('b', [])])).toEqual({
      a: SERIES_COLORS[0],
      old: COMPARISON_COLORS[0],
      b: SERIES_COLORS[1],
    });
  });
});

describe('valueMax', () => {
  it('takes the tallest stack when bars are stacked, and comparison values above it', () => {
    const all = [series('a', [3, 4]), series('b', [5, null]), series('old', [6, 20], { variant: 'comparison' })];
    expect(valueMax(toRows(all.slice(0, 2)), all.slice(0, 2), true)).toBe(8);
    expect(valueMax(toRows(all.slice(0, 2)), all.slice(0, 2), false)).toBe(5);
    expect(valueMax(toRows(all), all, true)).toBe(20);
  });
});

describe('axisLayout', () => {
  // A year by week: 52 labels like "24 nov", about 7 px a character.
  const labels = Array.from({ length: 52 }, (_, index) => `${(index % 28) + 1} nov`);
  const measure = (text: string) => text.length * 7;

  it.each([
    ['line', 390],
    ['line', 1280],
    ['bar', 390],
    ['bar', 1280],
  ] as const)('never lets two x labels of a %s chart %i px wide overlap', (kind, width) => {
    const { margin, xTicks } = axisLayout({ kind, width, xLabels: labels, yLabel: '$10.000.000', measure });
    const inner = width - margin.left - margin.right;
    const slot = kind === 'line' ? inner / (labels.length - 1) : inner / (labels.length + 0.3);
    const step = labels.length / xTicks.length;
    expect(xTicks.length).toBeGreaterThan(1);
    expect(Math.floor(step) * slot).toBeGreaterThanOrEqual(Math.max(...labels.map(measure)));
    // The first and last labels are centred on the ends: half of each fits in the margins.
    expect(margin.right).toBeGreaterThanOrEqual(Math.max(...labels.map(measure)) / 2);
  });

  it('shows more labels on a wider chart, and all of them when they fit', () => {
    const narrow = axisLayout({ kind: 'line', width: 390, xLabels: labels, yLabel: '100', measure });
    const wide = axisLayout({ kind: 'line', width: 1280, xLabels: labels, yLabel: '100', measure });
    expect(wide.xTicks.length).toBeGreaterThan(narrow.xTicks.length);
    const months = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
    expect(axisLayout({ kind: 'bar', width: 1280, xLabels: months, yLabel: '100', measure }).xTicks).toEqual(months);
  });

  it('makes room on the left for the widest value label', () => {
    const { margin } = axisLayout({ kind: 'line', width: 600, xLabels: ['a'], yLabel: '$10.000.000', measure });
    expect(margin.left).toBeGreaterThanOrEqual(measure('$10.000.000'));
  });
});

describe('lineRuns', () => {
  const point = (value: number | null, partial = false) => ({ value, partial, position: value });

  it('dashes the segment into a partial period and breaks the line at a missing value', () => {
    expect(lineRuns([point(1), point(2), point(3), point(4, true)])).toEqual([
      { dashed: false, points: [1, 2, 3] },
      { dashed: true, points: [3, 4] },
    ]);
    expect(lineRuns([point(1, true), point(2), point(null), point(4), point(5)])).toEqual([
      { dashed: true, points: [1, 2] },
      { dashed: false, points: [4, 5] },
    ]);
  });
});

describe('linePath', () => {
  it('joins the points and breaks where a value is missing', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5, y: 6 },
        { x: 10, y: null },
        { x: 15, y: 2 },
        { x: 20, y: 4 },
      ]),
    ).toBe('M0,10L5,6M15,2L20,4');
    expect(linePath([{ x: 0, y: null }])).toBe('');
  });
});

describe('placeTooltip', () => {
  const tooltip = { width: 200, height: 80 };
  const box = { width: 600, height: 288 };

  it('goes right of the pointer, vertically centred on it', () => {
    expect(placeTooltip({ x: 100, y: 150 }, tooltip, box)).toEqual({ x: 100 + TOOLTIP_OFFSET, y: 110 });
  });

  it('goes left of the pointer where the right side has no room', () => {
    expect(placeTooltip({ x: 500, y: 150 }, tooltip, box)).toEqual({ x: 500 - TOOLTIP_OFFSET - 200, y: 110 });
  });

  it('never leaves the box, even where neither side has room (a phone)', () => {
    const phone = { width: 300, height: 288 };
    for (const x of [0, 60, 150, 240, 300]) {
      const at = placeTooltip({ x, y: 10 }, { width: 280, height: 120 }, phone);
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.x + 280).toBeLessThanOrEqual(300);
      expect(at.y).toBe(0);
    }
    expect(placeTooltip({ x: 10, y: 280 }, tooltip, box).y).toBe(288 - 80);
  });
});
