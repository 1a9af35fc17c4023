import { createContext, type Ref, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import * as ChartParts from '../parts/chart';
import { Swatch } from './legend';
import { type ChartRow, type ChartSeries, isComparison } from './model';

/** What the chart's layers, axes and tooltip read, rather than each being handed it through props. */
export interface PlotData {
  kind: 'line' | 'bar';
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  colors: Record<string, string>;
  format: (value: number | null) => string;
}

export const PlotContext = createContext<PlotData | null>(null);

export function usePlot(): PlotData {
  const plot = useContext(PlotContext);
  if (!plot) throw new Error('A chart layer or tooltip rendered outside its chart.');
  return plot;
}

/** A row's x label, saying so when its period is partial ("24 nov (parcial)"). */
export function usePeriodLabel(): (row: ChartRow) => string {
  const { t } = useTranslation('common');
  return (row) => (row.partial ? t('ui.chart.partial', { x: row.x }) : row.x);
}

/** Every series' value at one x position, comparison series included, with their own periods. */
export function RowTooltip({ index, ref }: { index: number; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation('common');
  const periodLabel = usePeriodLabel();
  const { kind, rows, series, colors, format } = usePlot();
  const row = rows[index];
  if (!row) return null;
  return (
    <ChartParts.Tooltip ref={ref} role="tooltip">
      <ChartParts.TooltipTitle>{periodLabel(row)}</ChartParts.TooltipTitle>
      {series.map((one) => {
        const own = row.labels[one.id];
        return (
          <ChartParts.TooltipItem key={one.id}>
            <Swatch kind={isComparison(one) ? 'comparison' : kind} color={colors[one.id] ?? ''} />
            {own === undefined ? one.label : t('ui.chart.pointLabel', { series: one.label, label: own })}
            <ChartParts.TooltipValue>{format(row.values[one.id] ?? null)}</ChartParts.TooltipValue>
          </ChartParts.TooltipItem>
        );
      })}
    </ChartParts.Tooltip>
  );
}
