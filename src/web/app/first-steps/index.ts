import type { ComponentType } from 'react';
import type { FirstStepsPartProps } from '../../features/dashboard/routes';
import { lazyExport, type PagePart } from '../../lib/routes';
import { prefetchFirstSteps } from './step-queries';

/** The first-steps guide as the dashboard's part (app/features.ts hands it over): its code comes with the dashboard's. */
export const firstStepsPart: PagePart<ComponentType<FirstStepsPartProps>> = {
  ...lazyExport(() => import('./first-steps'), 'FirstSteps'),
  prefetch: (queryClient, { role, storeId }) => prefetchFirstSteps(queryClient, role, storeId),
};
