import { lazy, Suspense } from 'react';
import type { ToasterProps } from './toast';

// No toast shows on a page's first paint, so the region's code (Ark's toast machine) loads after it.
const Toaster = lazy(() => import('./toast').then((module) => ({ default: module.Toaster })));

export function LazyToaster(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
