import { createContext, type MouseEvent, type ReactNode, useContext, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type AxisLayout, placeTooltip } from './model';
import type { XScale } from './scale';
import { AXIS_STYLE } from './theme';
import { RowTooltip } from './tooltip';

export interface PlotProps {
  /** Of the chart's box, in px. */
  width: number;
  height: number;
  layout: AxisLayout;
  ariaLabel: string;
}

/** Where the pointer is, in px from the chart box's top-left corner, and the row under it. */
interface Hover {
  index: number;
  x: number;
  y: number;
}

/**
 * The hovered row, outside React's state: hovering re-renders only the crosshair and the tooltip
 * that read it, never nivo's chart with its scales and series.
 */
interface HoverStore {
  get(): Hover | null;
  set(hover: Hover | null): void;
  subscribe(listener: () => void): () => void;
}

function createHoverStore(): HoverStore {
  let current: Hover | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(hover) {
      current = hover;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const HoverContext = createContext<HoverStore | null>(null);

function useHoverStore(): HoverStore {
  const store = useContext(HoverContext);
  if (!store) throw new Error('A chart layer rendered outside its plot.');
  return store;
}

function useHover(): Hover | null {
  const store = useHoverStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The hovered row's tooltip, placed beside the pointer once its size is known (before it paints). */
function PlacedTooltip({ box }: { box: { width: number; height: number } }) {
  const hover = useHover();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || !hover) return;
    const at = placeTooltip(hover, { width: node.offsetWidth, height: node.offsetHeight }, box);
    node.style.transform = `translate(${at.x}px, ${at.y}px)`;
  });
  return hover ? <RowTooltip ref={ref} index={hover.index} /> : null;
}

/**
 * Around nivo's chart: the hovered row's store, and its tooltip in HTML beside the `<svg>` (a layer
 * can only draw inside it).
 */
export function PlotSurface({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const [store] = useState(createHoverStore);
  return (
    <HoverContext.Provider value={store}>
      {children}
      <PlacedTooltip box={{ width, height }} />
    </HoverContext.Provider>
  );
}

/** A dashed vertical line through the hovered row, under a line chart's series. */
export function Crosshair({ height, x }: { height: number; x: XScale }) {
  const hover = useHover();
  if (!hover) return null;
  return (
    <line
      x1={x.centre(hover.index)}
      x2={x.centre(hover.index)}
      y1={0}
      y2={height}
      stroke={AXIS_STYLE.crosshair.stroke}
      strokeWidth={1}
      strokeDasharray={AXIS_STYLE.crosshair.dash}
    />
  );
}

/**
 * Over the series: one hover target over the whole plot that shows every series' value at the row
 * nearest the pointer (a tap on a phone).
 */
export function HoverTarget({
  width,
  height,
  x,
  left,
}: {
  /** Of the plot inside the margins, in px. */
  width: number;
  height: number;
  x: XScale;
  /** The plot's left margin in the chart's box. */
  left: number;
}) {
  const store = useHoverStore();
  const track = (event: MouseEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    const pointer = { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
    store.set({ index: x.indexAt(pointer.x - left), ...pointer });
  };
  return (
    <rect
      width={width}
      height={height}
      fill="transparent"
      data-testid="chart-hover"
      onMouseMove={track}
      onMouseLeave={() => store.set(null)}
    />
  );
}
