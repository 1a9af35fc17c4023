import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import type { operations } from '../../../shared/api/backend.gen.ts';
import { bucketStarts, defaultGranularity, presetRange, rangeLength, type DateRange } from '../../../shared/date-ranges.ts';
import { inStore, type Handlers } from '../../platform/api.ts';
import { errors } from '../../platform/errors.ts';
import { acquisitionCostChart, saveInvestment, statsInRange, storeCalendar, storeStats } from './stats.ts';
import { statsTablePage } from './stats-table.ts';

type DashboardOperations = Pick<operations, 'getStoreStats' | 'getStoreStatsInRange' | 'getStoreStatsTable'>;
type InvestmentOperations = Pick<AppOperations, 'setMarketingInvestment' | 'getAcquisitionCostChart'>;

/** A series longer than this is refused: the chart and its table show at most this many points. */
export const MAX_RANGE_POINTS = 400;

const GRANULARITY_NAMES = { day: 'días', week: 'semanas', month: 'meses', year: 'años' } as const;

export const dashboardHandlers: Handlers<DashboardOperations> = {
  async getStoreStats(context) {
    return { status: 200, body: await storeStats(context.db, inStore(context).storeId) };
  },

  async getStoreStatsInRange(context) {
    const { storeId } = inStore(context);
    const { preset, from, to } = context.query;
    const { today, currency } = await storeCalendar(context.db, storeId);
    if (preset && (from || to)) throw errors.invalidRequest([{ field: 'preset', message: 'Elige un rango predefinido o fechas propias, no ambos.' }]);
    if (!preset && (from || to) && !(from && to)) throw errors.invalidRequest([{ field: from ? 'to' : 'from', message: 'Este campo es obligatorio.' }]);
    if (from && to && from > to) throw errors.invalidRequest([{ field: 'to', message: 'La fecha de término no puede ser anterior a la de inicio.' }]);
    const range: DateRange = from && to ? { from, to } : presetRange(preset ?? 'last30Days', today);
    const granularity = context.query.granularity ?? defaultGranularity(range);
    if (bucketCount(range, granularity) > MAX_RANGE_POINTS)
      throw errors.invalidRequest([
        { field: 'granularity', message: `El rango es demasiado largo para verlo por ${GRANULARITY_NAMES[granularity]}: el informe muestra como máximo ${MAX_RANGE_POINTS} resultados.` },
      ]);
    const result = await statsInRange(context.db, storeId, range, granularity);
    return { status: 200, body: { range, preset: from && to ? null : (preset ?? 'last30Days'), granularity, currency, ...result } };
  },

  async getStoreStatsTable(context) {
    const { dimension, page = 1, pageSize = 10 } = context.query;
    return { status: 200, body: await statsTablePage(context.db, inStore(context).storeId, dimension, page, pageSize) };
  },
};

/** Buckets a range touches, counted without listing them (a custom range may span centuries). */
function bucketCount(range: DateRange, granularity: keyof typeof GRANULARITY_NAMES): number {
  const days = rangeLength(range);
  const approximate = { day: days, week: days / 7, month: days / 28, year: days / 365 }[granularity];
  return approximate > MAX_RANGE_POINTS + 2 ? approximate : bucketStarts(range, granularity).length;
}

export const investmentHandlers: Handlers<InvestmentOperations> = {
  async setMarketingInvestment(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: await saveInvestment(context.db, storeId, context.body.year, context.body.amount) };
  },

  async getAcquisitionCostChart(context) {
    const { storeId } = inStore(context);
    const { today, currency } = await storeCalendar(context.db, storeId);
    const year = context.query.year ?? Number(today.slice(0, 4));
    return { status: 200, body: { ...(await acquisitionCostChart(context.db, storeId, year, today)), currency } };
  },
};
