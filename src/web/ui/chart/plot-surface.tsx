import { type MouseEvent, type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Axes } from './axes';
import { type AxisLayout, placeTooltip } from './model';
import type { ValueScale, XScale } from './scale';
import { AXIS_STYLE } from './theme';
import { RowTooltip } from './tooltip';

export interface PlotProps {
  /** Of the chart's box, in px. */
  width: number;
  height: number;
  layout: AxisLayout;
  ariaLabel: string;
}

/** The plot inside the margins: what the line and the bar chart draw in. */
export function innerSize({ width, height, layout: { margin } }: PlotProps): { width: number; height: number } {
  return {
    width: Math.max(0, width - margin.left - margin.right),
    height: Math.max(0, height - margin.top - margin.bottom),
  };
}

/** Where the pointer is, in px from the chart box's top-left corner, and the row under it. */
interface Hover {
  index: number;
  x: number;
  y: number;
}

/** The hovered row's tooltip, placed beside the pointer once its size is known (before it paints). */
function PlacedTooltip({ hover, box }: { hover: Hover; box: { width: number; height: number } }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const at = placeTooltip(hover, { width: node.offsetWidth, height: node.offsetHeight }, box);
    node.style.transform = `translate(${at.x}px, ${at.y}px)`;
  });
  return <RowTooltip ref={ref} index={hover.index} />;
}

export interface PlotSurfaceProps extends PlotProps {
  x: XScale;
  y: ValueScale;
  /** A dashed vertical line through the hovered row (line charts). */
  crosshair: boolean;
  /** The series, drawn over the grid and axes in the plot's coordinates. */
  children: ReactNode;
}

/**
 * The chart's `<svg>`: grid and axes, the series, and one hover target over the whole plot that
 * shows every series' value at the row nearest the pointer. Hovering re-renders only this component:
 * the series arrive as elements made by the caller, and the axes are kept between renders.
 */
export function PlotSurface({ x, y, crosshair, children, ...props }: PlotSurfaceProps) {
  const { width, height, layout, ariaLabel } = props;
  const { margin } = layout;
  const inner = innerSize(props);
  const [hover, setHover] = useState<Hover | null>(null);
  const axes = useMemo(
    () => <Axes width={inner.width} height={inner.height} x={x} y={y} xTicks={layout.xTicks} />,
    [inner.width, inner.height, x, y, layout.xTicks],
  );

  const track = (event: MouseEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    const pointer = { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
    setHover({ index: x.indexAt(pointer.x - margin.left), ...pointer });
  };

  return (
    <>
      <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height} role="img" aria-label={ariaLabel}>
        <g transform={`translate(${margin.left},${margin.top})`}>
          {axes}
          {crosshair && hover ? (
            <line
              x1={x.centre(hover.index)}
              x2={x.centre(hover.index)}
              y1={0}
              y2={inner.height}
              stroke={AXIS_STYLE.crosshair.stroke}
              strokeWidth={1}
              strokeDasharray={AXIS_STYLE.crosshair.dash}
            />
          ) : null}
          {children}
          <rect
            width={inner.width}
            height={inner.height}
            fill="transparent"
            data-testid="chart-hover"
            onMouseMove={track}
            onMouseLeave={() => setHover(null)}
          />
        </g>
      </svg>
      {hover ? <PlacedTooltip hover={hover} box={{ width, height }} /> : null}
    </>
  );
}
