import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the code now, so the first render finds it; a failure is left to that render. */
  preload: () => void;
};

/**
 * `React.lazy` of the component `pick` takes from the module `load` brings, whose code a page can also
 * ask for before it renders, alongside its data.
 */
export function preloadable<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): PreloadableComponent<P> {
  const Component = lazy(() => load().then((module) => ({ default: pick(module) })));
  return Object.assign(Component, { preload: () => void load().catch(() => undefined) });
}
