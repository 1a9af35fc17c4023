import { ID_PARAM } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, pageTexts } from '../../../lib/routes';
import { CREATE_TEMPLATE_PATH, CREATE_WHATSAPP_CAMPAIGN_PATH, templatePath, WHATSAPP_PATH, whatsappCampaignPath } from './paths';

// SPEC §2 names no text groups for the messaging pages; they load the groups named after them.
const page = {
  roles: ALL_ROLES,
  namespaces: pageTexts('whatsappCampaignDetail', 'templateDetail'),
  // Not built yet: each page says so.
  page: lazyExport(() => import('../../../ui/under-construction'), 'UnderConstruction'),
} satisfies Partial<PageRoute>;

/** WhatsApp's templates and campaigns (SPEC §2 WhatsApp). */
export const whatsappRoutes: FeatureRoutes = {
  dataSection: WHATSAPP_PATH,
  routes: [
    { ...page, path: WHATSAPP_PATH, title: 'whatsapp' },
    { ...page, path: CREATE_TEMPLATE_PATH, title: 'createTemplate' },
    { ...page, path: templatePath(ID_PARAM), title: 'template' },
    { ...page, path: CREATE_WHATSAPP_CAMPAIGN_PATH, title: 'createWhatsappCampaign' },
    { ...page, path: whatsappCampaignPath(ID_PARAM), title: 'whatsappCampaign' },
  ],
};
