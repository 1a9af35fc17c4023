// What a chart shows, worked out from its series before anything is drawn: the rows of its table
// (which are also the chart's x positions), each series' colour, and how many x labels fit.
import { COMPARISON_COLORS, SERIES_COLORS, TICK_PADDING } from './theme';

export interface ChartPoint {
  /** Already a label: "ene", "15 mar", "Semana 12". */
  x: string;
  y: number | null;
  /**
   * The period is not over yet or the range cuts it (the current week or month, the clipped first
   * week of a range by week): drawn and listed as partial, so that its low value does not read as a
   * collapse.
   */
  partial?: boolean;
  /** The point's own period when it is not the x label's, e.g. a comparison's "24 nov 2025"; shown in the tooltip. */
  label?: string;
}

export interface ChartSeries {
  id: string;
  /** Already translated. */
  label: string;
  points: readonly ChartPoint[];
  /**
   * `comparison`: the same measure over the comparison period (the previous period, the same period
   * last year), drawn as a dotted grey line, never as bars. Its points line up by index with the x
   * labels of the other series: point i is compared with label i; points beyond the last label are
   * dropped and missing ones are empty.
   */
  variant?: 'default' | 'comparison';
}

/** One x position: a row of the table view, a group of bars, a slice of a line chart. */
export interface ChartRow {
  x: string;
  /** A point of some series is partial here. */
  partial: boolean;
  /** By series id; every series has an entry, `null` where it has no value. */
  values: Record<string, number | null>;
  /** A point's own label (`ChartPoint.label`), by series id. */
  labels: Record<string, string>;
}

export const isComparison = (one: ChartSeries): boolean => one.variant === 'comparison';

function place(row: ChartRow, one: ChartSeries, point: ChartPoint): void {
  row.values[one.id] = point.y;
  if (point.label !== undefined) row.labels[one.id] = point.label;
  if (point.partial) row.partial = true;
}

/**
 * The rows: one per distinct x label of the measured series, in order of appearance; comparison
 * series are placed by index. A chart of comparison series only keeps their own x labels.
 */
export function toRows(series: readonly ChartSeries[]): ChartRow[] {
  const measured = series.filter((one) => !isComparison(one));
  const axis = measured.length > 0 ? measured : series;
  const rows: ChartRow[] = [];
  const byX = new Map<string, ChartRow>();
  for (const one of axis) {
    for (const point of one.points) {
      let row = byX.get(point.x);
      if (!row) {
        row = { x: point.x, partial: false, values: Object.fromEntries(series.map((each) => [each.id, null])), labels: {} };
        byX.set(point.x, row);
        rows.push(row);
      }
      place(row, one, point);
    }
  }
  for (const one of series) {
    if (axis.includes(one)) continue;
    one.points.slice(0, rows.length).forEach((point, index) => {
      const row = rows[index];
      if (row) place(row, one, point);
    });
  }
  return rows;
}

/** Each series' colour by id: measured series take the palette in order, comparison series the greys. */
export function seriesColors(series: readonly ChartSeries[]): Record<string, string> {
  const colors: Record<string, string> = {};
  let measured = 0;
  let compared = 0;
  for (const one of series) {
    colors[one.id] = isComparison(one)
      ? (COMPARISON_COLORS[compared++ % COMPARISON_COLORS.length] ?? '')
      : (SERIES_COLORS[measured++ % SERIES_COLORS.length] ?? '');
  }
  return colors;
}

/**
 * The top of the value axis: the largest value drawn (for stacked bars, the largest stack) with the
 * comparison series', so that a comparison line above the bars is not cut off.
 */
export function valueMax(rows: readonly ChartRow[], series: readonly ChartSeries[], stacked: boolean): number {
  let max = 0;
  for (const row of rows) {
    let stack = 0;
    for (const one of series) {
      const value = row.values[one.id] ?? null;
      if (value === null) continue;
      if (stacked && !isComparison(one)) stack += Math.max(value, 0);
      else max = Math.max(max, value);
    }
    max = Math.max(max, stack);
  }
  return max;
}

