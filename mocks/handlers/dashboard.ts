import { delay, HttpResponse } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import type { components } from '../../src/shared/api/backend.gen';
import { activeCampaignsPerformance, adAccountProps } from '../fixtures/ad-campaigns';
import {
  acquisitionCostFixture,
  filteredStatsTableRows,
  INVESTMENTS,
  STORE_TODAY,
  statsInRangeFixture,
  statsTablePage,
  storeStats,
} from '../fixtures/dashboard';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';
import { storeSyncAnswer } from './integrations';
import { type MockState, mockState } from './mock-state';

type StoreStats = components['schemas']['StoreStats'];
type AdCampaignsPerformance = App['schemas']['AdCampaignsPerformance'];

const fails = () => Response.json(serverError, { status: 500 });

export const storeStatsAnswer = (stats: StoreStats = storeStats) =>
  backendHttp.get('/stores/{id}/stats', ({ response }) => response(200).json(stats));

export const storeStatsFails = () => backendHttp.get('/stores/{id}/stats', ({ response }) => response.untyped(fails()));

export interface DashboardStoreOptions {
  /** A store that has not sold yet. */
  empty?: boolean;
  /** The yearly investments already set; `{}` for none. */
  investments?: Record<number, number>;
  /** The active ad campaigns; two running by default. */
  activeCampaigns?: AdCampaignsPerformance;
}

/** The investments a store's answers read at each call: those saved through `investableStore`, or those it started with. */
interface InvestmentSource extends DashboardStoreOptions {
  saved?: MockState<Record<number, number>>;
}
const investmentsOf = ({ saved, investments = INVESTMENTS }: InvestmentSource) => saved?.current ?? investments;

/** Any range and granularity, answered from the fixtures' store day by day. */
export const statsInRangeAnswer = ({ empty = false, ...source }: InvestmentSource = {}) =>
  backendHttp.get('/stores/{id}/statsInRange', ({ query, response }) => {
    const from = query.get('from');
    const to = query.get('to');
    const granularity = query.get('granularity') ?? undefined;
    const comparison = query.get('comparison') ?? undefined;
    return response(200).json(
      statsInRangeFixture({
        preset: from && to ? null : (query.get('preset') ?? 'last30Days'),
        ...(from && to ? { range: { from, to } } : {}),
        ...(granularity ? { granularity } : {}),
        ...(comparison ? { comparison } : {}),
        empty,
        investments: investmentsOf(source),
      }),
    );
  });

export const statsInRangeFails = () => backendHttp.get('/stores/{id}/statsInRange', ({ response }) => response.untyped(fails()));

export const statsTableAnswer = ({ empty = false }: { empty?: boolean } = {}) =>
  backendHttp.get('/stores/{id}/stats/table', ({ query, response }) =>
    response(200).json(
      statsTablePage(query.get('dimension') ?? 'products', Number(query.get('page') ?? 1), Number(query.get('pageSize') ?? 10), {
        empty,
        sort: query.get('sort') ?? undefined,
        order: query.get('order') ?? undefined,
        q: query.get('q') ?? undefined,
      }),
    ),
  );

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The export's file: its rows as text stand in for the workbook (the screen only saves what arrives, and
 * Storybook need not load SheetJS); `pending` never answers, so the button stays busy.
 */
export const statsTableXlsxAnswer = ({ pending = false }: { pending?: boolean } = {}) =>
  backendHttp.get('/stores/{id}/stats/table/xlsx', async ({ query }) => {
    if (pending) await delay('infinite');
    const dimension = query.get('dimension') ?? 'products';
    const rows = filteredStatsTableRows(dimension, {
      sort: query.get('sort') ?? undefined,
      order: query.get('order') ?? undefined,
      q: query.get('q') ?? undefined,
    });
    return new HttpResponse(rows.map((row) => [row.key, row.customers, row.orders, row.income].join('\t')).join('\n'), {
      headers: { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename="recompra-${dimension}-${STORE_TODAY}.xlsx"` },
    });
  });

export const statsTableXlsxFails = () => backendHttp.get('/stores/{id}/stats/table/xlsx', ({ response }) => response.untyped(fails()));

export const statsTableFails = () => backendHttp.get('/stores/{id}/stats/table', ({ response }) => response.untyped(fails()));

export const acquisitionCostAnswer = ({ empty = false, ...source }: InvestmentSource = {}) =>
  appHttp.get('/private/stores/{id}/stats/charts/acquisitionCost', ({ query, response }) =>
    response(200).json(
      acquisitionCostFixture(Number(query.get('year') ?? STORE_TODAY.slice(0, 4)), { empty, investments: investmentsOf(source) }),
    ),
  );

export const acquisitionCostFails = () =>
  appHttp.get('/private/stores/{id}/stats/charts/acquisitionCost', ({ response }) => response.untyped(fails()));

/**
 * A store whose investment can be set: saving changes what the chart and the indicators answer next,
 * as the server does.
 */
export function investableStore(options: DashboardStoreOptions = {}) {
  const saved = mockState(() => ({ ...(options.investments ?? INVESTMENTS) }));
  return [
    appHttp.post('/private/stores/{id}/monthlyInversion', async ({ request, response }) => {
      const body = await request.json();
      saved.current[body.year] = body.amount;
      return response(200).json({
        ...body,
        updatedAt: `${STORE_TODAY}T12:00:00.000Z`,
      });
    }),
    statsInRangeAnswer({ ...options, saved }),
    acquisitionCostAnswer({ ...options, saved }),
  ];
}

export const setInvestmentFails = () => appHttp.post('/private/stores/{id}/monthlyInversion', ({ response }) => response.untyped(fails()));

/** The "Campañas activas" section: the store's active ad campaigns with their figures. */
export const activeCampaignsAnswer = (performance: AdCampaignsPerformance = activeCampaignsPerformance) =>
  appHttp.get('/private/stores/{id}/adCampaigns/performance', ({ response }) => response(200).json(performance));

export const activeCampaignsFails = () =>
  appHttp.get('/private/stores/{id}/adCampaigns/performance', ({ response }) => response.untyped(fails()));

export const activeCampaignsNeverAnswer = () =>
  appHttp.get('/private/stores/{id}/adCampaigns/performance', async ({ response }) => {
    await delay('infinite');
    return response(200).json(activeCampaignsPerformance);
  });

/** The ad account's currency, the one of each month's Meta spend in the acquisition cost table. */
export const adAccountAnswer = (props = adAccountProps) =>
  backendHttp.get('/stores/{id}/metaAdAccountProps', ({ response }) => response(200).json(props));

/** A store whose every dashboard call answers. */
export const dashboardStore = (options: DashboardStoreOptions = {}) => [
  // The page's "Última sincronización…" line.
  storeSyncAnswer(),
  activeCampaignsAnswer(options.activeCampaigns),
  adAccountAnswer(),
  storeStatsAnswer(),
  statsTableAnswer({ empty: options.empty ?? false }),
  statsTableXlsxAnswer(),
  ...investableStore(options),
];

export const dashboardHandlers = dashboardStore();
