import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/browser-timing';
import type { ToasterProps } from './toast';
import { toaster as appToaster } from './toaster';

const Toaster = lazy(() => import('./toast').then((module) => ({ default: module.Toaster })));

/**
 * How long after the page's load the region waits before loading: the page's first requests and
 * draws come first (a phone on a slow network is usually still busy with them at `load`).
 */
const AFTER_LOAD_MS = 2000;

/** Runs `callback` a while after the page has loaded, when the browser is idle; returns a cancel. */
function whenIdleAfterLoad(callback: () => void): () => void {
  let cancelIdle = () => {};
  let delay: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    delay = setTimeout(() => {
      cancelIdle = whenIdle(callback, 2000);
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(delay);
    cancelIdle();
  };
}

/**
 * The toast region. No toast shows on a page's first paint, so its code (Ark's toast machine) loads
 * only when the first toast is asked for, or a while after the page has loaded, when the browser is
 * idle (so F8 finds the region, and a toast shown offline later has its code at hand): it does not
 * compete with what the page shows first. Toasts asked for before it arrives wait in the store.
 */
export function LazyToaster(props: ToasterProps) {
  const store = (props.toaster ?? appToaster).store;
  const [needed, setNeeded] = useState(() => store.getCount() > 0);
  useEffect(() => {
    if (needed) return;
    const need = () => setNeeded(true);
    const unsubscribe = store.subscribe(need);
    const cancelIdle = whenIdleAfterLoad(need);
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [store, needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
