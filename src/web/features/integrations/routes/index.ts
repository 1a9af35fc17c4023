import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { type FeatureRoutes, lazyExport, pageTexts } from '../../../lib/routes';

/** Connecting the store, Meta and Klaviyo (SPEC §2 Integrations): not for a colaborator. */
export const integrationsRoutes: FeatureRoutes = {
  routes: [
    {
      path: INTEGRATIONS_PATH,
      title: 'integrations',
      roles: ['recompraAdmin', 'admin', 'user'],
      namespaces: pageTexts('integrations', 'onboarding'),
      page: lazyExport(() => import('./integrations-route'), 'IntegrationsRoute'),
    },
  ],
};
