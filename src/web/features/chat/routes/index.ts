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
      page: lazyExport(() => import('./chat-route'), 'ChatRoute'),
    },
  ],
};
