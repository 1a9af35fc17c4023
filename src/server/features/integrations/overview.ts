import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { emailMarketingState } from './email-marketing/handlers.ts';
import { socialAdsState } from './social-ads/handlers.ts';
import { storeIntegrationState } from './store/handlers.ts';

type OverviewOperations = Pick<operations, 'getIntegrations'>;

/** The Integrations page: each integration's card, as its own folder states it. */
export const overviewHandlers: Handlers<OverviewOperations> = {
  async getIntegrations(context) {
    const { storeId } = inStore(context);
    return {
      status: 200,
      body: {
        store: await storeIntegrationState(context.db, storeId),
        socialAds: await socialAdsState(context.db, storeId),
        // The messaging integration comes with its own form; until then it is not connected.
        messaging: { state: 'notConnected' },
        emailMarketing: await emailMarketingState(context.db, storeId),
      },
    };
  },
};
