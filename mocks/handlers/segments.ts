import { delay, HttpResponse } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { STORE_TODAY } from '../fixtures/dashboard';
import {
  allSegments,
  segmentCustomerRows,
  segmentCustomersPage,
  segmentStatsFixture,
  segmentSyncs,
  segmentsStatsFixture,
} from '../fixtures/segments';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';
import { mockState } from './mock-state';

type Segment = components['schemas']['Segment'];
type SegmentSync = components['schemas']['SegmentSync'];
type ErrorBody = components['schemas']['Error'];

const fails = () => Response.json(serverError, { status: 500 });
const notFound = () => Response.json({ message: 'No encontramos este segmento.', code: 'not_found' } satisfies ErrorBody, { status: 404 });
const notConnected = () =>
  Response.json({ message: 'Conecta Klaviyo antes de sincronizar segmentos.', code: 'email_marketing_not_connected' } satisfies ErrorBody, {
    status: 409,
  });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SegmentsStoreOptions {
  /** The store's segments, the defaults first; all of the fixtures' by default. */
  segments?: readonly Segment[];
  /** Whether Klaviyo is connected. */
  connected?: boolean;
  syncs?: readonly SegmentSync[];
  /** Calls that fail with a server error. */
  failing?: readonly ('list' | 'segment' | 'stats' | 'segmentStats' | 'customers' | 'delete' | 'sync' | 'download' | 'syncs')[];
  /** Calls that never answer (loading states, a download on its way). */
  pending?: readonly ('list' | 'segment' | 'segmentStats' | 'customers' | 'download' | 'delete')[];
}

type PendingCall = NonNullable<SegmentsStoreOptions['pending']>[number];

/**
 * A store whose segments answer every call of the list and the detail, from the fixtures: deleting
 * removes a segment and toggling a sync changes it, as the server does, so what the next call answers
 * follows (sizes, figures and pages are computed from the fixtures' customers).
 */
export function segmentsStore({
  segments: initial = allSegments,
  connected = true,
  syncs: initialSyncs = segmentSyncs,
  failing = [],
  pending = [],
}: SegmentsStoreOptions = {}) {
  const store = mockState(() => ({ segments: [...initial], syncs: [...initialSyncs] }));
  const find = (segmentId: number) => store.current.segments.find((segment) => segment.id === segmentId);
  const wait = async (call: PendingCall) => {
    if (pending.includes(call)) await delay('infinite');
  };
  return [
    appHttp.get('/private/stores/{id}/segments', async ({ response }) => {
      await wait('list');
      if (failing.includes('list')) return response.untyped(fails());
      return response(200).json({ segments: store.current.segments });
    }),
    appHttp.get('/private/stores/{id}/segments/{segmentId}', async ({ params, response }) => {
      await wait('segment');
      if (failing.includes('segment')) return response.untyped(fails());
      const segment = find(Number(params.segmentId));
      return segment ? response(200).json(segment) : response.untyped(notFound());
    }),
    appHttp.delete('/private/stores/{id}/segments/{segmentId}', async ({ params, response }) => {
      await wait('delete');
      if (failing.includes('delete')) return response.untyped(fails());
      const segment = find(Number(params.segmentId));
      if (!segment) return response.untyped(notFound());
      if (segment.key !== null)
        return response(409).json({ message: 'Los segmentos predeterminados no se pueden eliminar.', code: 'default_segment' });
      const { segments, syncs } = store.current;
      store.current = {
        segments: segments.filter((other) => other !== segment),
        syncs: syncs.filter((sync) => sync.segmentId !== segment.id),
      };
      return response(204).empty();
    }),
    appHttp.get('/private/stores/{id}/emailMarketing/segmentSyncs', ({ response }) => {
      if (failing.includes('syncs')) return response.untyped(fails());
      return response(200).json({ connected, syncs: connected ? store.current.syncs : [] });
    }),
    appHttp.put('/private/stores/{id}/emailMarketing/segmentSyncs/{segmentId}', async ({ params, request, response }) => {
      if (failing.includes('sync')) return response.untyped(fails());
      if (!connected) return response.untyped(notConnected());
      const segmentId = Number(params.segmentId);
      if (!find(segmentId)) return response.untyped(notFound());
      const { enabled } = await request.json();
      const previous = store.current.syncs.find((sync) => sync.segmentId === segmentId);
      // Turning it on answers at once with `syncing`; the job that sends the members is not part of the mock.
      const sync: SegmentSync = {
        segmentId,
        enabled,
        state: enabled ? 'syncing' : (previous?.state ?? 'synced'),
        listId: previous?.listId ?? null,
        members: previous?.members ?? 0,
        syncedAt: previous?.syncedAt ?? null,
        failure: null,
      };
      store.current.syncs = [...store.current.syncs.filter((other) => other.segmentId !== segmentId), sync];
      return response(200).json(sync);
    }),
    backendHttp.get('/stores/{id}/segments/stats', ({ response }) => {
      if (failing.includes('stats')) return response.untyped(fails());
      return response(200).json(segmentsStatsFixture(store.current.segments));
    }),
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats', async ({ params, response }) => {
      await wait('segmentStats');
      if (failing.includes('segmentStats')) return response.untyped(fails());
      const segment = find(Number(params.segmentId));
      return segment ? response(200).json(segmentStatsFixture(segment)) : response.untyped(notFound());
    }),
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats/table', async ({ params, query, response }) => {
      await wait('customers');
      if (failing.includes('customers')) return response.untyped(fails());
      const segment = find(Number(params.segmentId));
      if (!segment) return response.untyped(notFound());
      return response(200).json(
        segmentCustomersPage(segment, {
          page: Number(query.get('page') ?? 1),
          pageSize: Number(query.get('pageSize') ?? 10),
          sort: query.get('sort') ?? undefined,
          order: query.get('order') ?? undefined,
          q: query.get('q') ?? undefined,
        }),
      );
    }),
    /**
     * The workbook: its rows as text stand in for it (the screen only saves what arrives, and Storybook
     * need not load SheetJS).
     */
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats/table/xlsx', async ({ params, query, response }) => {
      await wait('download');
      if (failing.includes('download')) return response.untyped(fails());
      const segment = find(Number(params.segmentId));
      if (!segment) return response.untyped(notFound());
      const rows = segmentCustomerRows(segment, {
        sort: query.get('sort') ?? undefined,
        order: query.get('order') ?? undefined,
        q: query.get('q') ?? undefined,
      });
      return new HttpResponse(rows.map((row) => [row.name, row.email, row.phone, row.orders, row.totalSpent].join('\t')).join('\n'), {
        headers: {
          'content-type': XLSX_TYPE,
          'content-disposition': `attachment; filename="recompra-segmento-${segment.id}-${STORE_TODAY}.xlsx"`,
        },
      });
    }),
  ];
}

export const segmentsHandlers = segmentsStore();
