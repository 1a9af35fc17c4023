import { CAMPAIGNS_PATH, CREATE_CAMPAIGN_PATH, campaignDetailPath, ID_PARAM } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, type Prefetch, pageTexts } from '../../../lib/routes';
import { campaignEditPath } from './paths';
import { prefetchCampaignForm } from './prefetch-campaigns';

// SPEC §2 names no text groups for the campaign pages; they load the groups named after them (the
// wizard's, createCampaign, as the segment form's is createSegment).
const page = { roles: ALL_ROLES, namespaces: pageTexts('campaigns', 'campaignDetail', 'createCampaign') } satisfies Partial<PageRoute>;

const form = lazyExport(() => import('./campaign-form-route'), 'CampaignFormRoute');
const prefetchForm: Prefetch = (queryClient, { storeId, recordId }) => {
  if (recordId === null) prefetchCampaignForm(queryClient, storeId);
};

/** The ad campaigns' pages (SPEC §2 Campaigns). */
export const adCampaignsRoutes: FeatureRoutes = {
  dataSection: CAMPAIGNS_PATH,
  routes: [
    { ...page, path: CAMPAIGNS_PATH, title: 'campaigns', page: lazyExport(() => import('./campaigns-route'), 'CampaignsRoute') },
    { ...page, path: CREATE_CAMPAIGN_PATH, title: 'createCampaign', page: form, prefetch: prefetchForm },
    {
      ...page,
      path: campaignDetailPath(ID_PARAM),
      title: 'campaign',
      page: lazyExport(() => import('./campaign-detail-route'), 'CampaignDetailRoute'),
    },
    // Not in SPEC §2's table: the wizard edits a campaign at its own address, as the segment form does.
    { ...page, path: campaignEditPath(ID_PARAM), title: 'editCampaign', page: form, prefetch: prefetchForm },
  ],
};
