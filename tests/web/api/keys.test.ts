import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  acquisitionCostKeys,
  adCampaignKeys,
  collaboratorKeys,
  integrationKeys,
  socialAdsKeys,
  statsKeys,
  storeKeys,
  storeSyncKeys,
} from '../../../src/web/api/keys';

/** A cache holding one settled query per key, so what an invalidation reaches can be read back. */
function cacheWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'data');
  return {
    client,
    invalidated: () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey),
  };
}

const rangeQuery = { preset: 'last30Days', granularity: 'day' } as const;

describe('query keys', () => {
  it('start every key about a store with that store', () => {
    for (const key of [
      storeSyncKeys.detail(7),
      statsKeys.overview(7),
      statsKeys.inRange(7, rangeQuery),
      statsKeys.table(7, { dimension: 'products', page: 1, pageSize: 10 }),
      acquisitionCostKeys.year(7, 2026),
      integrationKeys.detail(7),
      collaboratorKeys.list(7),
    ]) {
      expect(key.slice(0, 2)).toEqual(storeKeys.detail(7));
    }
  });

  it('refresh every figure of a store when its stats are invalidated, and nothing else', async () => {
    const cache = cacheWith([
      statsKeys.overview(7),
      statsKeys.inRange(7, rangeQuery),
      statsKeys.table(7, { dimension: 'products', page: 1, pageSize: 10 }),
      acquisitionCostKeys.year(7, 2026),
      statsKeys.overview(8),
    ]);
    await cache.client.invalidateQueries({ queryKey: statsKeys.all(7) });
    expect(cache.invalidated()).toEqual([
      statsKeys.overview(7),
      statsKeys.inRange(7, rangeQuery),
      statsKeys.table(7, { dimension: 'products', page: 1, pageSize: 10 }),
    ]);
  });

  it("refresh every list of a store's campaigns, whatever its filter, and nothing else of them", async () => {
    const cache = cacheWith([
      adCampaignKeys.list(7, null),
      adCampaignKeys.list(7, 'ACTIVE'),
      adCampaignKeys.detail(7, 3),
      adCampaignKeys.performance(7),
      adCampaignKeys.list(8, null),
    ]);
    await cache.client.invalidateQueries({ queryKey: adCampaignKeys.lists(7) });
    expect(cache.invalidated()).toEqual([adCampaignKeys.list(7, null), adCampaignKeys.list(7, 'ACTIVE')]);
  });

  it("read the campaign wizard's Meta options again when the store's Meta connection changes", async () => {
    const cache = cacheWith([
      socialAdsKeys.settings(7),
      socialAdsKeys.catalogs(7),
      socialAdsKeys.productSets(7, 'catalog-1'),
      socialAdsKeys.locations(7, 'Santiago'),
      socialAdsKeys.interests(7, 'yoga'),
      socialAdsKeys.catalogs(8),
    ]);
    await cache.client.invalidateQueries({ queryKey: socialAdsKeys.all(7) });
    expect(cache.invalidated()).toHaveLength(5);
    expect(cache.invalidated()).not.toContainEqual(socialAdsKeys.catalogs(8));
  });

  it('refresh one store without touching another store or the list of stores', async () => {
    const cache = cacheWith([storeKeys.list(), integrationKeys.detail(7), collaboratorKeys.list(7), integrationKeys.detail(8)]);
    await cache.client.invalidateQueries({ queryKey: storeKeys.detail(7) });
    expect(cache.invalidated()).toEqual([integrationKeys.detail(7), collaboratorKeys.list(7)]);
  });
});
