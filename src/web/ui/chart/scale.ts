// The value axis' round numbers, known before nivo draws (the margin fits the widest label), and nivo's
// scales as the axes and the hover read them. The arithmetic is d3's, as nivo's scales are, so that
// the labels land on the same round values as nivo's own ticks would.

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
 * nivo's value scale: from 0 to the nice ceiling of `max`. Where every value is 0, the 0 stays at the
 * bottom with a single tick rather than floating mid-height.
 */
export const valueScaleSpec = (max: number) => ({ type: 'linear', min: 0, max: niceCeiling(max) || 1, nice: false }) as const;

/** nivo's value scale (values to px from the top of the plot) with the axis' labelled values and grid lines. */
export function valueScaleOf(position: (value: number) => number, max: number): ValueScale {
  const top = niceCeiling(max);
  return Object.assign((value: number) => position(value), {
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

/** What nivo's point scale (lines) and band scale (bars) are: d3's, over the rows' x labels. */
export interface SlotScale {
  (label: string): number | undefined;
  bandwidth(): number;
  step(): number;
}

/** nivo's x scale by row index rather than by label: what the axes, the hover and the comparison lines place by. */
export function xScaleOf(scale: SlotScale, labels: readonly string[]): XScale {
  const bandwidth = scale.bandwidth();
  const step = scale.step();
  const start = (index: number) => scale(labels[index] ?? '') ?? 0;
  return {
    start,
    centre: (index) => start(index) + bandwidth / 2,
    bandwidth,
    indexAt: (x) => {
      if (labels.length === 0 || step <= 0) return 0;
      return Math.min(labels.length - 1, Math.max(0, Math.round((x - start(0) - bandwidth / 2) / step)));
    },
  };
}
