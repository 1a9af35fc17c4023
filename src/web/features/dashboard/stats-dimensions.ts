import type { components } from '../../../shared/api/backend.gen';

/** The overview table's tabs, in the order SPEC §2 lists them. */
export const STATS_DIMENSIONS: readonly components['schemas']['StatsDimension'][] = [
  'products',
  'locations',
  'dispatchMethods',
  'paymentMethods',
  'discounts',
];
