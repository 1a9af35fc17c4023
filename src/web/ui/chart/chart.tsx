import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table';
import { EmptyState, LoadErrorState } from '../empty-state';
import * as ChartParts from '../parts/chart';
import { ChartFrame, ChartPlaceholder } from './frame';
import { type ChartValueFormat, chartTheme, SERIES_COLORS, VALUE_FORMATTERS } from './theme';

export interface ChartPoint {
  /** Already a label: "ene", "15 mar", "Semana 12". */
  x: string;
  y: number | null;
}

export interface ChartSeries {
  id: string;
  /** Already translated. */
  label: string;
  points: readonly ChartPoint[];
}

export interface ChartProps {
  kind: 'line' | 'bar';
  title: string;
  description?: string | undefined;
  series: readonly ChartSeries[];
  valueFormat: ChartValueFormat;
  /** Header of the first column in the table view, e.g. "Mes". */
  xLabel: string;
  status?: 'ready' | 'loading' | 'error';
  onRetry?: () => void;
  /** Start in the table view. */
  defaultView?: 'chart' | 'table';
  /** What to say when every value is missing; a generic "no data" by default. */
  emptyState?: { title: string; description?: string } | undefined;
}

// Room for the axis labels of pesos on the left and the legend below.
const CHART_MARGIN = { top: 16, right: 16, bottom: 72, left: 96 };

// More labels than this under the axis overlap (30 days, 52 weeks): every n-th one is shown.
const MAX_X_LABELS = 8;

function xLabels(rows: readonly TableRow[]): string[] | undefined {
  const step = Math.ceil(rows.length / MAX_X_LABELS);
  return step > 1 ? rows.filter((_, index) => index % step === 0).map((row) => row.x) : undefined;
}

interface TableRow {
  x: string;
  values: Record<string, number | null>;
}

function toRows(series: readonly ChartSeries[]): TableRow[] {
  const rows = new Map<string, TableRow>();
  for (const one of series) {
    for (const point of one.points) {
      const row = rows.get(point.x) ?? { x: point.x, values: {} };
      row.values[one.id] = point.y;
      rows.set(point.x, row);
    }
  }
  return [...rows.values()];
}

/**
 * A line or bar chart in the app's colours and fonts, values in Spanish (CLP, counts, percentages),
 * with its loading, empty and error states and a table with the same numbers for screen readers and
 * for anyone who prefers figures.
 */
export function Chart({
  kind,
  title,
  description,
  series,
  valueFormat,
  xLabel,
  status = 'ready',
  onRetry,
  defaultView = 'chart',
  emptyState,
}: ChartProps) {
  const { t } = useTranslation('common');
  const [view, setView] = useState(defaultView);
  const format = VALUE_FORMATTERS[valueFormat];
  const rows = toRows(series);
  const empty = status === 'ready' && series.every((one) => one.points.every((point) => point.y === null));

  const columns: DataTableColumn<TableRow>[] = [
    { key: 'x', header: xLabel, cell: (row) => row.x },
    ...series.map((one) => ({
      key: one.id,
      header: one.label,
      align: 'end' as const,
      cell: (row: TableRow) => format(row.values[one.id] ?? null),
    })),
  ];

  let body;
  if (status === 'loading') {
    body = <ChartPlaceholder />;
  } else if (status === 'error') {
    body = (
      <ChartPlaceholder>
        <LoadErrorState onRetry={onRetry} />
      </ChartPlaceholder>
    );
  } else if (empty) {
    body = (
      <ChartPlaceholder>
        <EmptyState
          title={emptyState?.title ?? t('ui.chart.emptyTitle')}
          description={emptyState?.description ?? t('ui.chart.emptyDescription')}
        />
      </ChartPlaceholder>
    );
  } else if (view === 'table') {
    body = <DataTable caption={title} columns={columns} rows={rows} rowKey={(row) => row.x} />;
  } else {
    const ariaLabel = t('ui.chart.ariaLabel', { title });
    const axisLeft = { format: (value: number) => format(value), tickSize: 0, tickPadding: 8, tickValues: 5 };
    const legends = [
      {
        anchor: 'bottom' as const,
        direction: 'row' as const,
        translateY: 56,
        itemWidth: 120,
        itemHeight: 16,
        symbolSize: 10,
        symbolShape: 'circle' as const,
      },
    ];
    body = (
      <ChartParts.Canvas>
        {kind === 'line' ? (
          <ResponsiveLine
            data={series.map((one) => ({ id: one.label, data: one.points.map((point) => ({ x: point.x, y: point.y })) }))}
            theme={chartTheme}
            colors={SERIES_COLORS}
            margin={CHART_MARGIN}
            yScale={{ type: 'linear', min: 0, max: 'auto' }}
            yFormat={(value) => format(Number(value))}
            axisLeft={axisLeft}
            axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: xLabels(rows) }}
            enableGridX={false}
            pointSize={6}
            useMesh
            tooltip={({ point }) => (
              <ChartParts.Tooltip>
                {point.seriesId} · {point.data.xFormatted}: <strong>{point.data.yFormatted}</strong>
              </ChartParts.Tooltip>
            )}
            legends={legends}
            role="img"
            ariaLabel={ariaLabel}
          />
        ) : (
          <ResponsiveBar
            data={rows.map((row) => ({ x: row.x, ...Object.fromEntries(series.map((one) => [one.label, row.values[one.id] ?? 0])) }))}
            keys={series.map((one) => one.label)}
            indexBy="x"
            groupMode="grouped"
            theme={chartTheme}
            colors={SERIES_COLORS}
            margin={CHART_MARGIN}
            padding={0.3}
            valueFormat={(value) => format(value)}
            axisLeft={axisLeft}
            axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: xLabels(rows) }}
            enableLabel={false}
            tooltip={({ id, indexValue, value }) => (
              <ChartParts.Tooltip>
                {id} · {indexValue}: <strong>{format(value)}</strong>
              </ChartParts.Tooltip>
            )}
            legends={legends.map((legend) => ({ ...legend, dataFrom: 'keys' as const }))}
            role="img"
            ariaLabel={ariaLabel}
          />
        )}
      </ChartParts.Canvas>
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
