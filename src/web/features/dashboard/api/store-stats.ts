import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../shared/api/backend.gen';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { statsKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';
import { saveFile } from '../../../lib/save-file';

export type StatsInRange = components['schemas']['StatsInRange'];
export type StatsTablePage = components['schemas']['StatsTablePage'];
export type StatsDimension = components['schemas']['StatsDimension'];
export type StatsInRangeQuery = NonNullable<operations['getStoreStatsInRange']['parameters']['query']>;

/* SPEC §7 data area "store charts and stats": every key starts with `statsKeys.all`, so one
   invalidation refreshes them all (a new investment changes acquisition costs everywhere). Each query
   waits until the session names the store. */

export const storeStatsQueryOptions = (storeId: number | undefined) =>
  storeQuery(statsKeys.overview(storeId), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/stats', { params: { path: { id } }, signal }),
  );

export function useStoreStats(storeId: number | undefined) {
  return useQuery(storeStatsQueryOptions(storeId));
}

export const statsInRangeQueryOptions = (storeId: number | undefined, query: StatsInRangeQuery) =>
  storeQuery(statsKeys.inRange(storeId, query), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/statsInRange', { params: { path: { id }, query }, signal }),
  );

/** The figures of the last range stay on screen while the next one loads. */
export function useStatsInRange(storeId: number | undefined, query: StatsInRangeQuery) {
  return useQuery({ ...statsInRangeQueryOptions(storeId, query), placeholderData: keepPreviousData });
}

/** The table's question: the tab, its order and search, and the page. */
export type StatsTableQuery = NonNullable<operations['getStoreStatsTable']['parameters']['query']>;
export type StatsTableSort = components['schemas']['StatsTableSort'];

export const statsTableQueryOptions = (storeId: number | undefined, query: StatsTableQuery) =>
  storeQuery(statsKeys.table(storeId, query), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/stats/table', { params: { path: { id }, query }, signal }),
  );

/** The last page stays on screen while a new order or search loads, so the table does not flash empty. */
export function useStatsTable(storeId: number | undefined, query: StatsTableQuery) {
  return useQuery({ ...statsTableQueryOptions(storeId, query), placeholderData: keepPreviousData });
}

export type StatsTableXlsxQuery = NonNullable<operations['getStoreStatsTableXlsx']['parameters']['query']>;

/** The tab's rows as an XLSX file, with the name the server gives it. */
export async function fetchStatsTableXlsx(storeId: number, query: StatsTableXlsxQuery): Promise<{ file: Blob; name: string }> {
  const result = await backendClient.GET('/stores/{id}/stats/table/xlsx', {
    params: { path: { id: storeId }, query },
    parseAs: 'blob',
  });
  const file = unwrap(result);
  const disposition = result.response.headers.get('content-disposition') ?? '';
  return { file, name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? `recompra-${query.dimension}.xlsx` };
}

/** Downloads the export; the caller tells the merchant when it fails. */
export function useStatsTableXlsx(storeId: number | undefined) {
  return useMutation({
    mutationFn: async (query: StatsTableXlsxQuery) => {
      if (storeId === undefined) throw new Error('No store yet');
      const { file, name } = await fetchStatsTableXlsx(storeId, query);
      saveFile(file, name);
    },
  });
}
