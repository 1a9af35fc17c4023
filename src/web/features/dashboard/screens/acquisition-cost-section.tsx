import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { CALENDAR_YEARS } from '../../../../shared/date-rules';
import { formatClp, formatCount, formatMoney, formatPeriod } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Button, IconButton } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { Icon } from '../../../ui/icons';
import { LazyChart } from '../../../ui/lazy-chart';
import { LoadableView } from '../../../ui/loadable-view';
import { layout } from './layout';

type AcquisitionCostChart = components['schemas']['AcquisitionCostChart'];
type AcquisitionCostMonth = components['schemas']['AcquisitionCostMonth'];

export interface AcquisitionCostSectionProps {
  year: number;
  /** The store's current year: the latest one to look at. */
  currentYear: number;
  onYearChange: (year: number) => void;
  chart: Loadable<AcquisitionCostChart>;
  /** The Meta ad account's currency (`getMetaAdAccountProps`), the one of each month's Meta spend; CLP while unknown. */
  adAccountCurrency: string;
  onRetry: () => void;
  /** Collaborators see the investment but cannot change it. */
  canEditInvestment: boolean;
  onEditInvestment: () => void;
}

const controls = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const yearStepper = css({ display: 'flex', alignItems: 'center', gap: '1' });
const yearText = css({ minW: '12', textAlign: 'center', fontWeight: 'semibold', color: 'fg.default', fontVariantNumeric: 'tabular-nums' });

/**
 * Acquisition cost month by month for a year: the chart, the same figures as a table, and the investment behind them,
 * with what the store's Meta campaigns spent each month beside it.
 */
export function AcquisitionCostSection({
  year,
  currentYear,
  onYearChange,
  chart,
  adAccountCurrency,
  onRetry,
  canEditInvestment,
  onEditInvestment,
}: AcquisitionCostSectionProps) {
  const { t } = useTranslation('dashboard');
  const data = chart.status === 'success' ? chart.data : null;
  // The current month runs to today: its row says so, as its point in the chart does.
  const monthLabel = (month: AcquisitionCostMonth) => {
    const label = formatPeriod(`${month.month}-01`, 'month');
    return month.partial ? t('acquisition.partialMonth', { month: label }) : label;
  };
  const columns: DataTableColumn<AcquisitionCostMonth>[] = [
    { key: 'month', header: t('acquisition.table.month'), cell: monthLabel },
    {
      key: 'investment',
      header: t('acquisition.table.investment'),
      align: 'end',
      cell: (month) => formatClp(month.investment),
    },
    {
      // Beside the investment, not part of it: the costs stay the investment's.
      key: 'adSpend',
      header: t('acquisition.table.adSpend'),
      align: 'end',
      cell: (month) => formatMoney(month.adSpend, adAccountCurrency),
    },
    {
      key: 'newCustomers',
      header: t('acquisition.table.newCustomers'),
      align: 'end',
      cell: (month) => formatCount(month.newCustomers),
    },
    {
      key: 'orders',
      header: t('acquisition.table.orders'),
      align: 'end',
      cell: (month) => formatCount(month.orders),
    },
    {
      key: 'costPerCustomer',
      header: t('acquisition.table.costPerCustomer'),
      align: 'end',
      cell: (month) => formatClp(month.costPerCustomer),
    },
    {
      key: 'costPerOrder',
      header: t('acquisition.table.costPerOrder'),
      align: 'end',
      cell: (month) => formatClp(month.costPerOrder),
    },
  ];

  const loadedBody = (loaded: AcquisitionCostChart) => {
    if (loaded.investment === null)
      return (
        <Card as="div">
          <EmptyState
            title={t('acquisition.noInvestmentTitle', { year })}
            description={canEditInvestment ? t('acquisition.noInvestmentDescription') : t('acquisition.noInvestmentReadOnly')}
            action={canEditInvestment ? <Button onClick={onEditInvestment}>{t('acquisition.set')}</Button> : undefined}
          />
        </Card>
      );
    const points = (read: (month: AcquisitionCostMonth) => number | null) =>
      // The chart is one year, named above it: its months go without the year.
      loaded.months.map((month) => ({ x: formatPeriod(`${month.month}-01`, 'monthOfYear'), y: read(month), partial: month.partial }));
    return (
      <>
        <LazyChart
          kind="line"
          title={t('acquisition.chartTitle')}
          description={t('acquisition.chartDescription')}
          series={[
            {
              id: 'costPerCustomer',
              label: t('acquisition.series.costPerCustomer'),
              points: points((month) => month.costPerCustomer),
            },
            {
              id: 'costPerOrder',
              label: t('acquisition.series.costPerOrder'),
              points: points((month) => month.costPerOrder),
            },
          ]}
          valueFormat="clp"
          xLabel={t('acquisition.table.month')}
          emptyState={{
            title: t('acquisition.chartEmptyTitle', { year }),
            description: t('acquisition.chartEmptyDescription'),
          }}
        />
        <DataTable
          caption={t('acquisition.table.caption', { year })}
          columns={columns}
          rows={loaded.months}
          rowKey={(month) => month.month}
        />
        <p className={layout.note}>{t('acquisition.adSpendNote')}</p>
      </>
    );
  };
  const body = (
    <LoadableView
      loadable={chart}
      loading={
        <DataTable
          caption={t('acquisition.table.caption', { year })}
          columns={columns}
          rows={[]}
          rowKey={(month) => month.month}
          status="loading"
        />
      }
      onRetry={onRetry}
      error={(failed) => <Card as="div">{failed}</Card>}
    >
      {loadedBody}
    </LoadableView>
  );

  return (
    <section className={layout.section} aria-labelledby="acquisition-cost-title">
      <header className={layout.header}>
        <div className={layout.heading}>
          <h2 id="acquisition-cost-title" className={layout.title}>
            {t('acquisition.title')}
          </h2>
          {data && data.investment !== null ? (
            <p className={layout.note}>
              {t('acquisition.investmentOf', {
                year,
                amount: formatClp(data.investment),
              })}
            </p>
          ) : null}
        </div>
        <div className={controls}>
          <div className={yearStepper} role="group" aria-label={t('acquisition.yearLabel')}>
            <IconButton
              aria-label={t('acquisition.previousYear')}
              disabled={year <= CALENDAR_YEARS.first}
              onClick={() => onYearChange(year - 1)}
            >
              <Icon name="chevronLeft" />
            </IconButton>
            <span className={yearText} aria-live="polite">
              {year}
            </span>
            <IconButton aria-label={t('acquisition.nextYear')} disabled={year >= currentYear} onClick={() => onYearChange(year + 1)}>
              <Icon name="chevronRight" />
            </IconButton>
          </div>
          {canEditInvestment && data?.investment !== null ? (
            <Button variant="outline" onClick={onEditInvestment} disabled={!data}>
              {t('acquisition.update')}
            </Button>
          ) : null}
        </div>
      </header>
      {body}
    </section>
  );
}
