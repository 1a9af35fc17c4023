import { Line, type LineCustomSvgLayerProps, type LineSvgLayer } from '@nivo/line';
import { type AxisLayout, isComparison, lineRuns } from './model';
import { CHART_BACKGROUND, chartTheme, STROKES, TICK_PADDING, valueAxis } from './theme';
import { RowTooltip, usePlot } from './tooltip';

interface LineDatum {
  x: string;
  y: number | null;
  /** The row's index: the tooltip's and the x label's. */
  index: number;
  partial: boolean;
}

interface LineSeriesData {
  id: string;
  comparison: boolean;
  data: LineDatum[];
}

type LayerProps = LineCustomSvgLayerProps<LineSeriesData>;

/** A value's point: filled, or hollow when its period is partial. */
export function PointMark({ x, y, color, partial }: { x: number; y: number; color: string; partial: boolean }) {
  return (
    <circle
      cx={x}
      cy={y}
      r={STROKES.pointRadius}
      fill={partial ? CHART_BACKGROUND : color}
      stroke={partial ? color : CHART_BACKGROUND}
      strokeWidth={partial ? STROKES.lineWidth : 1}
    />
  );
}

/** Comparison series first, then the others backwards: the first series is drawn on top. */
function drawingOrder(series: LayerProps['series']): LayerProps['series'] {
  return [...series.filter((one) => one.comparison), ...series.filter((one) => !one.comparison).reverse()];
}

/** Replaces nivo's lines: comparison series dotted, segments into a partial period dashed. */
function SeriesLines({ series, lineGenerator }: Pick<LayerProps, 'series' | 'lineGenerator'>) {
  return (
    <g>
      {drawingOrder(series).map((one) =>
        one.comparison ? (
          <path
            key={one.id}
            d={lineGenerator(one.data.map((datum) => datum.position)) ?? undefined}
            fill="none"
            stroke={one.color}
            strokeWidth={STROKES.comparisonWidth}
            strokeLinecap="round"
            strokeDasharray={STROKES.comparisonDash}
          />
        ) : (
          <g key={one.id}>
            {lineRuns(one.data.map((datum) => ({ value: datum.data.y, partial: datum.data.partial, position: datum.position }))).map(
              (run) => (
                <path
                  key={`${run.points[0]?.x}-${run.dashed}`}
                  d={lineGenerator(run.points) ?? undefined}
                  fill="none"
                  stroke={one.color}
                  strokeWidth={STROKES.lineWidth}
                  strokeDasharray={run.dashed ? STROKES.partialDash : undefined}
                />
              ),
            )}
          </g>
        ),
      )}
    </g>
  );
}

/**
 * Replaces nivo's points: a partial period's point is hollow. Where points would touch (a year by
 * week on a phone) only the partial ones are drawn: the others would blur the line.
 */
function SeriesPoints({ series, innerWidth }: Pick<LayerProps, 'series' | 'innerWidth'>) {
  const count = Math.max(...series.map((one) => one.data.length));
  const dense = count > 1 && innerWidth / (count - 1) < 4 * STROKES.pointRadius;
  return (
    <g>
      {drawingOrder(series).flatMap((one) =>
        one.data
          .filter((datum) => datum.data.y !== null && (datum.data.partial || !dense))
          .map((datum) => (
            <PointMark
              key={`${one.id}-${datum.data.index}`}
              x={datum.position.x}
              y={datum.position.y}
              color={one.color}
              partial={datum.data.partial}
            />
          )),
      )}
    </g>
  );
}

// nivo calls a line chart's custom layers as functions, not as components: each hands its props to one.
const LAYERS: readonly LineSvgLayer<LineSeriesData>[] = [
  'grid',
  'markers',
  'axes',
  'crosshair',
  (props) => <SeriesLines series={props.series} lineGenerator={props.lineGenerator} />,
  (props) => <SeriesPoints series={props.series} innerWidth={props.innerWidth} />,
  'slices',
];

export interface PlotProps {
  width: number;
  height: number;
  layout: AxisLayout;
  ariaLabel: string;
}

/** What the line and the bar chart share: size, margins, axes, theme and name. */
export function commonPlotProps({ width, height, layout, ariaLabel }: PlotProps, format: (value: number | null) => string) {
  return {
    width,
    height,
    margin: layout.margin,
    theme: chartTheme,
    axisLeft: valueAxis(format),
    axisBottom: { tickSize: 0, tickPadding: TICK_PADDING, tickValues: layout.xTicks },
    // The custom layers draw at once; nivo's own parts must not glide to where they already are.
    animate: false,
    role: 'img',
    ariaLabel,
  };
}

/** The line chart of the rows in `PlotContext`; hovering an x position shows every series there. */
export function LinePlot(props: PlotProps) {
  const { rows, series, colors, format } = usePlot();
  const data: LineSeriesData[] = series.map((one) => ({
    id: one.id,
    comparison: isComparison(one),
    data: rows.map((row, index) => ({ x: row.x, y: row.values[one.id] ?? null, index, partial: row.partial })),
  }));
  return (
    <Line<LineSeriesData>
      {...commonPlotProps(props, format)}
      data={data}
      colors={(one) => colors[one.id] ?? ''}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      enableGridX={false}
      layers={LAYERS}
      enableSlices="x"
      sliceTooltip={({ slice }) => <RowTooltip index={slice.points[0]?.data.index ?? -1} />}
    />
  );
}
