import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { type Formattable, formatCount, formatDateTime, formatMoney, formatPercent, formatPeriod } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Card } from '../../../ui/card';
import type { ChartValueFormat } from '../../../ui/chart';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState, LoadErrorState } from '../../../ui/empty-state';
import { Kpi, type KpiState, kpiStateOf } from '../../../ui/kpi';
import { LazyChart } from '../../../ui/lazy-chart';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Spinner } from '../../../ui/spinner';

type AdCampaignInsights = components['schemas']['AdCampaignInsights'];
type AdCampaignMetrics = components['schemas']['AdCampaignMetrics'];
type AdCampaignKpis = components['schemas']['AdCampaignKpis'];
type AdInsights = components['schemas']['AdInsights'];

/** What the day-by-day chart shows. */
export type ReportMetric = 'reach' | 'results' | 'spend';

export const REPORT_METRICS: readonly ReportMetric[] = ['reach', 'results', 'spend'];

export interface CampaignDetailResultsProps {
  insights: Loadable<AdCampaignInsights>;
  onRetry: () => void;
  reportMetric: ReportMetric;
  onReportMetricChange: (metric: ReportMetric) => void;
}

const section = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
const sectionTitle = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const groupTitle = css({ textStyle: 'groupTitle', color: 'fg.default' });
const figures = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: '4' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const readLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
const adName = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '48' });
const adMedia = css({ fontSize: 'xs', color: 'fg.muted' });
const metricChoice = css({ alignSelf: 'flex-start' });

const roasFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });

/** Money charts in the account's currency: pesos and dollars have their own format, any other goes as a plain number. */
const chartMoneyFormat = (currency: string): ChartValueFormat => (currency === 'CLP' ? 'clp' : currency === 'USD' ? 'usd' : 'count');

type MetricKey = keyof AdCampaignMetrics;
type KpiKey = keyof AdCampaignKpis;

