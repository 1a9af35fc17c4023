import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from './toast';
import { toaster as appToaster } from './toaster';

const Toaster = lazy(() => import('./toast').then((module) => ({ default: module.Toaster })));

/** Runs `callback` once the page has loaded and the browser has a moment free; returns a cancel. */
function whenIdleAfterLoad(callback: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    // Safari has no idle callback: the next turn of the event loop instead.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * The toast region. No toast shows on a page's first paint, so its code (Ark's toast machine) loads
 * only when the first toast is asked for, or once the page has loaded and the browser is idle (so F8
 * finds the region): it never competes with what the page shows first. Toasts asked for before it
 * arrives wait in the store.
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
