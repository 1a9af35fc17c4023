import type { ReactNode } from 'react';
import * as ChartParts from '../parts/chart';
import { Skeleton } from '../skeleton';

export interface ChartFrameProps {
  title: string;
  description?: string | undefined;
  /** Beside the title: the chart/table switch. */
  action?: ReactNode;
  children: ReactNode;
}

/** The panel around a chart: title, description and body. Light, so it can stand in while the chart's code loads. */
export function ChartFrame({ title, description, action, children }: ChartFrameProps) {
  return (
    <ChartParts.Root aria-label={title}>
      <ChartParts.Header>
        <ChartParts.Heading>
          <ChartParts.Title>{title}</ChartParts.Title>
          {description ? <ChartParts.Description>{description}</ChartParts.Description> : null}
        </ChartParts.Heading>
        {action}
      </ChartParts.Header>
      {children}
    </ChartParts.Root>
  );
}

/** The chart's body while its data (or its code) loads; inside a `ChartFrame`. */
export function ChartPlaceholder({ children }: { children?: ReactNode }) {
  return children ? (
    <ChartParts.Placeholder>{children}</ChartParts.Placeholder>
  ) : (
    <ChartParts.Placeholder aria-busy="true" data-testid="chart-loading">
      <Skeleton shape="block" />
    </ChartParts.Placeholder>
  );
}
