// The chart's scales: values to pixels and x positions to pixels. The arithmetic is d3's (nice
// domains, ticks, point and band scales), written out for the few cases a chart needs, so that
// ticks land on the same round values as any d3-based chart would put them.

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/**
 * About `count` round steps over `[start, stop]`: the first and last multiple of the step inside it,
 * and the step (negative: its inverse, which keeps steps under 1 exact, `3 / 10` rather than `3 * 0.1`).
 */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let first: number;
  let last: number;
  let increment: number;
  if (power < 0) {
    increment = 10 ** -power / factor;
    first = Math.round(start * increment);
    last = Math.round(stop * increment);
    if (first / increment < start) first++;
    if (last / increment > stop) last--;
    increment = -increment;
  } else {
    increment = 10 ** power * factor;
    first = Math.round(start / increment);
    last = Math.round(stop / increment);
    if (first * increment < start) first++;
    if (last * increment > stop) last--;
  }
  if (last < first && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [first, last, increment];
}

/** About `count` round values from 0 to `max`, both included when round (d3's `ticks`). */
export function ticks(max: number, count: number): number[] {
  if (!(count > 0) || !(max >= 0)) return [];
  if (max === 0) return [0];
  const [first, last, increment] = tickSpec(0, max, count);
  if (!(last >= first)) return [];
  return Array.from({ length: last - first + 1 }, (_, index) =>
    increment < 0 ? (first + index) / -increment : (first + index) * increment,
  );
}

/** The top of a value axis from 0 to `max`, rounded up to a whole step of about ten (d3's `nice()`). */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 0;
  let stop = max;
  let previous: number | undefined;
  for (let tries = 0; tries < 10; tries++) {
    const increment = tickSpec(0, stop, 10)[2];
    if (increment === previous) break;
    stop = increment > 0 ? Math.ceil(stop / increment) * increment : Math.floor(stop * increment) / increment;
    previous = increment;
  }
  return stop;
}

/** How many ticks the value axis labels, and how many grid lines it draws (one between two labels). */
export const VALUE_TICKS = { labels: 5, grid: 10 } as const;

export interface ValueScale {
  /** The value's height from the top of the plot, in px. */
  (value: number): number;
  /** The labelled values, from 0 up. */
  labels: readonly number[];
  /** Where the horizontal grid lines go. */
  grid: readonly number[];
}

/**
 * Values from 0 (the bottom, `height`) to the nice ceiling of `max` (the top). Where every value is
 * 0, the 0 stays at the bottom with a single tick rather than floating mid-height.
 */
export function valueScale(max: number, height: number): ValueScale {
  const top = niceCeiling(max);
  const span = top > 0 ? top : 1;
  const scale = (value: number) => height - (value / span) * height;
  return Object.assign(scale, {
    labels: top > 0 ? ticks(top, VALUE_TICKS.labels) : [0],
    grid: top > 0 ? ticks(top, VALUE_TICKS.grid) : [0],
  });
}

export interface XScale {
  /** Left edge of row `index`'s slot: its point for lines, its bar group for bars. */
  start(index: number): number;
  /** Middle of row `index`'s slot, where its x label and its comparison point go. */
  centre(index: number): number;
  /** Width of a bar group (0 for points). */
  bandwidth: number;
  /** The row whose slot is nearest to `x`. */
  indexAt(x: number): number;
}

/**
 * `count` slots across `width`, each `step` apart, `inner` of a step left between neighbours and
 * `outer` of a step at either end (d3's band scale; d3's point scale is `inner: 1, outer: 0`).
 */
function slots(count: number, width: number, inner: number, outer: number): XScale {
  const step = width / Math.max(1, count - inner + outer * 2);
  const offset = (width - step * (count - inner)) / 2;
  const bandwidth = step * (1 - inner);
  const start = (index: number) => offset + step * index;
  return {
    start,
    centre: (index) => start(index) + bandwidth / 2,
    bandwidth,
    indexAt: (x) => {
      if (count <= 0 || step <= 0) return 0;
      return Math.min(count - 1, Math.max(0, Math.round((x - offset - bandwidth / 2) / step)));
    },
  };
}

/** A line chart's x positions: the first row on the left edge, the last on the right (one alone in the middle). */
export const pointScale = (count: number, width: number): XScale => slots(count, width, 1, 0);

/** A bar chart's x positions: groups `1 - padding` of a step wide, gaps of `padding` between and around them. */
export const bandScale = (count: number, width: number, padding: number): XScale => slots(count, width, padding, padding);
