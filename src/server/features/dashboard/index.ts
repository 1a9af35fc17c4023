import type { ServerFeature } from '../../platform/feature.ts';
import { dashboardHandlers, investmentHandlers } from './handlers.ts';
import { dashboardMetricsSubscriber } from './rebuild.ts';

/** The store's figures and charts, kept as rollups by its subscriber, and the marketing investment (SPEC §2 Dashboard). */
export const dashboardFeature: ServerFeature = {
  name: 'dashboard',
  subscribers: (events) => [dashboardMetricsSubscriber(events)],
  start: () => ({ app: investmentHandlers, backend: dashboardHandlers }),
};
