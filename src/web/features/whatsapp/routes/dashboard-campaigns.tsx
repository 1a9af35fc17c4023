import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentStore } from '../../../api/current-store';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { type WhatsappCampaignSummary, whatsappCampaignsQuery } from '../api/campaigns';
import { whatsappNotConnected } from '../api/not-connected';
import { WHATSAPP_PATH, whatsappCampaignPath } from './paths';

/** What the dashboard is given to show the WhatsApp campaigns sending now. */
export interface DashboardWhatsappCampaignsProps {
  children: (section: {
    campaigns: Loadable<WhatsappCampaignSummary[]>;
    onRetry: () => void;
    campaignHref: (campaignId: number) => string;
    listHref: string;
  }) => ReactNode;
}

/** Sending now: an automated campaign that is active, a unique one on its way out. */
const sendingNow = (campaign: WhatsappCampaignSummary) => campaign.status === 'active' || campaign.status === 'sending';

/**
 * The store's WhatsApp campaigns sending now, for the dashboard (issue 42 §4; app/features.ts hands it over), kept
 * current by the live channel. Without a connected messaging app there is nothing to show, and no error.
 */
export function DashboardWhatsappCampaigns({ children }: DashboardWhatsappCampaignsProps) {
  const { storeId } = useCurrentStore();
  // The page's prefetch has just asked (the answer often the page's own "not connected"): mounting asks no second time.
  const campaigns = useQuery({
    ...whatsappCampaignsQuery(storeId),
    retryOnMount: false,
    select: (list) => list.campaigns.filter(sendingNow),
  });
  if (whatsappNotConnected(campaigns.error)) return null;
  return children({
    campaigns: loadableOf(campaigns),
    onRetry: () => void campaigns.refetch(),
    campaignHref: whatsappCampaignPath,
    listHref: WHATSAPP_PATH,
  });
}
