import { useId } from 'react';
import { PointMark } from './line-plot';
import { BAR_PADDING, isComparison, linePath } from './model';
import { innerSize, type PlotProps, PlotSurface } from './plot-surface';
import { bandScale, type ValueScale, valueScale, type XScale } from './scale';
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

/**
 * The bars, grouped side by side or stacked from the first series up. A missing value draws no bar
 * rather than one of zero height. A partial period's bars are hatched in their colour on the
 * background and outlined.
 */
function Bars({ x, y, stacked }: { x: XScale; y: ValueScale; stacked: boolean }) {
  const { rows, series, colors } = usePlot();
  const patternPrefix = `partial-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const measured = series.filter((one) => !isComparison(one));
  const width = stacked ? x.bandwidth : x.bandwidth / Math.max(1, measured.length);
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
      {rows.map((row, rowIndex) => {
        const left = x.start(rowIndex);
        let base = 0;
        return (
          <g key={row.x}>
            {measured.map((one, index) => {
              const value = row.values[one.id] ?? null;
              if (value === null) return null;
              const from = stacked ? base : 0;
              base = from + value;
              const top = y(from + value);
              const color = colors[one.id] ?? '';
              return (
                // Placed by a transform, so that each bar's hatch starts at its own corner.
                <rect
                  key={one.id}
                  transform={`translate(${stacked ? left : left + index * width},${top})`}
                  width={Math.max(0, width)}
                  height={Math.max(0, y(from) - top)}
                  fill={row.partial ? `url(#${patternPrefix}-${index})` : color}
                  stroke={row.partial ? color : undefined}
                  strokeWidth={row.partial ? STROKES.partialBorder : undefined}
                />
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

/** The bar chart of the rows in `PlotContext`: grouped or stacked bars, comparison series as dotted lines. */
export function BarPlot({ stacked, max, ...props }: PlotProps & { stacked: boolean; max: number }) {
  const { rows } = usePlot();
  const inner = innerSize(props);
  const x = bandScale(rows.length, inner.width, BAR_PADDING);
  const y = valueScale(max, inner.height);
  return (
    <PlotSurface {...props} x={x} y={y} crosshair={false}>
      <Bars x={x} y={y} stacked={stacked} />
      <ComparisonLines x={x} y={y} />
    </PlotSurface>
  );
}
