import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/backend.gen';
import { COMPARISONS, type Comparison, type DateRange, type IsoDate, presetRange } from '../../../../shared/date-ranges';
import { FIRST_CALENDAR_DAY } from '../../../../shared/date-rules';
import type { Loadable } from '../../../api/loadable';
import { Banner } from '../../../ui/banner';
import type { DateRangeValue } from '../../../ui/date-range-picker';
import { preloadKpiHelp } from '../../../ui/kpi';
import { preloadChart } from '../../../ui/lazy-chart';
import { LazyDateRangePicker } from '../../../ui/lazy-date-range-picker';
import { PageHeader } from '../../../ui/page-header';
import { preloadable } from '../../../ui/preloadable';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Skeleton } from '../../../ui/skeleton';
import { Staged } from '../../../ui/staged';
import type { AcquisitionCostSectionProps } from './acquisition-cost-section';
import { ActiveCampaignsSection, type ActiveCampaignsSectionProps } from './active-campaigns-section';
import type { InvestmentDialogProps } from './investment-dialog';
import { layout } from './layout';
import { RangeFigures } from './range-figures';
import type { StoreOverviewProps } from './store-overview';
import { SyncLine } from './sync-line';

type StatsInRange = components['schemas']['StatsInRange'];

// The key indicators come first; the sections below them (tables, tabs) load right after, and the
// modal with its form validation only when the merchant opens it.
const AcquisitionCostSection = preloadable(
  () => import('./acquisition-cost-section'),
  (module) => module.AcquisitionCostSection,
);
const StoreOverview = preloadable(
  () => import('./store-overview'),
  (module) => module.StoreOverview,
);
const InvestmentDialog = lazy(() => import('./investment-dialog').then((module) => ({ default: module.InvestmentDialog })));

/**
 * Fetches the code of the sections and parts that load after the page's own (the figures' charts and
 * help, acquisition cost, the store's overview) all at once, so that they do not wait for each other
 * in turn; and only once the top of the page is on screen, so that on a slow network they do not
 * hold it back.
 */
function preloadDashboardSections(): void {
  AcquisitionCostSection.preload();
  StoreOverview.preload();
  preloadChart();
  preloadKpiHelp();
}

const controls = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' });

/** Whether `range` already holds every day of `other`. */
const covers = (range: DateRange, other: DateRange) => range.from <= other.from && range.to >= other.to;

const sectionLoading = (
  <div aria-busy="true">
    <Skeleton shape="block" />
  </div>
);

export interface DashboardScreenProps {
  /** False when the user has no store yet: nothing to measure. */
  hasStore: boolean;
  /** Back from checkout with a subscription that just started. */
  subscriptionSuccess: boolean;
  onSubscriptionMessageDismiss: () => void;
  /** The store's today: presets count from it. */
  today: IsoDate;
  range: DateRangeValue;
  onRangeChange: (value: DateRangeValue) => void;
  /** From a range without sales: the last 12 months instead (offered only where they could show some). */
  onShowLast12Months: () => void;
  comparison: Comparison;
  onComparisonChange: (value: Comparison) => void;
  inRange: Loadable<StatsInRange>;
  onInRangeRetry: () => void;
  /** Opens the investment modal on a year (from a cost that cannot be known without it). */
  onSetInvestment: (year: number) => void;
  acquisition: AcquisitionCostSectionProps;
  investment: InvestmentDialogProps;
  overview: StoreOverviewProps;
  /** The active ad campaigns and how each is doing. */
  activeCampaigns: ActiveCampaignsSectionProps;
  /** The WhatsApp campaigns sending now, below the ad ones (a `WhatsappCampaignsSection`); none without a connected app. */
  whatsappCampaigns?: ReactNode;
  /** When the store's data last came in ("Última sincronización hace N min"); undefined while unknown. */
  lastSyncedAt?: string | null;
  /**
   * Wraps the sections under the sync line: puts the guide to the first things to do above them and
   * holds them back until it knows whether it shows, so that nothing on screen moves when it appears.
   */
  firstSteps?: (sections: ReactNode) => ReactNode;
}

/** The dashboard of SPEC §2: the range's key indicators, acquisition cost, active campaigns and the store's overview. */
export function DashboardScreen(props: DashboardScreenProps) {
  const { t } = useTranslation('dashboard');
  const { hasStore, subscriptionSuccess, onSubscriptionMessageDismiss, today, range, onRangeChange } = props;
  // The last 12 months are offered only to a store known to have sold (all time), on a shorter range:
  // anywhere else they would be as empty as the range shown.
  const stats = props.overview.stats;
  const totalOrders = stats.status === 'success' ? stats.data.totalOrders : null;
  const offerLast12Months = totalOrders !== null && totalOrders > 0 && !covers(range.range, presetRange('last12Months', today));
  const sections = hasStore ? (
    <Staged onStart={preloadDashboardSections}>
      <RangeFigures
        inRange={props.inRange}
        onRetry={props.onInRangeRetry}
        canEditInvestment={props.acquisition.canEditInvestment}
        onSetInvestment={props.onSetInvestment}
        neverSold={totalOrders === 0}
        onShowLast12Months={offerLast12Months ? props.onShowLast12Months : undefined}
      />
      <Suspense fallback={sectionLoading}>
        <AcquisitionCostSection {...props.acquisition} />
      </Suspense>
      <ActiveCampaignsSection {...props.activeCampaigns} />
      {props.whatsappCampaigns}
      <Suspense fallback={sectionLoading}>
        <StoreOverview {...props.overview} />
      </Suspense>
    </Staged>
  ) : null;
  // The modal is not a section drawn in turn below the others: it opens as soon as it is asked for.
  const investmentDialog = props.investment.open ? (
    <Suspense fallback={null}>
      <InvestmentDialog {...props.investment} />
    </Suspense>
  ) : null;
  return (
    <div className={layout.page}>
      {subscriptionSuccess ? <Banner tone="success" message={t('subscriptionSuccess')} onDismiss={onSubscriptionMessageDismiss} /> : null}
      <PageHeader
        title={t('title')}
        description={hasStore ? t('subtitle') : t('noStore')}
        actions={
          hasStore ? (
            <div className={controls}>
              <LazyDateRangePicker
                label={t('rangeLabel')}
                value={range}
                onValueChange={onRangeChange}
                today={today}
                min={FIRST_CALENDAR_DAY}
              />
              <SegmentedControl
                label={t('comparison.label')}
                options={COMPARISONS.map((value) => ({ value, label: t(`comparison.${value}`) }))}
                value={props.comparison}
                onValueChange={props.onComparisonChange}
              />
            </div>
          ) : null
        }
      />
      {hasStore ? (
        <>
          <SyncLine lastSyncedAt={props.lastSyncedAt} />
          {props.firstSteps ? props.firstSteps(sections) : sections}
          {investmentDialog}
        </>
      ) : null}
    </div>
  );
}
