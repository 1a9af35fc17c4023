import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultGranularity, presetRange } from '../../../../shared/date-ranges';
import { can } from '../../../../shared/permissions';
import { useAdAccountProps } from '../../../api/ad-account';
import { useCurrentStore } from '../../../api/current-store';
import { loadableOf } from '../../../api/loadable';
import { useStoreSync } from '../../../api/store-sync';
import { CAMPAIGNS_PATH, campaignDetailPath } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { LoadingScreen } from '../../../ui/loading-screen';
import { toaster } from '../../../ui/toaster';
import { useAcquisitionCost, useSetMarketingInvestment } from '../api/acquisition-cost';
import { useActiveCampaigns } from '../api/active-campaigns';
import { useStatsInRange, useStatsTable, useStatsTableXlsx, useStoreStats } from '../api/store-stats';
import { DashboardScreen } from '../screens/dashboard-screen';
import { WhatsappCampaignsSection, type WhatsappCampaignsSectionProps } from '../screens/whatsapp-campaigns-section';
import { browserToday } from './prefetch-dashboard';
import { TABLE_PAGE_SIZE, tablePageQueryOf, tableQueryOf, useDashboardAddress } from './use-dashboard-address';

export interface DashboardRouteProps {
  /**
   * The first-steps guide above the dashboard's sections (see DashboardScreen's `firstSteps`), given
   * the store's current year and a way to open its investment modal.
   */
  firstSteps?: (dashboard: { currentYear: number; openInvestment: () => void }, sections: ReactNode) => ReactNode;
  /**
   * The WhatsApp campaigns sending now, beside the ad ones: given how to draw them, the part that reads them
   * (nothing without a connected messaging app).
   */
  whatsappCampaigns?: (section: (props: Omit<WhatsappCampaignsSectionProps, 'linkComponent'>) => ReactNode) => ReactNode;
}

export function DashboardRoute({ firstSteps, whatsappCampaigns }: DashboardRouteProps = {}) {
  const { t } = useTranslation('toasts');
  const { t: tCommon } = useTranslation('common');
  const { role, storeId } = useCurrentStore();
  const stats = useStoreStats(storeId);
  // Already loaded by the store-ready gate: the header's sync line costs no request.
  const sync = useStoreSync(storeId);
  // The store's own calendar once known; the browser's until then.
  const today = stats.data?.asOf ?? browserToday();
  const address = useDashboardAddress(today);
  const { range, year, currentYear, dimension, page } = address;
  const inRange = useStatsInRange(storeId, address.query);
  const acquisition = useAcquisitionCost(storeId, year);
  const adAccount = useAdAccountProps(storeId);
  const tableQuery = tableQueryOf(address);
  const table = useStatsTable(storeId, tablePageQueryOf(address));
  const tableXlsx = useStatsTableXlsx(storeId);
  const setInvestment = useSetMarketingInvestment(storeId);
  const activeCampaigns = useActiveCampaigns(storeId);
  const [investmentOpen, setInvestmentOpen] = useState(false);
  // A cost that cannot be known without a year's investment opens the modal on that year.
  const openInvestment = (investmentYear: number) => {
    address.setYear(investmentYear);
    setInvestmentOpen(true);
  };

  // The figures, charts and tables are heavy to draw on a phone. Each answer or change first renders
  // the screen as it was (the same element: nothing to do), then the new one in the background, in
  // slices that let the browser paint and respond in between, instead of blocking it for a second.
  // The first one too: the page-loading screen stays until it is ready.
  return useDeferredValue(
    <DashboardScreen
      hasStore={storeId !== undefined}
      lastSyncedAt={sync.data?.lastSyncedAt}
      subscriptionSuccess={address.subscriptionSuccess}
      onSubscriptionMessageDismiss={address.dismissSubscriptionMessage}
      today={today}
      // A preset shows the days the server resolved it to, on the store's calendar.
      range={range.preset !== 'custom' && inRange.data?.preset === range.preset ? { ...range, range: inRange.data.range } : range}
      onRangeChange={address.setRange}
      onShowLast12Months={() => {
        const last12Months = presetRange('last12Months', today);
        address.setRange({ range: last12Months, preset: 'last12Months', granularity: defaultGranularity(last12Months) });
      }}
      comparison={address.comparison}
      onComparisonChange={address.setComparison}
      inRange={loadableOf(inRange)}
      onInRangeRetry={() => void inRange.refetch()}
      onSetInvestment={openInvestment}
      firstSteps={firstSteps && ((sections) => firstSteps({ currentYear, openInvestment: () => openInvestment(currentYear) }, sections))}
      acquisition={{
        year,
        currentYear,
        onYearChange: address.setYear,
        chart: loadableOf(acquisition),
        adAccountCurrency: adAccount.data?.currency ?? 'CLP',
        onRetry: () => void acquisition.refetch(),
        canEditInvestment: can(role, 'setMarketingInvestment'),
        onEditInvestment: () => setInvestmentOpen(true),
      }}
      investment={{
        open: investmentOpen,
        year,
        amount: acquisition.data?.investment ?? null,
        submitting: setInvestment.isPending,
        onOpenChange: setInvestmentOpen,
        onSave: (values) =>
          setInvestment.mutate(values, {
            onSuccess: () => {
              setInvestmentOpen(false);
              toaster.show({
                status: 'success',
                message: t('investmentUpdated', { year: values.year }),
              });
            },
            onError: () =>
              toaster.show({
                status: 'error',
                message: t('investmentUpdateFailed'),
              }),
          }),
      }}
      activeCampaigns={{
        campaigns: loadableOf(activeCampaigns),
        onRetry: () => void activeCampaigns.refetch(),
        campaignHref: campaignDetailPath,
        listHref: CAMPAIGNS_PATH,
        linkComponent: RouterLink,
      }}
      whatsappCampaigns={whatsappCampaigns?.((section) => <WhatsappCampaignsSection {...section} linkComponent={RouterLink} />)}
      overview={{
        stats: loadableOf(stats),
        onStatsRetry: () => void stats.refetch(),
        dimension,
        onDimensionChange: address.setDimension,
        page,
        pageSize: TABLE_PAGE_SIZE,
        onPageChange: address.setPage,
        table: loadableOf(table),
        onTableRetry: () => void table.refetch(),
        tableOrder: address.tableOrder,
        onTableOrderChange: address.setTableOrder,
        search: address.search,
        onSearchChange: address.setSearch,
        exporting: tableXlsx.isPending,
        onExport: () =>
          tableXlsx.mutate(tableQuery, {
            onError: () => toaster.show({ status: 'error', message: t('statsTableExportFailed') }),
          }),
        canEditInvestment: can(role, 'setMarketingInvestment'),
        onSetInvestment: openInvestment,
      }}
    />,
    <LoadingScreen layout="inline" label={tCommon('pageLoading')} />,
  );
}
