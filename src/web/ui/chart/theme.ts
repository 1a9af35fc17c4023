import type { ResponsiveLine } from '@nivo/line';
import type { ComponentProps } from 'react';
import { token } from 'styled-system/tokens';
import { formatClp, formatCount, formatPercent, formatUsd } from '../../../shared/format';

// Nivo paints SVG attributes and animates between values, so it gets the tokens' resolved values
// rather than CSS variables.
export const SERIES_COLORS = [
  token('colors.teal.600'),
  token('colors.blue.600'),
  token('colors.teal.200'),
  token('colors.gray.600'),
  token('colors.red.600'),
];

const text = { fontFamily: token('fonts.body'), fontSize: token('fontSizes.xs'), fill: token('colors.gray.600') };

type ChartTheme = NonNullable<ComponentProps<typeof ResponsiveLine>['theme']>;

export const chartTheme: ChartTheme = {
  background: 'transparent',
  text,
  axis: {
    domain: { line: { stroke: token('colors.gray.200'), strokeWidth: 1 } },
    ticks: { line: { stroke: token('colors.gray.200'), strokeWidth: 1 }, text },
    legend: { text: { ...text, fill: token('colors.gray.900') } },
  },
  grid: { line: { stroke: token('colors.gray.100'), strokeWidth: 1 } },
  crosshair: { line: { stroke: token('colors.gray.400'), strokeWidth: 1, strokeOpacity: 1, strokeDasharray: '4 4' } },
  legends: { text: { ...text, fill: token('colors.gray.900') } },
};

/** How a chart's values read: pesos, counts, percentages (ratios) or dollars. */
export type ChartValueFormat = 'clp' | 'count' | 'percent' | 'usd';

export const VALUE_FORMATTERS: Record<ChartValueFormat, (value: number | null) => string> = {
  clp: formatClp,
  count: formatCount,
  percent: (value) => formatPercent(value),
  usd: formatUsd,
};
