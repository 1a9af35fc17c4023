import type { ComponentType } from 'react';
import { ID_PARAM } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PagePart, type PageRoute, pageTexts } from '../../../lib/routes';
import type { DashboardWhatsappCampaignsProps } from './dashboard-campaigns';
import { CREATE_TEMPLATE_PATH, CREATE_WHATSAPP_CAMPAIGN_PATH, templatePath, WHATSAPP_PATH, whatsappCampaignPath } from './paths';
import { prefetchTemplate, prefetchWhatsapp, prefetchWhatsappCampaign, prefetchWhatsappCampaigns } from './prefetch-whatsapp';

// SPEC §2 names no text groups for the messaging pages; they load the groups named after them.
const page = { roles: ALL_ROLES } satisfies Partial<PageRoute>;

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
    {
      ...page,
      path: CREATE_WHATSAPP_CAMPAIGN_PATH,
      title: 'createWhatsappCampaign',
      namespaces: pageTexts('createWhatsappCampaign', 'templateDetail', 'createTemplate'),
      page: lazyExport(() => import('./campaign-form-route'), 'WhatsappCampaignFormRoute'),
    },
    {
      ...page,
      path: whatsappCampaignPath(ID_PARAM),
      title: 'whatsappCampaign',
      namespaces: pageTexts('whatsappCampaignDetail', 'templateDetail', 'whatsapp'),
      page: lazyExport(() => import('./campaign-detail-route'), 'WhatsappCampaignDetailRoute'),
      prefetch: (queryClient, { storeId, recordId }) => prefetchWhatsappCampaign(queryClient, storeId, recordId),
    },
  ],
};

/** The WhatsApp campaigns sending now, as the dashboard's part (app/features.ts hands it over). */
export const whatsappDashboardPart: PagePart<ComponentType<DashboardWhatsappCampaignsProps>> = {
  ...lazyExport(() => import('./dashboard-campaigns'), 'DashboardWhatsappCampaigns'),
  prefetch: (queryClient, { storeId }) => prefetchWhatsappCampaigns(queryClient, storeId),
};
