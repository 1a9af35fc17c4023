import type { operations } from '../../../shared/api/backend.gen.ts';
import { inStore, type Handlers } from '../../platform/api.ts';
import { storeStats } from './stats.ts';

type DashboardOperations = Pick<operations, 'getStoreStats'>;

export const dashboardHandlers: Handlers<DashboardOperations> = {
  async getStoreStats(context) {
    return { status: 200, body: await storeStats(context.db, inStore(context).storeId) };
  },
};
