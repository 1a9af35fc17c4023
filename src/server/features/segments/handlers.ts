import type { z } from 'zod';
import type { components, operations } from '../../../shared/api/app.gen.ts';
import type { operations as BackendOperations } from '../../../shared/api/backend.gen.ts';
import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { CUSTOM_SEGMENTS_MAX, segmentInputSchema, segmentRulesSchema } from '../../../shared/segments.ts';
import { xlsxDownload } from '../../platform/files/xlsx.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { calendarOf, DEFAULT_TIME_ZONE } from '../../platform/store-data/store-calendar.ts';
import { customersQueryOf, segmentCustomersInChunks, segmentCustomersPage } from './customers-table.ts';
import { segmentCustomersFileName, segmentCustomersWorkbook } from './customers-xlsx.ts';
import type { LiveCounts } from './live-count.ts';
import { ensureDefaultSegments, queueSegmentBuild } from './membership.ts';
import { segmentMessages as messages } from './messages.ts';
import {
  deleteSegmentRow,
  insertSegment,
  lockedCustomSegmentCount,
  segmentOf,
  segmentsOf,
  toSegment,
  updateSegmentRow,
} from './repository.ts';
import { segmentStats, segmentsStats } from './stats.ts';

type SegmentInput = components['schemas']['SegmentInput'];
type SegmentOperations = Pick<
  operations,
  'listSegments' | 'createSegment' | 'countSegmentCustomers' | 'getSegment' | 'updateSegment' | 'deleteSegment'
>;
type SegmentStatsOperations = Pick<
  BackendOperations,
  'getSegmentsStats' | 'getSegmentStats' | 'getSegmentCustomers' | 'getSegmentCustomersXlsx'
>;

/** What the contract cannot check (a maximum above its minimum, dates in order), as field errors. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw errors.invalidRequest(fieldErrorsOf(result.error.issues, messages.rules));
}

const segmentConflict = (message: string) => new HttpError(409, 'conflict', message);

/** The segments of the app API; `liveCounts` answers the forms' live count. */
export const segmentHandlers = (liveCounts: LiveCounts): Handlers<SegmentOperations> => ({
  async listSegments(context) {
    const { storeId } = inStore(context);
    liveCounts.warm(storeId);
    const rows = await context.db.transaction(async (tx) => {
      await ensureDefaultSegments(tx, storeId);
      return segmentsOf(tx, storeId);
    });
    return { status: 200, body: { segments: rows.map(toSegment) } };
  },

  async createSegment(context) {
    const { storeId } = inStore(context);
    const input: SegmentInput = checked(segmentInputSchema, context.body);
    const row = await context.db.transaction(async (tx) => {
      // Creations in the store are serialised, so two at once cannot both take the last place.
      if ((await lockedCustomSegmentCount(tx, storeId)) >= CUSTOM_SEGMENTS_MAX) throw segmentConflict(messages.limitReached);
      const created = await insertSegment(tx, storeId, input);
      await queueSegmentBuild(tx, storeId, created.id);
      return created;
    });
    return { status: 201, body: toSegment(row) };
  },

  async countSegmentCustomers(context) {
    const { storeId } = inStore(context);
    const rules = checked(segmentRulesSchema, context.body.rules);
    return { status: 200, body: { customers: await liveCounts.count(storeId, rules) } };
  },

  async getSegment(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: toSegment(await segmentOf(context.db, storeId, context.params.segmentId)) };
  },

  async updateSegment(context) {
    const { storeId } = inStore(context);
    const input: SegmentInput = checked(segmentInputSchema, context.body);
    const row = await context.db.transaction(async (tx) => {
      const current = await segmentOf(tx, storeId, context.params.segmentId);
      if (current.key) throw segmentConflict(messages.defaultNotEditable);
      const rulesChanged = JSON.stringify(current.rules) !== JSON.stringify(input.rules);
      const updated = await updateSegmentRow(tx, storeId, current.id, input, rulesChanged);
      if (rulesChanged) await queueSegmentBuild(tx, storeId, current.id);
      return updated;
    });
    return { status: 200, body: toSegment(row) };
  },

  async deleteSegment(context) {
    const { storeId } = inStore(context);
    await context.db.transaction(async (tx) => {
      const current = await segmentOf(tx, storeId, context.params.segmentId);
      if (current.key) throw segmentConflict(messages.defaultNotDeletable);
      // Irreversibly, as the confirmation says.
      await deleteSegmentRow(tx, current.id);
      await context.events.record(tx, storeId, [{ kind: 'segment_deleted', detail: { segmentId: current.id } }]);
    });
    return { status: 204 };
  },
});

/** The backend API's segment figures and customers (the segments list and a segment's detail). */
export const segmentStatsHandlers: Handlers<SegmentStatsOperations> = {
  async getSegmentsStats(context) {
    const store = inStore(context);
    return { status: 200, body: await segmentsStats(context.db, store.storeId, calendarOf(store.timeZone, store.currency).currency) };
  },

  async getSegmentStats(context) {
    const store = inStore(context);
    const segment = await segmentOf(context.db, store.storeId, context.params.segmentId);
    const measured = { id: segment.id, status: segment.status, builtAt: segment.built_at };
    const calendar = calendarOf(store.timeZone, store.currency);
    return {
      status: 200,
      body: await segmentStats(context.db, store.storeId, measured, store.timeZone ?? DEFAULT_TIME_ZONE, calendar),
    };
  },

  async getSegmentCustomers(context) {
    const { storeId } = inStore(context);
    const { page = 1, pageSize = 10 } = context.query;
    const segment = await segmentOf(context.db, storeId, context.params.segmentId);
    return {
      status: 200,
      body: await segmentCustomersPage(context.db, storeId, segment.id, customersQueryOf(context.query), page, pageSize),
    };
  },

  async getSegmentCustomersXlsx(context) {
    const store = inStore(context);
    const segment = await segmentOf(context.db, store.storeId, context.params.segmentId);
    const timeZone = store.timeZone ?? DEFAULT_TIME_ZONE;
    const chunks = segmentCustomersInChunks(context.db, store.storeId, segment.id, customersQueryOf(context.query), timeZone);
    const name = segmentCustomersFileName(segment, calendarOf(store.timeZone, store.currency).today);
    return xlsxDownload(name, await segmentCustomersWorkbook(chunks));
  },
};
