import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import type { operations } from '../../../shared/api/backend.gen.ts';
import { bucketStarts, type DateRange, defaultGranularity, presetRange, rangeLength } from '../../../shared/date-ranges.ts';
import { xlsxDownload } from '../../platform/files/xlsx.ts';
import { type Handlers, inStore, preSerialised, type Services } from '../../platform/http/api.ts';
import { errors } from '../../platform/http/errors.ts';
import type { StoreAccess } from '../../platform/security/tenancy.ts';
import { calendarOf, type StoreCalendar } from '../../platform/store-data/store-calendar.ts';
import { answerCacheOf } from './answer-cache.ts';
import type { StatsTableQuery } from './repository.ts';
import { acquisitionCostChart, saveInvestment, statsInRange, storeStats } from './stats.ts';
import { defaultOrder, statsTablePage, statsTableRows } from './stats-table.ts';
import { statsTableFileName, statsTableWorkbook } from './stats-table-xlsx.ts';

type DashboardOperations = Pick<operations, 'getStoreStats' | 'getStoreStatsInRange' | 'getStoreStatsTable' | 'getStoreStatsTableXlsx'>;
type InvestmentOperations = Pick<AppOperations, 'setMarketingInvestment' | 'getAcquisitionCostChart'>;

/** A series longer than this is refused: the chart and its table show at most this many points. */
export const MAX_RANGE_POINTS = 400;

const GRANULARITY_NAMES = { day: 'días', week: 'semanas', month: 'meses', year: 'años' } as const;

/** What every cached answer of a store depends on besides its question (the gate read it first). */
interface Stamp {
  storeId: number;
  version: number;
  calendar: StoreCalendar;
}

function stampOf(store: StoreAccess): Stamp {
  return { storeId: store.storeId, version: store.dataVersion, calendar: calendarOf(store.timeZone, store.currency) };
}

/**
 * The answer to `question` from this process's cache, computed on a miss. The key holds the data
 * version read before any figure (so an answer is never older than its key), the store's today (the
 * "last N days" move at midnight) and currency (the Shopify connection sets both without a new
 * version).
 */
async function cached<T extends object>(
  db: Services['db'],
  stamp: Stamp,
  operation: string,
  question: object,
  compute: () => Promise<T>,
): Promise<{ status: 200; body: T }> {
  const key = JSON.stringify([stamp.storeId, stamp.version, stamp.calendar.today, stamp.calendar.currency, operation, question]);
  const answer = await answerCacheOf(db).answer(key, compute);
  return { status: 200, body: preSerialised(answer.body, answer.json) };
}

export const dashboardHandlers: Handlers<DashboardOperations> = {
  async getStoreStats(context) {
    const stamp = stampOf(inStore(context));
    return cached(context.db, stamp, 'stats', {}, () => storeStats(context.db, stamp.storeId, stamp.calendar));
  },

  async getStoreStatsInRange(context) {
    const stamp = stampOf(inStore(context));
    const { today, currency } = stamp.calendar;
    const { preset, from, to } = context.query;
    if (preset && (from || to))
      throw errors.invalidRequest([{ field: 'preset', message: 'Elige un rango predefinido o fechas propias, no ambos.' }]);
    if (!preset && (from || to) && !(from && to))
      throw errors.invalidRequest([{ field: from ? 'to' : 'from', message: 'Este campo es obligatorio.' }]);
    if (from && to && from > to)
      throw errors.invalidRequest([{ field: 'to', message: 'La fecha de término no puede ser anterior a la de inicio.' }]);
    const range: DateRange = from && to ? { from, to } : presetRange(preset ?? 'last30Days', today);
    const granularity = context.query.granularity ?? defaultGranularity(range);
    if (bucketCount(range, granularity) > MAX_RANGE_POINTS)
      throw errors.invalidRequest([
        {
          field: 'granularity',
          message: `El rango es demasiado largo para verlo por ${GRANULARITY_NAMES[granularity]}: el informe muestra como máximo ${MAX_RANGE_POINTS} resultados.`,
        },
      ]);
    const answeredPreset = from && to ? null : (preset ?? 'last30Days');
    const comparison = context.query.comparison ?? 'previousPeriod';
    const question = { range, preset: answeredPreset, comparison, granularity, today };
    return cached(context.db, stamp, 'statsInRange', question, async () => ({
      range,
      preset: answeredPreset,
      comparison,
      granularity,
      currency,
      ...(await statsInRange(context.db, stamp.storeId, question)),
    }));
  },

  async getStoreStatsTable(context) {
    const { page = 1, pageSize = 10 } = context.query;
    const stamp = stampOf(inStore(context));
    const query = tableQueryOf(context.query);
    return cached(context.db, stamp, 'statsTable', { ...query, page, pageSize }, () =>
      statsTablePage(context.db, stamp.storeId, query, page, pageSize),
    );
  },

  async getStoreStatsTableXlsx(context) {
    const store = inStore(context);
    const query = tableQueryOf(context.query);
    const rows = await statsTableRows(context.db, store.storeId, query);
    const name = statsTableFileName(query.dimension, calendarOf(store.timeZone, store.currency).today);
    return xlsxDownload(name, await statsTableWorkbook(query.dimension, rows));
  },
};

/** The table's query with its defaults: by income, each column in its natural direction, no search. */
function tableQueryOf(query: Omit<StatsTableQuery, 'sort' | 'order' | 'q'> & Partial<StatsTableQuery>): StatsTableQuery {
  const sort = query.sort ?? 'income';
  return { dimension: query.dimension, sort, order: query.order ?? defaultOrder(sort), q: query.q?.trim() ?? '' };
}

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
    const stamp = stampOf(inStore(context));
    const { today, currency } = stamp.calendar;
    const year = context.query.year ?? Number(today.slice(0, 4));
    return cached(context.db, stamp, 'acquisitionCostChart', { year }, async () => ({
      ...(await acquisitionCostChart(context.db, stamp.storeId, year, today)),
      currency,
    }));
  },
};
