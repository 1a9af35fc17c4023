import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { CAMPAIGNS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { type AdCampaign, useAdCampaign, useAdCampaignInsights } from '../api/campaigns';
import { CampaignDetailScreen, type ReportMetric } from '../screens/campaign-detail-screen';
import { useCampaignActions } from './campaigns-route';
import { campaignEditPath } from './paths';

export function CampaignDetailRoute() {
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const { id } = useParams();
  const campaignId = Number(id);
  const validId = Number.isInteger(campaignId) && campaignId > 0;
  const campaign = useAdCampaign(validId ? storeId : undefined, validId ? campaignId : 0);
  const insights = useAdCampaignInsights(storeId, campaignId, validId && campaign.isSuccess);
  const [reportMetric, setReportMetric] = useState<ReportMetric>('reach');
  const actions = useCampaignActions({ onDeleted: () => void navigate(CAMPAIGNS_PATH, { replace: true }) });

  const loaded = loadableOf(campaign);
  const notFound = !validId || (campaign.error instanceof ApiError && campaign.error.status === 404);
  const item: Loadable<AdCampaign | null> = notFound ? { status: 'success', data: null } : loaded;
  const data = campaign.data;

  return (
    <CampaignDetailScreen
      campaign={item}
      onRetry={() => void campaign.refetch()}
      results={{
        insights: loadableOf(insights),
        onRetry: () => void insights.refetch(),
        reportMetric,
        onReportMetricChange: setReportMetric,
      }}
      listHref={CAMPAIGNS_PATH}
      editHref={campaignEditPath(campaignId)}
      activating={actions.activating.includes(campaignId)}
      onAction={(action) => {
        if (data) actions.act(data, action);
      }}
      budget={actions.budget}
      deletion={actions.deletion}
      linkComponent={RouterLink}
    />
  );
}
