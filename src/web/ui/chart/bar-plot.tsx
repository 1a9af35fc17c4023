import { Bar, type BarLayer, type ComputedBarDatum } from '@nivo/bar';
import { useId } from 'react';
import { Axes } from './axes';
import { PointMark } from './line-plot';
import { BAR_PADDING, isComparison, linePath } from './model';
import { HoverTarget, type PlotProps, PlotSurface } from './plot-surface';
import { type SlotScale, type ValueScale, valueScaleOf, valueScaleSpec, type XScale, xScaleOf } from './scale';
import { CHART_BACKGROUND, STROKES } from './theme';
import { usePlot } from './tooltip';

/** The hatch of a partial period's bars: rising diagonals 5 px apart, on a square tile. */
const HATCH_TILE = 5 * Math.SQRT2;
// The tile's diagonal and the two lines through its other corners, so that stripes meet across tiles.
const HATCH_PATH = `M${-HATCH_TILE},${HATCH_TILE}L${HATCH_TILE},${-HATCH_TILE}M0,${HATCH_TILE}L${HATCH_TILE},0M0,${2 * HATCH_TILE}L${2 * HATCH_TILE},0`;

/** The comparison series over the bars: a dotted line through the centres of the bar groups. */
function ComparisonLines({ x, y }: { x: XScale; y: ValueScale }) {
  const { rows, series, colors } = usePlot();
  return (
    <g>
      {series.filter(isComparison).map((one) => {
        const color = colors[one.id] ?? '';
        const points = rows.map((row, index) => {
          const value = row.values[one.id] ?? null;
          return { x: x.centre(index), y: value === null ? null : y(value), partial: row.partial };
        });
        const dotted = { fill: 'none', strokeLinecap: 'round', strokeDasharray: STROKES.comparisonDash } as const;
        const d = linePath(points);
        return (
          <g key={one.id}>
            {/* A halo keeps the dots visible where they cross a bar of a similar lightness. */}
            <path d={d} {...dotted} stroke={CHART_BACKGROUND} strokeWidth={STROKES.haloWidth} />
            <path d={d} {...dotted} stroke={color} strokeWidth={STROKES.comparisonWidth} />
            {points.map((point, index) =>
              point.y === null ? null : <PointMark key={rows[index]?.x} x={point.x} y={point.y} color={color} partial={point.partial} />,
            )}
          </g>
        );
      })}
    </g>
  );
}

type BarRow = Record<string, string | number>;

// The x label's key in nivo's data; not a plain `x`, which a series id could be.
const PERIOD_KEY = '__period';

/**
 * The bars where nivo placed them, grouped side by side or stacked from the first series up. A
 * partial period's bars are hatched in their colour on the background and outlined.
 */
function Bars({ bars }: { bars: readonly ComputedBarDatum<BarRow>[] }) {
  const { rows, series, colors } = usePlot();
  const patternPrefix = `partial-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const measured = series.filter((one) => !isComparison(one));
  const order = (bar: ComputedBarDatum<BarRow>) => measured.findIndex((one) => one.id === String(bar.data.id));
  // nivo lists a series' bars, then the next series'; drawn period by period, each period's bars in series order.
  // A missing value (left out of nivo's data) draws no bar rather than one of zero height.
  const drawn = bars.filter((bar) => bar.data.value !== null).sort((a, b) => a.data.index - b.data.index || order(a) - order(b));
  return (
    <g>
      <defs>
        {measured.map((one, index) => (
          <pattern key={one.id} id={`${patternPrefix}-${index}`} width={HATCH_TILE} height={HATCH_TILE} patternUnits="userSpaceOnUse">
            <rect width={HATCH_TILE} height={HATCH_TILE} fill={CHART_BACKGROUND} />
            <path d={HATCH_PATH} stroke={colors[one.id]} strokeWidth={2} strokeLinecap="square" />
          </pattern>
        ))}
      </defs>
      {drawn.map((bar) => {
        const id = String(bar.data.id);
        const partial = rows[bar.data.index]?.partial === true;
        const color = colors[id] ?? '';
        return (
          // Placed by a transform, so that each bar's hatch starts at its own corner.
          <rect
            key={bar.key}
            transform={`translate(${bar.x},${bar.y})`}
            width={Math.max(0, bar.width)}
            height={Math.max(0, bar.height)}
            fill={partial ? `url(#${patternPrefix}-${order(bar)})` : color}
            stroke={partial ? color : undefined}
            strokeWidth={partial ? STROKES.partialBorder : undefined}
          />
        );
      })}
    </g>
  );
}

/** The bar chart of the rows in `PlotContext`, on nivo's `Bar`: grouped or stacked bars, comparison series as dotted lines. */
export function BarPlot({ stacked, max, width, height, layout, ariaLabel }: PlotProps & { stacked: boolean; max: number }) {
  const { rows, series, colors } = usePlot();
  const labels = rows.map((row) => row.x);
  const measured = series.filter((one) => !isComparison(one));
  const data = rows.map((row) => {
    const datum: BarRow = { [PERIOD_KEY]: row.x };
    for (const one of measured) {
      const value = row.values[one.id] ?? null;
      if (value !== null) datum[one.id] = value;
    }
    return datum;
  });
  // nivo places the bars (its band and value scales, grouping, stacking); these layers draw them in the
  // chart's own marks, with nothing of nivo's animated parts: each of its bars and ticks is a spring.
  const layers: BarLayer<BarRow>[] = [
    (props) => {
      const x = xScaleOf(props.xScale as unknown as SlotScale, labels);
      const y = valueScaleOf(props.yScale as (value: number) => number, max);
      return (
        <>
          <Axes width={props.innerWidth} height={props.innerHeight} x={x} y={y} xTicks={layout.xTicks} />
          <Bars bars={props.bars} />
          <ComparisonLines x={x} y={y} />
          <HoverTarget width={props.innerWidth} height={props.innerHeight} x={x} left={layout.margin.left} />
        </>
      );
    },
  ];
  return (
    <PlotSurface width={width} height={height}>
      <Bar<BarRow>
        data={data}
        keys={measured.map((one) => one.id)}
        indexBy={PERIOD_KEY}
        width={width}
        height={height}
        margin={layout.margin}
        groupMode={stacked ? 'stacked' : 'grouped'}
        padding={BAR_PADDING}
        indexScale={{ type: 'band', round: false }}
        valueScale={valueScaleSpec(max)}
        colors={(bar) => colors[String(bar.id)] ?? ''}
        layers={layers}
        isInteractive={false}
        animate={false}
        role="img"
        ariaLabel={ariaLabel}
      />
    </PlotSurface>
  );
}
