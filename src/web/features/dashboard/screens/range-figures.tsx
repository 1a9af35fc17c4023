import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/backend.gen';
import { type Formattable, formatClp, formatCount, formatDateRange, formatPercentage, formatPeriod } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Button } from '../../../ui/button';
import type { ChartSeries } from '../../../ui/chart';
import { Kpi, type KpiChange, kpiStateOf } from '../../../ui/kpi';
import { LazyChart } from '../../../ui/lazy-chart';
import { layout } from './layout';
import { MissingInvestmentNote } from './missing-investment-note';

type StatsInRange = components['schemas']['StatsInRange'];
type RangeTotals = components['schemas']['RangeTotals'];
type StatsPoint = components['schemas']['StatsPoint'];

export interface RangeFiguresProps {
  inRange: Loadable<StatsInRange>;
  onRetry: () => void;
  /** Collaborators see why a cost is unknown, but cannot set the investment. */
  canEditInvestment: boolean;
  onSetInvestment: (year: number) => void;
  /** The store has never sold (its all-time figures say so): empty charts say what they will show once it does. */
  neverSold?: boolean;
  /** Empty charts offer the last 12 months; absent where those would be empty too. */
  onShowLast12Months?: (() => void) | undefined;
}

type IndicatorKey = 'income' | 'orders' | 'retentionRate' | 'newCustomersRate' | 'costPerCustomer' | 'costPerOrder';

interface Indicator {
  key: IndicatorKey;
  read: (totals: RangeTotals) => number | null;
  format: (value: Formattable) => string;
  /** Rates change in percentage points; amounts and counts relative to themselves. */
  change: 'points' | 'ratio';
  lowerIsBetter?: boolean;
  needsInvestment?: boolean;
}

/** The key indicators of SPEC §1, in the order a merchant reads them: sales, loyalty, cost. */
const INDICATORS: readonly Indicator[] = [
  { key: 'income', read: (totals) => totals.income, format: formatClp, change: 'ratio' },
  { key: 'orders', read: (totals) => totals.orders, format: formatCount, change: 'ratio' },
  { key: 'retentionRate', read: (totals) => totals.retentionRate, format: formatPercentage, change: 'points' },
  { key: 'newCustomersRate', read: (totals) => totals.newCustomersRate, format: formatPercentage, change: 'points' },
  {
    key: 'costPerCustomer',
    read: (totals) => totals.acquisitionCostPerCustomer,
    format: formatClp,
    change: 'ratio',
    lowerIsBetter: true,
    needsInvestment: true,
  },
  {
    key: 'costPerOrder',
    read: (totals) => totals.acquisitionCostPerOrder,
    format: formatClp,
    change: 'ratio',
    lowerIsBetter: true,
    needsInvestment: true,
  },
];

/** The change against the comparison period; nothing to compare when either side is unknown (or zero, for a relative change). */
function changeOf(indicator: Indicator, current: number | null, previous: number | null, against: string): KpiChange {
  const lowerIsBetter = indicator.lowerIsBetter ?? false;
  if (indicator.change === 'points')
    return { points: current === null || previous === null ? null : current - previous, lowerIsBetter, against };
  return {
    ratio: current === null || previous === null || previous === 0 ? null : (current - previous) / previous,
    lowerIsBetter,
    against,
  };
}

const charts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
});