/** A stretch of a line drawn in one style: solid, or dashed where it leads into a partial period. */
export interface LineRun<P> {
  dashed: boolean;
  points: P[];
}

/**
 * Splits a line into runs: a segment between two values is dashed when either end is partial (the
 * segment into the current period; the one out of a range's clipped first period), solid otherwise;
 * a missing value breaks the line.
 */
export function lineRuns<P>(points: readonly { value: number | null; partial: boolean; position: P }[]): LineRun<P>[] {
  const runs: LineRun<P>[] = [];
  let current: LineRun<P> | undefined;
  for (let index = 1; index < points.length; index++) {
    const from = points[index - 1];
    const to = points[index];
    if (!from || !to || from.value === null || to.value === null) {
      current = undefined;
      continue;
    }
    const dashed = from.partial || to.partial;
    if (current && current.dashed === dashed) {
      current.points.push(to.position);
    } else {
      current = { dashed, points: [from.position, to.position] };
      runs.push(current);
    }
  }
  return runs;
}

/** The least room between two x labels. */
export const LABEL_GAP = 12;
/** Share of a bar group's slot left empty, between groups and at either end (see `bandScale`). */
export const BAR_PADDING = 0.3;

export interface AxisLayoutInput {
  kind: 'line' | 'bar';
  /** Of the whole chart, in px. */
  width: number;
  xLabels: readonly string[];
  /** The widest value label (the top of the axis, see `niceCeiling`). */
  yLabel: string;
  /** Width of a text in the axis font, in px. */
  measure: (text: string) => number;
}

export interface AxisLayout {
  margin: { top: number; right: number; bottom: number; left: number };
  /** The x labels shown: every n-th, so that none overlaps its neighbour. */
  xTicks: string[];
}

/**
 * Margins that fit the value labels and half of an x label at either end, and as many x labels as fit
 * side by side at this width: one every `step` positions, where `step` slots are wider than the
 * longest label and a gap.
 */
export function axisLayout({ kind, width, xLabels, yLabel, measure }: AxisLayoutInput): AxisLayout {
  const xLabelWidth = Math.ceil(Math.max(0, ...xLabels.map(measure)));
  const halfX = Math.ceil(xLabelWidth / 2) + 2;
  const margin = {
    top: 12,
    right: Math.max(16, halfX),
    bottom: TICK_PADDING + 24,
    left: Math.max(Math.ceil(measure(yLabel)) + TICK_PADDING + 4, halfX),
  };
  const inner = Math.max(0, width - margin.left - margin.right);
  const count = xLabels.length;
  // Distance between neighbouring x positions: `pointScale` for lines, `bandScale` for bars.
  const slot = kind === 'line' ? inner / Math.max(1, count - 1) : inner / (count + BAR_PADDING);
  const step = count <= 1 ? 1 : slot <= 0 ? count : Math.max(1, Math.ceil((xLabelWidth + LABEL_GAP) / slot));
  return { margin, xTicks: xLabels.filter((_, index) => index % step === 0) };
}

/** Room between the pointer and its tooltip. */
export const TOOLTIP_OFFSET = 14;

interface Box {
  width: number;
  height: number;
}

/**
 * The tooltip's top-left corner in the chart's box: right of the pointer where it fits, else left of
 * it, and never past the box's sides (on a phone the tooltip may be nearly as wide as the box);
 * vertically centred on the pointer, inside the box where it fits.
 */
export function placeTooltip(pointer: { x: number; y: number }, tooltip: Box, box: Box): { x: number; y: number } {
  let x = pointer.x + TOOLTIP_OFFSET;
  if (x + tooltip.width > box.width) x = pointer.x - TOOLTIP_OFFSET - tooltip.width;
  return {
    x: Math.min(Math.max(0, x), Math.max(0, box.width - tooltip.width)),
    y: Math.min(Math.max(0, pointer.y - tooltip.height / 2), Math.max(0, box.height - tooltip.height)),
  };
}

/** An SVG path through the points in order; a missing value (`y: null`) breaks it into pieces. */
export function linePath(points: readonly { x: number; y: number | null }[]): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (point.y === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${point.x},${point.y}`;
    drawing = true;
  }
  return path;
}
