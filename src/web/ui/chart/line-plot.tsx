import { isComparison, linePath, lineRuns } from './model';
import { innerSize, type PlotProps, PlotSurface } from './plot-surface';
import { pointScale, valueScale } from './scale';
import { CHART_BACKGROUND, STROKES } from './theme';
import { usePlot } from './tooltip';

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

/** A row's position in the plot; `y` is `null` where the series has no value. */
interface LinePoint {
  x: number;
  y: number | null;
  partial: boolean;
  index: number;
}

interface LineSeries {
  id: string;
  color: string;
  comparison: boolean;
  points: LinePoint[];
}

/** Comparison series first, then the others backwards: the first series is drawn on top. */
function drawingOrder(series: readonly LineSeries[]): LineSeries[] {
  return [...series.filter((one) => one.comparison), ...series.filter((one) => !one.comparison).reverse()];
}

/** The lines: comparison series dotted, segments into a partial period dashed, broken where a value is missing. */
function SeriesLines({ series }: { series: readonly LineSeries[] }) {
  return (
    <g>
      {drawingOrder(series).map((one) =>
        one.comparison ? (
          <path
            key={one.id}
            d={linePath(one.points)}
            fill="none"
            stroke={one.color}
            strokeWidth={STROKES.comparisonWidth}
            strokeLinecap="round"
            strokeDasharray={STROKES.comparisonDash}
          />
        ) : (
          <g key={one.id}>
            {lineRuns(one.points.map((point) => ({ value: point.y, partial: point.partial, position: point }))).map((run) => (
              <path
                key={`${run.points[0]?.index}-${run.dashed}`}
                d={linePath(run.points)}
                fill="none"
                stroke={one.color}
                strokeWidth={STROKES.lineWidth}
                strokeDasharray={run.dashed ? STROKES.partialDash : undefined}
              />
            ))}
          </g>
        ),
      )}
    </g>
  );
}

/**
 * The points: a partial period's point is hollow. Where points would touch (a year by week on a
 * phone) only the partial ones are drawn: the others would blur the line.
 */
function SeriesPoints({ series, width }: { series: readonly LineSeries[]; width: number }) {
  const count = Math.max(...series.map((one) => one.points.length));
  const dense = count > 1 && width / (count - 1) < 4 * STROKES.pointRadius;
  return (
    <g>
      {drawingOrder(series).flatMap((one) =>
        one.points.map((point) =>
          point.y !== null && (point.partial || !dense) ? (
            <PointMark key={`${one.id}-${point.index}`} x={point.x} y={point.y} color={one.color} partial={point.partial} />
          ) : null,
        ),
      )}
    </g>
  );
}

/** The line chart of the rows in `PlotContext`; hovering an x position shows every series there. */
export function LinePlot({ max, ...props }: PlotProps & { max: number }) {
  const { rows, series, colors } = usePlot();
  const inner = innerSize(props);
  const x = pointScale(rows.length, inner.width);
  const y = valueScale(max, inner.height);
  const lines: LineSeries[] = series.map((one) => ({
    id: one.id,
    color: colors[one.id] ?? '',
    comparison: isComparison(one),
    points: rows.map((row, index) => {
      const value = row.values[one.id] ?? null;
      return { x: x.centre(index), y: value === null ? null : y(value), partial: row.partial, index };
    }),
  }));
  return (
    <PlotSurface {...props} x={x} y={y} crosshair>
      <SeriesLines series={lines} />
      <SeriesPoints series={lines} width={inner.width} />
    </PlotSurface>
  );
}
