import type { ReactNode } from 'react';
import { chart } from 'styled-system/recipes';
import { Skeleton } from '../skeleton';

export interface ChartFrameProps {
  title: string;
  description?: string | undefined;
  /** Beside the title: the chart/table switch. */
  action?: ReactNode;
  children: ReactNode;
}

/** The panel around a chart: title, description and body. Light, so it can stand in while nivo loads. */
export function ChartFrame({ title, description, action, children }: ChartFrameProps) {
  const classes = chart();
  return (
    <section className={classes.root} aria-label={title}>
      <header className={classes.header}>
        <div className={classes.heading}>
          <h2 className={classes.title}>{title}</h2>
          {description ? <p className={classes.description}>{description}</p> : null}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}

/** The chart's body while its data (or its code) loads. */
export function ChartPlaceholder({ children }: { children?: ReactNode }) {
  const classes = chart();
  return children ? (
    <div className={classes.placeholder}>{children}</div>
  ) : (
    <div className={classes.placeholder} aria-busy="true" data-testid="chart-loading">
      <Skeleton shape="block" />
    </div>
  );
}
