import type { operations } from '../../../shared/api/app.gen.ts';
import type { MetaAccess } from '../../platform/connections/meta-connection.ts';
import type { ServerFeature } from '../../platform/feature.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { emailMarketingState } from './email-marketing/handlers.ts';
import { messagingState } from './messaging/handlers.ts';
import { socialAdsState } from './social-ads/handlers.ts';
import { storeIntegrationState } from './store/handlers.ts';

type OverviewOperations = Pick<operations, 'getIntegrations'>;

/** The Integrations page: each integration's card, as its own folder states it. */
export const overviewHandlers = (meta: MetaAccess): Handlers<OverviewOperations> => ({
  async getIntegrations(context) {
    const { storeId } = inStore(context);
    return {
      status: 200,
      body: {
        store: await storeIntegrationState(context.db, storeId),
        socialAds: await socialAdsState(context.db, storeId),
        messaging: await messagingState(context.db, meta, storeId),
        emailMarketing: await emailMarketingState(context.db, storeId),
      },
    };
  },
});

/** The overview as a part of the feature: the messaging card reads what Meta says of its number. */
export const integrationsOverview: ServerFeature = {
  name: 'integrations/overview',
  start: ({ meta }) => ({ app: overviewHandlers(meta) }),
};
