import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatMoney } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import type { LinkComponent } from '../../../ui/link';
import { type CampaignCard, CampaignsSection } from './campaign-cards';

type AdCampaignsPerformance = components['schemas']['AdCampaignsPerformance'];
type AdCampaignPerformance = components['schemas']['AdCampaignPerformance'];

export interface ActiveCampaignsSectionProps {
  campaigns: Loadable<AdCampaignsPerformance>;
  onRetry: () => void;
  /** A campaign's detail page. */
  campaignHref: (campaignId: number) => string;
  /** Every campaign (the list). */
  listHref: string;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

const roasFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });

/** The dashboard's active ad campaigns: what each has spent and reached, the income it brought and its ROAS. */
export function ActiveCampaignsSection({ campaigns, onRetry, campaignHref, listHref, linkComponent }: ActiveCampaignsSectionProps) {
  const { t } = useTranslation('dashboard');
  const currency = campaigns.status === 'success' ? campaigns.data.currency : 'CLP';
  const roasOf = (campaign: AdCampaignPerformance) =>
    campaign.roas === null ? formatCount(null) : t('activeCampaigns.roas', { value: roasFormat.format(campaign.roas) });

  const cards: Loadable<CampaignCard[]> =
    campaigns.status === 'success'
      ? {
          status: 'success',
          data: campaigns.data.campaigns.map((campaign) => ({
            id: campaign.id,
            name: campaign.name,
            href: campaignHref(campaign.id),
            figures: [
              [t('activeCampaigns.figures.spend'), formatMoney(campaign.spend, currency)],
              [t('activeCampaigns.figures.reach'), formatCount(campaign.reach)],
              [t('activeCampaigns.figures.income'), formatMoney(campaign.income, currency)],
              [t('activeCampaigns.figures.roas'), roasOf(campaign)],
            ],
          })),
        }
      : campaigns;

  return (
    <CampaignsSection
      id="active-campaigns-title"
      texts={t('activeCampaigns', { returnObjects: true })}
      cards={cards}
      onRetry={onRetry}
      listHref={listHref}
      columns={2}
      linkComponent={linkComponent}
    />
  );
}
