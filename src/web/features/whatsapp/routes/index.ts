import { ID_PARAM } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, pageTexts } from '../../../lib/routes';
import { CREATE_TEMPLATE_PATH, CREATE_WHATSAPP_CAMPAIGN_PATH, templatePath, WHATSAPP_PATH, whatsappCampaignPath } from './paths';
import { prefetchTemplate, prefetchWhatsapp } from './prefetch-whatsapp';

// SPEC §2 names no text groups for the messaging pages; they load the groups named after them.
const page = { roles: ALL_ROLES } satisfies Partial<PageRoute>;

const campaignPage = {
  ...page,
  namespaces: pageTexts('whatsappCampaignDetail', 'templateDetail'),
  // Not built yet: each page says so.
  page: lazyExport(() => import('../../../ui/under-construction'), 'UnderConstruction'),
} satisfies Partial<PageRoute>;

/** WhatsApp's templates and campaigns (SPEC §2 WhatsApp). */
export const whatsappRoutes: FeatureRoutes = {
  dataSection: WHATSAPP_PATH,
  routes: [
    {
      ...page,
      path: WHATSAPP_PATH,
      title: 'whatsapp',
      namespaces: pageTexts('whatsapp', 'templateDetail'),
      page: lazyExport(() => import('./whatsapp-route'), 'WhatsappRoute'),
      prefetch: (queryClient, { storeId }) => prefetchWhatsapp(queryClient, storeId),
    },
    {
      ...page,
      path: CREATE_TEMPLATE_PATH,
      title: 'createTemplate',
      namespaces: pageTexts('createTemplate', 'templateDetail'),
      page: lazyExport(() => import('./template-form-route'), 'TemplateFormRoute'),
    },
    {
      ...page,
      path: templatePath(ID_PARAM),
      title: 'template',
      // The detail, or its form when the address asks to edit it (`templateEditPath`).
      namespaces: pageTexts('templateDetail', 'createTemplate'),
      page: lazyExport(() => import('./template-detail-route'), 'TemplateDetailRoute'),
      prefetch: (queryClient, { storeId, recordId }) => prefetchTemplate(queryClient, storeId, recordId),
    },
    { ...campaignPage, path: CREATE_WHATSAPP_CAMPAIGN_PATH, title: 'createWhatsappCampaign' },
    { ...campaignPage, path: whatsappCampaignPath(ID_PARAM), title: 'whatsappCampaign' },
  ],
};
