import type { ReactElement, ReactNode } from 'react';
import type { Loadable } from '../api/loadable';
import { LoadErrorState } from './empty-state';

export interface LoadableViewProps<T> {
  /** The data as the screen is told about it. */
  loadable: Loadable<T>;
  /** What stands in while it loads: a skeleton or a loading line in the shape of what is coming. */
  loading: ReactNode;
  /** Offered in the failed-load state. */
  onRetry?: (() => void) | undefined;
  /**
   * What shows when it failed, given the failed-load state (worded for the failure's cause, with the retry):
   * framed as the content it stands for would be, or replaced by the screen's own words. The state alone by default.
   */
  error?: (failed: ReactElement) => ReactNode;
  /** What shows once the data is here. */
  children: (data: T) => ReactNode;
}

/** A screen's branch on its data: what stands in while it loads, what it says when it failed, and the content. */
export function LoadableView<T>({ loadable, loading, onRetry, error = (failed) => failed, children }: LoadableViewProps<T>): ReactNode {
  if (loadable.status === 'loading') return loading;
  if (loadable.status === 'error') return error(<LoadErrorState cause={loadable.cause} onRetry={onRetry} />);
  return children(loadable.data);
}
