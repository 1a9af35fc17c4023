import type { ValueScale, XScale } from './scale';
import { AXIS_STYLE, TICK_PADDING } from './theme';
import { usePlot } from './tooltip';

export interface AxesProps {
  /** Of the plot inside the margins, in px. */
  width: number;
  height: number;
  x: XScale;
  y: ValueScale;
  /** The x labels to show (`AxisLayout.xTicks`). */
  xTicks: readonly string[];
}

/**
 * Horizontal grid lines, the value axis on the left (its labels in the chart's format) and the
 * period axis at the bottom. The grid is twice as fine as the labels: a line between two labels.
 */
export function Axes({ width, height, x, y, xTicks }: AxesProps) {
  const { rows, format } = usePlot();
  const shown = new Set(xTicks);
  return (
    <>
      <g>
        {y.grid.map((value) => (
          <line key={value} x1={0} x2={width} y1={y(value)} y2={y(value)} stroke={AXIS_STYLE.grid} strokeWidth={1} />
        ))}
      </g>
      <g>
        {y.labels.map((value) => (
          <text key={value} x={-TICK_PADDING} y={y(value)} textAnchor="end" dominantBaseline="central" style={AXIS_STYLE.text}>
            {format(value)}
          </text>
        ))}
        <line x1={0} x2={0} y1={0} y2={height} stroke={AXIS_STYLE.domain} strokeWidth={1} />
      </g>
      <g transform={`translate(0,${height})`}>
        {rows.map((row, index) =>
          shown.has(row.x) ? (
            <text
              key={row.x}
              x={x.centre(index)}
              y={TICK_PADDING}
              textAnchor="middle"
              dominantBaseline="text-before-edge"
              style={AXIS_STYLE.text}
            >
              {row.x}
            </text>
          ) : null,
        )}
        <line x1={0} x2={width} y1={0} y2={0} stroke={AXIS_STYLE.domain} strokeWidth={1} />
      </g>
    </>
  );
}
