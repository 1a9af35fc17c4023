import { accountRoutes } from '../features/account/routes';
import { adCampaignsRoutes } from '../features/ad-campaigns/routes';
import { chatRoutes } from '../features/chat/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { legalRoutes } from '../features/legal/routes';
import { segmentsRoutes } from '../features/segments/routes';
import { sessionRoutes } from '../features/session/routes';
import { teamStoreTab } from '../features/team/routes';
import { whatsappDashboardPart, whatsappRoutes } from '../features/whatsapp/routes';
import type { FeatureRoutes } from '../lib/routes';
import { firstStepsPart } from './first-steps';

/**
 * Every web feature's pages (its routes/index.ts), one line each, in the order the router tries
 * them. Where a page shows a part of another feature or of the app, it is handed over here: features
 * never import each other.
 */
export const FEATURES: readonly FeatureRoutes[] = [
  dashboardRoutes({ firstSteps: firstStepsPart, whatsappCampaigns: whatsappDashboardPart }),
  segmentsRoutes,
  adCampaignsRoutes,
  whatsappRoutes,
  chatRoutes,
  accountRoutes({ storeTab: teamStoreTab }),
  integrationsRoutes,
  sessionRoutes,
  legalRoutes,
];