/** The selected range's key indicators against the comparison period, and both series. */
export function RangeFigures({
  inRange,
  onRetry,
  canEditInvestment,
  onSetInvestment,
  neverSold = false,
  onShowLast12Months,
}: RangeFiguresProps) {
  const { t } = useTranslation('dashboard');
  const data = inRange.status === 'success' ? inRange.data : null;
  const chartStatus = inRange.status === 'success' ? 'ready' : inRange.status;
  const errorCause = inRange.status === 'error' ? inRange.cause : undefined;
  const granularity = data?.granularity ?? 'day';
  const comparison = data?.comparison ?? 'previousPeriod';
  const noSales = data !== null && data.totals.orders === 0 && data.previous.orders === 0;
  // A range without sales reads as empty, not as a flat line at zero.
  const pointsOf = (series: readonly StatsPoint[], read: (point: StatsPoint) => number) =>
    series.map((point) => ({ x: formatPeriod(point.period, granularity), y: noSales ? null : read(point), partial: point.partial }));
  const current = (id: string, label: string, read: (point: StatsPoint) => number): ChartSeries => ({
    id,
    label,
    points: pointsOf(data?.series ?? [], read),
  });
  // The comparison period's points sit beside the range's by position; each keeps its own date.
  const compared = (id: string, read: (point: StatsPoint) => number): ChartSeries => ({
    id,
    label: t(`series.comparison.${comparison}`),
    variant: 'comparison',
    points: pointsOf(data?.previousSeries ?? [], read).map((point, index) => ({
      ...point,
      label: data?.previousSeries[index] ? formatPeriod(data.previousSeries[index].period, granularity) : undefined,
    })),
  });
  const description = data ? `${formatDateRange(data.range.from, data.range.to)} · ${t(`series.by.${granularity}`)}` : undefined;
  const empty = neverSold
    ? { title: t('series.neverSoldTitle'), description: t('series.neverSoldDescription') }
    : {
        title: t('series.emptyTitle'),
        description: t('series.emptyDescription'),
        action: onShowLast12Months ? <Button onClick={onShowLast12Months}>{t('series.showLast12Months')}</Button> : undefined,
      };
  const against = t(`indicators.against.${comparison}`);

  return (
    <section className={layout.section} aria-labelledby="range-figures-title">
      <div className={layout.heading}>
        <h2 id="range-figures-title" className={layout.title}>
          {t('indicators.title')}
        </h2>
        {data ? (
          <p className={layout.note}>
            {t(`indicators.comparedWith.${comparison}`, { range: formatDateRange(data.previousRange.from, data.previousRange.to) })}
          </p>
        ) : null}
      </div>
      <div className={layout.figures}>
        {INDICATORS.map((indicator) => {
          const value = data ? indicator.read(data.totals) : null;
          const missingYears = indicator.needsInvestment ? (data?.totals.missingInvestmentYears ?? []) : [];
          return (
            <Kpi
              key={indicator.key}
              label={t(`indicators.${indicator.key}.label`)}
              state={kpiStateOf(inRange, (range) => indicator.format(indicator.read(range.totals)))}
              onRetry={onRetry}
              help={t(`indicators.${indicator.key}.help`, {
                prior: data ? formatDateRange(data.totals.priorRange.from, data.totals.priorRange.to) : '',
              })}
              change={data ? changeOf(indicator, value, indicator.read(data.previous), against) : undefined}
              note={
                missingYears.length > 0 ? (
                  <MissingInvestmentNote years={missingYears} canEdit={canEditInvestment} onSet={onSetInvestment} />
                ) : undefined
              }
            />
          );
        })}
      </div>
      <div className={charts}>
        <LazyChart
          kind="line"
          title={t('series.income.title')}
          description={description}
          series={[
            current('income', t('series.income.label'), (point) => point.income),
            compared('previousIncome', (point) => point.income),
          ]}
          valueFormat="clp"
          xLabel={t(`series.axis.${granularity}`)}
          status={chartStatus}
          errorCause={errorCause}
          onRetry={onRetry}
          emptyState={empty}
        />
        <LazyChart
          kind="bar"
          stacked
          title={t('series.orders.title')}
          description={description}
          series={[
            current('newCustomers', t('series.orders.newCustomers'), (point) => point.newCustomers),
            current('returningOrders', t('series.orders.returningOrders'), (point) => point.returningOrders),
            current('guestOrders', t('series.orders.guestOrders'), (point) => point.orders - point.newCustomers - point.returningOrders),
            compared('previousOrders', (point) => point.orders),
          ]}
          valueFormat="count"
          xLabel={t(`series.axis.${granularity}`)}
          status={chartStatus}
          errorCause={errorCause}
          onRetry={onRetry}
          emptyState={empty}
        />
      </div>
    </section>
  );
}
