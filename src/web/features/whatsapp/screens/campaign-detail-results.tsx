import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatClp, formatCount, formatPercent } from '../../../../shared/format';
import { WHATSAPP_ATTRIBUTION_DAYS } from '../../../../shared/whatsapp-campaigns';
import { Card } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Kpi } from '../../../ui/kpi';

type WhatsappCampaign = components['schemas']['WhatsappCampaign'];
type WhatsappCampaignMetrics = components['schemas']['WhatsappCampaignMetrics'];
type WhatsappCampaignButtonClicks = components['schemas']['WhatsappCampaignButtonClicks'];

const section = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });
const sectionTitle = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const note = css({ textStyle: 'note', color: 'fg.muted', m: '0' });
const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))', gap: '4' });
const pair = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '6',
  alignItems: 'start',
});
const funnelList = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const funnelStep = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const funnelLine = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm', color: 'fg.default' });
const funnelFigure = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const funnelShare = css({ color: 'fg.muted' });
const funnelTrack = css({ display: 'block', h: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' });
const funnelBar = css({ display: 'block', h: 'full', borderRadius: 'full', bg: 'accent.default', w: 'var(--share)' });

/** SPEC §3's figures in the order the merchant reads them, each with how it is counted. */
const METRICS = [
  ['messagesSent', formatCount],
  ['messagesDelivered', formatCount],
  ['messagesRead', formatCount],
  ['totalClicks', formatCount],
  ['associatedPurchases', formatCount],
  ['associatedPurchasesTotal', formatClp],
  ['repliedMessages', formatCount],
  ['messagesFailed', formatCount],
] as const satisfies readonly (readonly [keyof WhatsappCampaignMetrics, (value: number) => string])[];

type FunnelStep = 'recipients' | 'sent' | 'delivered' | 'read' | 'clicked' | 'purchased';

/** Each step of the funnel and its count, from the recipients to the purchases. */
export function funnelSteps(metrics: WhatsappCampaignMetrics): { step: FunnelStep; count: number; share: number | null }[] {
  const counts: [FunnelStep, number][] = [
    ['recipients', metrics.recipients],
    ['sent', metrics.messagesSent],
    ['delivered', metrics.messagesDelivered],
    ['read', metrics.messagesRead],
    ['clicked', metrics.totalClicks],
    ['purchased', metrics.associatedPurchases],
  ];
  // Shares of the recipients; capped at the whole, since clicks count taps and one person may tap twice.
  return counts.map(([step, count]) => ({
    step,
    count,
    share: metrics.recipients > 0 ? Math.min(1, count / metrics.recipients) : null,
  }));
}

function Funnel({ metrics }: { metrics: WhatsappCampaignMetrics }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const steps = funnelSteps(metrics);
  return (
    <Card title={t('funnel.title')} titleId="whatsapp-campaign-funnel" description={t('funnel.description')}>
      {metrics.recipients === 0 ? (
        <p className={note}>{t('funnel.empty')}</p>
      ) : (
        // A list of words and numbers: the bars only draw what the text already says.
        <ol className={funnelList} aria-labelledby="whatsapp-campaign-funnel">
          {steps.map(({ step, count, share }) => (
            <li key={step} className={funnelStep}>
              <span className={funnelLine}>
                <span>{t(`funnel.${step}`)}</span>
                <span className={funnelFigure}>
                  {formatCount(count)} <span className={funnelShare}>· {formatPercent(share)}</span>
                </span>
              </span>
              <span className={funnelTrack} aria-hidden="true">
                <span className={funnelBar} style={{ '--share': `${(share ?? 0) * 100}%` } as CSSProperties} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ClicksByButton({ clicks }: { clicks: readonly WhatsappCampaignButtonClicks[] }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const total = clicks.reduce((sum, button) => sum + button.clicks, 0);
  const columns: DataTableColumn<WhatsappCampaignButtonClicks>[] = [
    { key: 'button', header: t('clicks.button'), cell: (button) => button.text },
    { key: 'type', header: t('clicks.type'), cell: (button) => t(`buttonType.${button.type}`) },
    { key: 'clicks', header: t('clicks.clicks'), align: 'end', cell: (button) => formatCount(button.clicks) },
    {
      key: 'share',
      header: t('clicks.share'),
      align: 'end',
      cell: (button) => formatPercent(total > 0 ? button.clicks / total : null),
    },
  ];
  return (
    <Card title={t('clicks.title')}>
      <DataTable
        caption={t('clicks.caption')}
        columns={columns}
        rows={clicks}
        rowKey={(button) => String(button.index)}
        empty={{ title: t('clicks.emptyTitle'), description: t('clicks.emptyDescription') }}
      />
    </Card>
  );
}

/** SPEC §2 messaging campaign detail: the general metrics with how each is counted, the funnel and the clicks by button. */
export function CampaignDetailResults({ campaign }: { campaign: WhatsappCampaign }) {
  const { t } = useTranslation('whatsappCampaignDetail');
  const days = WHATSAPP_ATTRIBUTION_DAYS;
  return (
    <>
      <section className={section} aria-labelledby="whatsapp-campaign-metrics">
        <h2 id="whatsapp-campaign-metrics" className={sectionTitle}>
          {t('metrics.title')}
        </h2>
        <p className={note}>{t('metrics.attribution', { days })}</p>
        <div className={figures}>
          {METRICS.map(([key, format]) => (
            <Kpi
              key={key}
              label={t(`metrics.${key}.label`)}
              help={t(`metrics.${key}.help`, { days })}
              state={{ status: 'success', value: format(campaign.metrics[key]) }}
            />
          ))}
        </div>
      </section>
      <div className={pair}>
        <Funnel metrics={campaign.metrics} />
        <ClicksByButton clicks={campaign.clicksByButton} />
      </div>
    </>
  );
}
