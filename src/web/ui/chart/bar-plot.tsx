import { Bar, type BarCustomLayerProps, BarItem, type BarItemProps, type BarLayer, type ComputedBarDatum } from '@nivo/bar';
import { useId } from 'react';
import { commonPlotProps, type PlotProps, PointMark } from './line-plot';
import { BAR_PADDING, isComparison } from './model';
import { CHART_BACKGROUND, STROKES } from './theme';
import { RowTooltip, usePlot } from './tooltip';

type BarRow = Record<string, string | number>;

// The x label's key in nivo's data; not a plain `x`, which a series id could be.
const PERIOD_KEY = '__period';

/** A partial bar is the one bindDefs gave the hatch (`fill`): it gets an outline in its colour too. */
function PartialAwareBar(props: BarItemProps<BarRow>) {
  return <BarItem {...props} borderWidth={props.bar.data.fill === undefined ? 0 : STROKES.partialBorder} />;
}

interface BandScale {
  (value: string): number | undefined;
  bandwidth(): number;
}

interface LinearScale {
  (value: number): number;
}

/** The comparison series over the bars: a dotted line through the centres of the bar groups. */
function ComparisonLines({ xScale, yScale }: { xScale: BandScale; yScale: LinearScale }) {
  const { rows, series, colors } = usePlot();
  const half = xScale.bandwidth() / 2;
  return (
    <g>
      {series.filter(isComparison).map((one) => {
        const color = colors[one.id] ?? '';
        const points = rows.map((row) => {
          const value = row.values[one.id] ?? null;
          const start = xScale(row.x);
          return value === null || start === undefined ? null : { x: start + half, y: yScale(value), partial: row.partial };
        });
        // A missing value breaks the line.
        const d = points
          .map((point, index) => (point ? `${points[index - 1] ? 'L' : 'M'}${point.x},${point.y}` : ''))
          .filter(Boolean)
          .join(' ');
        const dotted = { fill: 'none', strokeLinecap: 'round', strokeDasharray: STROKES.comparisonDash } as const;
        return (
          <g key={one.id}>
            {/* A halo keeps the dots visible where they cross a bar of a similar lightness. */}
            <path d={d} {...dotted} stroke={CHART_BACKGROUND} strokeWidth={STROKES.haloWidth} />
            <path d={d} {...dotted} stroke={color} strokeWidth={STROKES.comparisonWidth} />
            {points.map((point, index) =>
              point ? <PointMark key={rows[index]?.x} x={point.x} y={point.y} color={color} partial={point.partial} /> : null,
            )}
          </g>
        );
      })}
    </g>
  );
}

const LAYERS: readonly BarLayer<BarRow>[] = [
  'grid',
  'axes',
  'bars',
  (props: BarCustomLayerProps<BarRow>) => (
    <ComparisonLines xScale={props.xScale as unknown as BandScale} yScale={props.yScale as unknown as LinearScale} />
  ),
  'markers',
];

/** The bar chart of the rows in `PlotContext`: grouped or stacked bars, comparison series as dotted lines. */
export function BarPlot({ stacked, max, ...props }: PlotProps & { stacked: boolean; max: number }) {
  const { rows, series, colors, format } = usePlot();
  const patternPrefix = `partial-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const measured = series.filter((one) => !isComparison(one));
  // A missing value is left out, so nivo draws no bar rather than one of zero height.
  const data = rows.map((row) => {
    const datum: BarRow = { [PERIOD_KEY]: row.x };
    for (const one of measured) {
      const value = row.values[one.id] ?? null;
      if (value !== null) datum[one.id] = value;
    }
    return datum;
  });
  // A partial period's bars: hatched in their colour on the background, and outlined (PartialAwareBar).
  const defs = measured.map((one, index) => ({
    id: `${patternPrefix}-${index}`,
    type: 'patternLines',
    background: CHART_BACKGROUND,
    color: colors[one.id] ?? '',
    spacing: 5,
    rotation: -45,
    lineWidth: 2,
  }));
  const fill = measured.map((one, index) => ({
    id: `${patternPrefix}-${index}`,
    match: (bar: ComputedBarDatum<BarRow>) => bar.data.id === one.id && rows[bar.data.index]?.partial === true,
  }));
  return (
    <Bar<BarRow>
      {...commonPlotProps(props, format)}
      data={data}
      keys={measured.map((one) => one.id)}
      indexBy={PERIOD_KEY}
      groupMode={stacked ? 'stacked' : 'grouped'}
      colors={(bar) => colors[String(bar.id)] ?? ''}
      padding={BAR_PADDING}
      valueScale={{ type: 'linear', nice: true, min: 0, max: max > 0 ? max : 'auto' }}
      valueFormat={(value) => format(value)}
      enableLabel={false}
      defs={defs}
      fill={fill}
      barComponent={PartialAwareBar}
      layers={LAYERS}
      tooltip={({ index }) => <RowTooltip index={index} />}
    />
  );
}
