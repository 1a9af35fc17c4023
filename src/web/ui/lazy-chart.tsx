import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart';
import { ChartFrame, ChartPlaceholder } from './chart/frame';

// The drawing loads on the first chart a page shows, never with the page.
const Chart = lazy(() => import('./chart').then((module) => ({ default: module.Chart })));

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
