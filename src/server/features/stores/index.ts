import type { ServerFeature } from '../../platform/feature.ts';
import { storeHandlers } from './handlers.ts';

/** The signed-in user, the stores they may open, the one they work in, and its live stream. */
export const storesFeature: ServerFeature = {
  name: 'stores',
  start: () => ({ app: storeHandlers }),
};