/** One part of the results under its title. */
function ResultsSection({
  id,
  title,
  titleClass = sectionTitle,
  children,
}: {
  id: string;
  title: string;
  titleClass?: string;
  children: ReactNode;
}) {
  return (
    <section className={section} aria-labelledby={id}>
      <h2 id={id} className={titleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A figure's texts and its state. */
interface Figure {
  key: string;
  label: string;
  help: string;
  state: KpiState;
}

function Figures({ items, onRetry }: { items: readonly Figure[]; onRetry: () => void }) {
  return (
    <div className={figures}>
      {items.map(({ key, ...figure }) => (
        <Kpi key={key} {...figure} onRetry={onRetry} />
      ))}
    </div>
  );
}

/** The campaign's results as last read from Meta, with the store's own orders: figures, day-by-day report and ads. */
export function CampaignDetailResults({ insights, onRetry, reportMetric, onReportMetricChange }: CampaignDetailResultsProps) {
  const { t } = useTranslation('campaignDetail');
  const data = insights.status === 'success' ? insights.data : null;
  const currency = data?.currency ?? 'CLP';
  const money = (value: Formattable) => formatMoney(value, currency);

  const metricFormats: Record<MetricKey, (metrics: AdCampaignMetrics) => string> = {
    income: (metrics) => money(metrics.income),
    orders: (metrics) => formatCount(metrics.orders),
    averageOrderValue: (metrics) => money(metrics.averageOrderValue),
    conversionRate: (metrics) => formatPercent(metrics.conversionRate),
    acquisitionCost: (metrics) => money(metrics.acquisitionCost),
    campaignCost: (metrics) => money(metrics.campaignCost),
  };
  const kpiFormats: Record<KpiKey, (kpis: AdCampaignKpis) => string> = {
    roas: (kpis) => (kpis.roas === null ? formatCount(null) : t('kpis.roas.value', { value: roasFormat.format(kpis.roas) })),
    ctr: (kpis) => formatPercent(kpis.ctr),
    cpm: (kpis) => money(kpis.cpm),
  };

  const status = data?.refreshing ? (
    <p className={readLine} role="status">
      <Spinner size="sm" />
      <span>{t('results.refreshing')}</span>
    </p>
  ) : data?.readAt ? (
    <p className={readLine}>{t('results.readAt', { date: formatDateTime(data.readAt) })}</p>
  ) : null;

  // Before Meta's first read there is nothing to show but what is coming.
  if (data && data.readAt === null)
    return (
      <ResultsSection id="campaign-results-title" title={t('metrics.title')}>
        {status}
        <Card as="div">
          <EmptyState title={t('results.noData.title')} description={t('results.noData.description')} />
        </Card>
      </ResultsSection>
    );

  // Not a LoadableView: while loading, the sections below draw their own placeholders (each figure's, the
  // report's, the ads table's), so only a failure replaces them.
  if (insights.status === 'error')
    return (
      <ResultsSection id="campaign-results-title" title={t('metrics.title')}>
        <Card as="div">
          <LoadErrorState cause={insights.cause} onRetry={onRetry} />
        </Card>
      </ResultsSection>
    );

  const adColumns: DataTableColumn<AdInsights>[] = [
    {
      key: 'ad',
      header: t('ads.ad'),
      cell: (ad) => (
        <span className={adName}>
          <span>{ad.name}</span>
          <span className={adMedia}>
            {ad.media.map((media) => t('media.file', { name: media.name, kind: t(`media.${media.kind}`) })).join(' · ')}
          </span>
        </span>
      ),
    },
    { key: 'impressions', header: t('ads.impressions'), align: 'end', cell: (ad) => formatCount(ad.impressions) },
    { key: 'reach', header: t('ads.reach'), align: 'end', cell: (ad) => formatCount(ad.reach) },
    { key: 'clicks', header: t('ads.clicks'), align: 'end', cell: (ad) => formatCount(ad.clicks) },
    { key: 'spend', header: t('ads.spend'), align: 'end', cell: (ad) => money(ad.spend) },
    { key: 'ctr', header: t('ads.ctr'), align: 'end', cell: (ad) => formatPercent(ad.ctr) },
  ];
  const report = data?.report ?? [];
  const reportLabel = t(`report.${reportMetric}`);

  return (
    <>
      <ResultsSection id="campaign-results-title" title={t('metrics.title')}>
        {status}
        <p className={note}>{t('results.attribution')}</p>
        <Figures
          items={(Object.keys(metricFormats) as MetricKey[]).map((key) => ({
            key,
            label: t(`metrics.${key}.label`),
            help: t(`metrics.${key}.help`),
            state: kpiStateOf(insights, (read) => metricFormats[key](read.metrics)),
          }))}
          onRetry={onRetry}
        />
      </ResultsSection>
      <ResultsSection id="campaign-kpis-title" title={t('kpis.title')}>
        <Figures
          items={(Object.keys(kpiFormats) as KpiKey[]).map((key) => ({
            key,
            label: t(`kpis.${key}.label`),
            help: t(`kpis.${key}.help`),
            state: kpiStateOf(insights, (read) => kpiFormats[key](read.kpis)),
          }))}
          onRetry={onRetry}
        />
      </ResultsSection>
      <ResultsSection id="campaign-report-title" title={t('report.title')}>
        <div className={metricChoice}>
          <SegmentedControl
            label={t('report.metricLabel')}
            options={REPORT_METRICS.map((value) => ({ value, label: t(`report.${value}`) }))}
            value={reportMetric}
            onValueChange={onReportMetricChange}
          />
        </div>
        <LazyChart
          kind={reportMetric === 'results' ? 'bar' : 'line'}
          title={reportLabel}
          description={t(`report.description.${reportMetric}`)}
          status={data ? 'ready' : 'loading'}
          series={[
            {
              id: reportMetric,
              label: reportLabel,
              points: report.map((day) => ({ x: formatPeriod(day.date, 'day'), y: day[reportMetric] })),
            },
          ]}
          valueFormat={reportMetric === 'spend' ? chartMoneyFormat(currency) : 'count'}
          xLabel={t('report.day')}
          emptyState={{ title: t('report.empty') }}
        />
      </ResultsSection>
      <ResultsSection id="campaign-ads-title" title={t('ads.title')} titleClass={groupTitle}>
        <DataTable
          caption={t('ads.caption')}
          columns={adColumns}
          rows={data?.ads ?? []}
          rowKey={(ad) => ad.id}
          status={data ? 'ready' : 'loading'}
          loadingRows={2}
          empty={{ title: t('ads.emptyTitle'), description: t('ads.emptyDescription') }}
        />
      </ResultsSection>
    </>
  );
}
