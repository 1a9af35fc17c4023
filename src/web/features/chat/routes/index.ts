import { ALL_ROLES, type FeatureRoutes, lazyExport, pageTexts } from '../../../lib/routes';
import { CHAT_PATH } from './paths';

/** The chat inbox (SPEC §2 Chat). */
export const chatRoutes: FeatureRoutes = {
  dataSection: CHAT_PATH,
  routes: [
    {
      path: CHAT_PATH,
      title: 'chat',
      roles: ALL_ROLES,
      namespaces: pageTexts('chat', 'whatsappCampaignDetail', 'templateDetail'),
      // Not built yet: the page says so.
      page: lazyExport(() => import('../../../ui/under-construction'), 'UnderConstruction'),
    },
  ],
};
