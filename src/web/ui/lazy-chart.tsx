import { Suspense } from 'react';
import type { ChartProps } from './chart';
import { ChartFrame, ChartPlaceholder } from './chart/frame';
import { preloadable } from './preloadable';

// The drawing loads on the first chart a page shows, or as a page that shows one starts; never with
// the app.
const Chart = preloadable(
  () => import('./chart'),
  (module) => module.Chart,
);

/** Fetches the chart's code ahead of its first render. */
export const preloadChart = Chart.preload;

/** The chart, its code fetched on first render; its frame and a placeholder show meanwhile. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense
      fallback={
        <ChartFrame title={props.title} description={props.description}>
          <ChartPlaceholder />
        </ChartFrame>
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}
