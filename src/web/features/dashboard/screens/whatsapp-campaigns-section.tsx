import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { StatusBadge } from '../../../ui/badge';
import type { LinkComponent } from '../../../ui/link';
import { type CampaignCard, CampaignsSection } from './campaign-cards';

export type WhatsappCampaignSummary = components['schemas']['WhatsappCampaignSummary'];

export interface WhatsappCampaignsSectionProps {
  /** The store's WhatsApp campaigns that send now (active or sending). */
  campaigns: Loadable<WhatsappCampaignSummary[]>;
  onRetry: () => void;
  /** A campaign's detail page. */
  campaignHref: (campaignId: number) => string;
  /** The WhatsApp page, with every campaign. */
  listHref: string;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent | undefined;
}

/** The dashboard's WhatsApp campaigns sending now (issue 42 §4), beside the ad ones: messages sent, delivered and read. */
export function WhatsappCampaignsSection({ campaigns, onRetry, campaignHref, listHref, linkComponent }: WhatsappCampaignsSectionProps) {
  const { t } = useTranslation('dashboard');
  const cards: Loadable<CampaignCard[]> =
    campaigns.status === 'success'
      ? {
          status: 'success',
          data: campaigns.data.map((campaign) => ({
            id: campaign.id,
            name: campaign.name,
            href: campaignHref(campaign.id),
            badge: <StatusBadge kind="messagingCampaign" status={campaign.status} />,
            figures: [
              [t('whatsappCampaigns.figures.sent'), formatCount(campaign.metrics.messagesSent)],
              [t('whatsappCampaigns.figures.delivered'), formatCount(campaign.metrics.messagesDelivered)],
              [t('whatsappCampaigns.figures.read'), formatCount(campaign.metrics.messagesRead)],
            ],
          })),
        }
      : campaigns;
  return (
    <CampaignsSection
      id="whatsapp-campaigns-title"
      texts={t('whatsappCampaigns', { returnObjects: true })}
      cards={cards}
      onRetry={onRetry}
      listHref={listHref}
      columns={3}
      linkComponent={linkComponent}
    />
  );
}
