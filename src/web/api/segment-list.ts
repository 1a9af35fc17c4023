import { appClient } from './clients';
import { segmentKeys } from './keys';
import { storeQuery } from './store-query';

/**
 * The store's segments, the six defaults first: the segments page lists them and the campaign wizard
 * offers them as audiences, from the same query.
 */
export const segmentsQueryOptions = (storeId: number | undefined) =>
  storeQuery(segmentKeys.list(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/segments', { params: { path: { id } }, signal }),
  );
