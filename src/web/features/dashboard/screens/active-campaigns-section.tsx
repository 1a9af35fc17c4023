import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatMoney } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { SkeletonGroup } from '../../../ui/skeleton';
import { layout } from './layout';

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
const campaignLink = css({
  color: 'accent.text',
  fontWeight: 'medium',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
});
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderRadius: 'lg',
  minWidth: '0',
});
const name = css({ textStyle: 'groupTitle', overflowWrap: 'anywhere' });
const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', m: '0' });
const figure = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
const figureLabel = css({ fontSize: 'xs', color: 'fg.muted' });
const figureValue = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', fontVariantNumeric: 'tabular-nums', m: '0' });
const allLink = css({ fontSize: 'sm', fontWeight: 'medium', color: 'accent.text', textDecoration: 'underline' });

/** The dashboard's active ad campaigns: what each has spent and reached, the income it brought and its ROAS. */
export function ActiveCampaignsSection({
  campaigns,
  onRetry,
  campaignHref,
  listHref,
  linkComponent: Link = PlainLink,
}: ActiveCampaignsSectionProps) {
  const { t } = useTranslation('dashboard');
  const currency = campaigns.status === 'success' ? campaigns.data.currency : 'CLP';
  const roasOf = (campaign: AdCampaignPerformance) =>
    campaign.roas === null ? formatCount(null) : t('activeCampaigns.roas', { value: roasFormat.format(campaign.roas) });

  const activeList = (active: AdCampaignPerformance[]) =>
    active.length === 0 ? (
      <Card as="div">
        <EmptyState title={t('activeCampaigns.emptyTitle')} description={t('activeCampaigns.emptyDescription')} />
      </Card>
    ) : (
      <ul className={grid}>
        {active.map((campaign) => (
          <li key={campaign.id} className={card}>
            <h3 className={name}>
              <Link href={campaignHref(campaign.id)} className={campaignLink}>
                {campaign.name}
              </Link>
            </h3>
            <dl className={figures}>
              {(
                [
                  ['spend', formatMoney(campaign.spend, currency)],
                  ['reach', formatCount(campaign.reach)],
                  ['income', formatMoney(campaign.income, currency)],
                  ['roas', roasOf(campaign)],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className={figure}>
                  <dt className={figureLabel}>{t(`activeCampaigns.figures.${key}`)}</dt>
                  <dd className={figureValue}>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );

  const body = (
    <LoadableView
      loadable={campaigns}
      loading={<SkeletonGroup className={grid} items={[{ shape: 'block' }, { shape: 'block' }]} />}
      onRetry={onRetry}
      error={(failed) => <Card as="div">{failed}</Card>}
    >
      {(performance) => activeList(performance.campaigns)}
    </LoadableView>
  );

  return (
    <section className={layout.section} aria-labelledby="active-campaigns-title">
      <header className={layout.header}>
        <div className={layout.heading}>
          <h2 id="active-campaigns-title" className={layout.title}>
            {t('activeCampaigns.title')}
          </h2>
          <p className={layout.note}>{t('activeCampaigns.note')}</p>
        </div>
        <Link href={listHref} className={allLink}>
          {t('activeCampaigns.all')}
        </Link>
      </header>
      {body}
    </section>
  );
}
