import { type Token, token } from 'styled-system/tokens';
import { formatClp, formatCount, formatPercent, formatUsd } from '../../../shared/format';

// The tokens' resolved values rather than CSS variables: the colours' contrast is checked on them
// (tests/web/ui/chart-colors.test.ts) and the axis font is measured on a canvas before drawing.

/**
 * The measured series, in order. Each stands out from the white chart background by at least 3:1
 * (WCAG 1.4.11, graphical objects), and each differs from the next in hue and by at least 1.5:1 in
 * luminance, so that neighbours stay apart in greyscale and for colour-blind people
 * (tests/web/ui/chart-colors.test.ts checks both).
 */
export const SERIES_COLOR_TOKENS = [
  'colors.teal.600',
  'colors.orange.600',
  'colors.blue.800',
  'colors.pink.600',
  'colors.lime.800',
] as const satisfies readonly Token[];

/** Comparison series (the previous period, the same period last year): muted, dotted, still 3:1. */
export const COMPARISON_COLOR_TOKENS = ['colors.gray.500', 'colors.gray.800'] as const satisfies readonly Token[];

/** What every chart is drawn on (`bg.surface`). */
export const CHART_BACKGROUND_TOKEN = 'colors.gray.0' satisfies Token;

export const SERIES_COLORS = SERIES_COLOR_TOKENS.map((name) => token(name));
export const COMPARISON_COLORS = COMPARISON_COLOR_TOKENS.map((name) => token(name));
export const CHART_BACKGROUND = token(CHART_BACKGROUND_TOKEN);
/** The partial mark's sample in the note under a chart: its shape, in no series' colour. */
export const PARTIAL_KEY_COLOR = token('colors.gray.600');

/** Strokes that tell series and periods apart without colour. */
export const STROKES = {
  lineWidth: 2,
  pointRadius: 3,
  /** Round caps on zero-length dashes: a dotted line, for comparison series. */
  comparisonDash: '0 5',
  comparisonWidth: 2.5,
  /** The background drawn under a comparison line over bars, so that its dots show on any bar. */
  haloWidth: 5,
  /** Dashes: the segments that lead into a partial period. */
  partialDash: '5 4',
  /** Outline of a partial bar. */
  partialBorder: 1.5,
} as const;

/** Space between an axis and its tick labels. */
export const TICK_PADDING = 8;

const fontSize = token('fontSizes.xs');

/** The axis labels' font, for measuring them before they are drawn. */
export const CHART_FONT = {
  family: token('fonts.body'),
  // Panda's sizes are in rem; the app keeps the browser's 16 px root.
  sizePx: fontSize.endsWith('rem') ? Number.parseFloat(fontSize) * 16 : Number.parseFloat(fontSize),
};

/** Axes, grid and crosshair: quiet greys under the series. */
export const AXIS_STYLE = {
  text: { fontFamily: CHART_FONT.family, fontSize, fill: token('colors.gray.600') },
  /** The axes' own lines, along the left and the bottom of the plot. */
  domain: token('colors.gray.200'),
  grid: token('colors.gray.100'),
  crosshair: { stroke: token('colors.gray.400'), dash: '4 4' },
} as const;

/** How a chart's values read: pesos, counts, percentages (ratios) or dollars. */
export type ChartValueFormat = 'clp' | 'count' | 'percent' | 'usd';

export const VALUE_FORMATTERS: Record<ChartValueFormat, (value: number | null) => string> = {
  clp: formatClp,
  count: formatCount,
  percent: (value) => formatPercent(value),
  usd: formatUsd,
};
