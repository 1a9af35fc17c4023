import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureCause } from '../../api/errors';
import { DataTable, type DataTableColumn } from '../data-table';
import { EmptyState, LoadErrorState } from '../empty-state';
import * as ChartParts from '../parts/chart';
import { BarPlot } from './bar-plot';
import { ChartFrame, ChartPlaceholder } from './frame';
import { Legend, PartialNote } from './legend';
import { LinePlot } from './line-plot';
import { axisTextWidth, useElementSize } from './measure';
import { axisLayout, type ChartRow, type ChartSeries, isComparison, seriesColors, toRows, valueMax } from './model';
import { niceCeiling } from './scale';
import { type ChartValueFormat, VALUE_FORMATTERS } from './theme';
import { PlotContext, type PlotData, usePeriodLabel } from './tooltip';

export type { ChartPoint, ChartSeries } from './model';

export interface ChartProps {
  kind: 'line' | 'bar';
  title: string;
  description?: string | undefined;
  /** Comparison series (`variant: 'comparison'`) are dotted lines in either kind. */
  series: readonly ChartSeries[];
  valueFormat: ChartValueFormat;
  /** Header of the first column in the table view, e.g. "Mes". */
  xLabel: string;
  status?: 'ready' | 'loading' | 'error';
  /** Why the load failed, when `status` is `error`. */
  errorCause?: FailureCause | undefined;
  onRetry?: () => void;
  /** Start in the table view. */
  defaultView?: 'chart' | 'table';
  /** What to say when no value is there (comparison series aside), and the ways out; a generic "no data" by default. */
  emptyState?: { title: string; description?: string; action?: ReactNode; secondaryAction?: ReactNode } | undefined;
  /** Bar charts: the series' bars on top of each other instead of side by side. */
  stacked?: boolean;
}

/** The drawing: sized by its box, which it measures to fit its margins and x labels to the width. */
function Plot({ plot, stacked, ariaLabel }: { plot: PlotData; stacked: boolean; ariaLabel: string }) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const max = valueMax(plot.rows, plot.series, plot.kind === 'bar' && stacked);
  const layout =
    size.width > 0 && size.height > 0
      ? axisLayout({
          kind: plot.kind,
          width: size.width,
          xLabels: plot.rows.map((row) => row.x),
          yLabel: plot.format(niceCeiling(max)),
          measure: axisTextWidth,
        })
      : null;
  let drawing = null;
  if (layout) {
    const props = { width: size.width, height: size.height, layout, ariaLabel, max };
    drawing = plot.kind === 'line' ? <LinePlot {...props} /> : <BarPlot {...props} stacked={stacked} />;
  }
  return (
    <ChartParts.Canvas ref={ref}>
      <PlotContext.Provider value={plot}>{drawing}</PlotContext.Provider>
    </ChartParts.Canvas>
  );
}

/**
 * A line or bar chart in the app's colours and fonts, values in Spanish (CLP, counts, percentages),
 * with its loading, empty and error states, a legend that never cuts a label, comparison series
 * as dotted lines, partial periods marked as such, and a table with the same numbers for screen
 * readers and for anyone who prefers figures.
 */
export function Chart({
  kind,
  title,
  description,
  series,
  valueFormat,
  xLabel,
  status = 'ready',
  errorCause,
  onRetry,
  defaultView = 'chart',
  emptyState,
  stacked = false,
}: ChartProps) {
  const { t } = useTranslation('common');
  const periodLabel = usePeriodLabel();
  const [view, setView] = useState(defaultView);
  const format = VALUE_FORMATTERS[valueFormat];
  const rows = toRows(series);
  const colors = seriesColors(series);
  const partial = rows.some((row) => row.partial);
  // Empty when the measured series have no value: a comparison alone has nothing to be compared with.
  const measured = series.filter((one) => !isComparison(one));
  const empty =
    status === 'ready' && (measured.length > 0 ? measured : series).every((one) => one.points.every((point) => point.y === null));

  const columns: DataTableColumn<ChartRow>[] = [
    { key: 'x', header: xLabel, cell: periodLabel },
    ...series.map((one) => ({
      key: one.id,
      header: one.label,
      align: 'end' as const,
      cell: (row: ChartRow) => format(row.values[one.id] ?? null),
    })),
  ];

  let body;
  if (status === 'loading') {
    body = <ChartPlaceholder />;
  } else if (status === 'error') {
    body = (
      <ChartPlaceholder>
        <LoadErrorState onRetry={onRetry} cause={errorCause} />
      </ChartPlaceholder>
    );
  } else if (empty) {
    body = (
      <ChartPlaceholder>
        <EmptyState
          title={emptyState?.title ?? t('ui.chart.emptyTitle')}
          description={emptyState?.description ?? t('ui.chart.emptyDescription')}
          action={emptyState?.action}
          secondaryAction={emptyState?.secondaryAction}
        />
      </ChartPlaceholder>
    );
  } else if (view === 'table') {
    body = (
      <>
        <DataTable caption={title} columns={columns} rows={rows} rowKey={(row) => row.x} />
        {partial ? <PartialNote /> : null}
      </>
    );
  } else {
    body = (
      <>
        <Plot plot={{ kind, rows, series, colors, format }} stacked={stacked} ariaLabel={t('ui.chart.ariaLabel', { title })} />
        <Legend
          entries={series.map((one) => ({
            id: one.id,
            label: one.label,
            color: colors[one.id] ?? '',
            kind: isComparison(one) ? 'comparison' : kind,
          }))}
        />
        {partial ? <PartialNote mark={kind === 'line' ? 'partialLine' : 'partialBar'} /> : null}
      </>
    );
  }

  return (
    <ChartFrame
      title={title}
      description={description}
      action={
        status === 'ready' && !empty ? (
          <ChartParts.Toggle type="button" aria-pressed={view === 'table'} onClick={() => setView(view === 'table' ? 'chart' : 'table')}>
            {view === 'table' ? t('ui.chart.showChart') : t('ui.chart.showTable')}
          </ChartParts.Toggle>
        ) : null
      }
    >
      {body}
    </ChartFrame>
  );
}
