import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/backend.gen';
import { type Formattable, formatClp, formatCount, formatDateRange, formatPercentage, formatPeriod } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Kpi, type KpiState } from '../../../ui/kpi';
import { LazyChart } from '../../../ui/lazy-chart';
import { layout } from './layout';

type StatsInRange = components['schemas']['StatsInRange'];
type RangeTotals = components['schemas']['RangeTotals'];

export interface RangeFiguresProps {
  inRange: Loadable<StatsInRange>;
  onRetry: () => void;
}

type IndicatorKey = 'income' | 'orders' | 'retentionRate' | 'newCustomersRate' | 'costPerCustomer' | 'costPerOrder';

interface Indicator {
  key: IndicatorKey;
  read: (totals: RangeTotals) => number | null;
  format: (value: Formattable) => string;
  lowerIsBetter?: boolean;
  needsInvestment?: boolean;
}

/** The key indicators of SPEC §1, in the order a merchant reads them: sales, loyalty, cost. */
const INDICATORS: readonly Indicator[] = [
  { key: 'income', read: (totals) => totals.income, format: formatClp },
  { key: 'orders', read: (totals) => totals.orders, format: formatCount },
  {
    key: 'retentionRate',
    read: (totals) => totals.retentionRate,
    format: formatPercentage,
  },
  {
    key: 'newCustomersRate',
    read: (totals) => totals.newCustomersRate,
    format: formatPercentage,
  },
  {
    key: 'costPerCustomer',
    read: (totals) => totals.acquisitionCostPerCustomer,
    format: formatClp,
    lowerIsBetter: true,
    needsInvestment: true,
  },
  {
    key: 'costPerOrder',
    read: (totals) => totals.acquisitionCostPerOrder,
    format: formatClp,
    lowerIsBetter: true,
    needsInvestment: true,
  },
];

/** Relative change against the previous period; nothing to compare when either side is unknown or zero. */
function changeRatio(current: number | null, previous: number | null): number | null {
  return current === null || previous === null || previous === 0 ? null : (current - previous) / previous;
}

const charts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
});

/** The selected range's key indicators against the period before, and its series. */
export function RangeFigures({ inRange, onRetry }: RangeFiguresProps) {
  const { t } = useTranslation('dashboard');
  const data = inRange.status === 'success' ? inRange.data : null;
  const chartStatus = inRange.status === 'success' ? 'ready' : inRange.status;
  const granularity = data?.granularity ?? 'day';
  const noSales = data !== null && data.totals.orders === 0;
  // A range without sales reads as empty, not as a flat line at zero.
  const points = (read: (point: StatsInRange['series'][number]) => number) =>
    (data?.series ?? []).map((point) => ({
      x: formatPeriod(point.period, granularity),
      y: noSales ? null : read(point),
    }));
  const description = data ? `${formatDateRange(data.range.from, data.range.to)} · ${t(`series.by.${granularity}`)}` : undefined;
  const empty = {
    title: t('series.emptyTitle'),
    description: t('series.emptyDescription'),
  };

  return (
    <section className={layout.section} aria-labelledby="range-figures-title">
      <h2 id="range-figures-title" className={layout.title}>
        {t('indicators.title')}
      </h2>
      <div className={layout.figures}>
        {INDICATORS.map((indicator) => {
          const current = data ? indicator.read(data.totals) : null;
          const state: KpiState = data
            ? { status: 'success', value: indicator.format(current) }
            : inRange.status === 'error'
              ? { status: 'error' }
              : { status: 'loading' };
          const withoutInvestment = indicator.needsInvestment && data?.totals.investment === 0;
          return (
            <Kpi
              key={indicator.key}
              label={t(`indicators.${indicator.key}.label`)}
              state={state}
              onRetry={onRetry}
              help={
                withoutInvestment
                  ? `${t(`indicators.${indicator.key}.help`)} ${t('indicators.noInvestment')}`
                  : t(`indicators.${indicator.key}.help`)
              }
              change={
                data
                  ? {
                      ratio: changeRatio(current, indicator.read(data.previous)),
                      lowerIsBetter: indicator.lowerIsBetter ?? false,
                    }
                  : undefined
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
            {
              id: 'income',
              label: t('series.income.label'),
              points: points((point) => point.income),
            },
          ]}
          valueFormat="clp"
          xLabel={t(`series.axis.${granularity}`)}
          status={chartStatus}
          onRetry={onRetry}
          emptyState={empty}
        />
        <LazyChart
          kind="bar"
          title={t('series.orders.title')}
          description={description}
          series={[
            {
              id: 'orders',
              label: t('series.orders.orders'),
              points: points((point) => point.orders),
            },
            {
              id: 'returningOrders',
              label: t('series.orders.returningOrders'),
              points: points((point) => point.returningOrders),
            },
            {
              id: 'newCustomers',
              label: t('series.orders.newCustomers'),
              points: points((point) => point.newCustomers),
            },
          ]}
          valueFormat="count"
          xLabel={t(`series.axis.${granularity}`)}
          status={chartStatus}
          onRetry={onRetry}
          emptyState={empty}
        />
      </div>
    </section>
  );
}
