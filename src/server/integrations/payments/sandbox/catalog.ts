import type Stripe from 'stripe';
import type { Store } from './objects.ts';
import type { Params } from './params.ts';
import { invalidRequest, missingParam } from './stripe-errors.ts';

/* Products and prices, with Stripe's rules for lookup keys: one active holder each, moved only on request. */

/** Stripe sends decimal amounts as strings; the SDK types them as its Decimal, which it builds on reading. */
export const decimalText = (value: number | string) => String(value) as unknown as Stripe.Decimal;

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** Stripe's limits on how long one billing period may be. */
const MAX_INTERVAL_COUNT: Record<(typeof INTERVALS)[number], number> = { day: 1095, week: 156, month: 36, year: 3 };

export function createProduct(store: Store, params: Params, at: number): Stripe.Product {
  const name = params.requiredString('name');
  const id = params.string('id') || store.newId('product');
  // A product may be created with an id of the caller's choosing, but never over another one.
  if (store.get('product', id)) throw invalidRequest('Product already exists.', 'id', 'resource_already_exists');
  return store.put('product', {
    id,
    object: 'product',
    active: params.boolean('active') ?? true,
    created: at,
    default_price: null,
    description: params.string('description') || null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: params.metadata(),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: params.string('statement_descriptor') || null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: at,
    url: null,
  });
}

export const PRODUCT_PARAMS = ['name', 'id', 'active', 'description', 'metadata', 'statement_descriptor'] as const;
export const PRICE_PARAMS = [
  'currency',
  'unit_amount',
  'recurring',
  'product',
  'product_data',
  'lookup_key',
  'transfer_lookup_key',
  'nickname',
  'metadata',
  'active',
  'tax_behavior',
  'billing_scheme',
] as const;

function takeLookupKey(store: Store, key: string, transfer: boolean) {
  const holder = store.all('price').find((price) => price.lookup_key === key);
  if (!holder) return;
  if (!transfer)
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to \`true\` to transfer the lookup key to this price.`,
      'lookup_key',
    );
  holder.lookup_key = null;
}

export function createPrice(store: Store, params: Params, at: number): Stripe.Price {
  params.only(PRICE_PARAMS);
  const currency = params.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, 'currency');
  const unitAmount = params.integer('unit_amount', { min: 0, max: 99_999_999 });
  if (unitAmount === undefined) throw missingParam('unit_amount');
  params.enumOf('billing_scheme', ['per_unit']);
  const taxBehavior = params.enumOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']);

  let product: Stripe.Product;
  const productId = params.string('product');
  const productData = params.object('product_data');
  if (productId && productData) throw invalidRequest('You may only specify one of these parameters: product, product_data.', 'product');
  if (productId) product = store.require('product', productId, 'product');
  else if (productData) product = createProduct(store, productData.only(PRODUCT_PARAMS), at);
  else throw missingParam('product');

  let recurring: Stripe.Price.Recurring | null = null;
  const recurringParams = params.object('recurring');
  if (recurringParams) {
    recurringParams.only(['interval', 'interval_count', 'usage_type', 'trial_period_days']);
    const interval = recurringParams.enumOf('interval', INTERVALS);
    if (!interval) throw missingParam('recurring[interval]');
    const count = recurringParams.integer('interval_count', { min: 1 }) ?? 1;
    if (count > MAX_INTERVAL_COUNT[interval]) throw invalidRequest('The maximum billing period is 3 years.', 'recurring[interval_count]');
    recurringParams.enumOf('usage_type', ['licensed']);
    recurring = {
      interval,
      interval_count: count,
      meter: null,
      trial_period_days: recurringParams.integer('trial_period_days', { min: 0, max: 730 }) ?? null,
      usage_type: 'licensed',
    };
  }

  const lookupKey = params.string('lookup_key') || null;
  if (lookupKey && lookupKey.length > 200) throw invalidRequest('Lookup keys can have up to 200 characters.', 'lookup_key');
  if (lookupKey) takeLookupKey(store, lookupKey, params.boolean('transfer_lookup_key') ?? false);

  return store.put('price', {
    id: store.newId('price'),
    object: 'price',
    active: params.boolean('active') ?? true,
    billing_scheme: 'per_unit',
    created: at,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: params.metadata(),
    nickname: params.string('nickname') || null,
    product: product.id,
    recurring,
    tax_behavior: taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: decimalText(unitAmount),
  });
}

export function updatePrice(store: Store, price: Stripe.Price, params: Params): Stripe.Price {
  params.only(['active', 'metadata', 'nickname', 'lookup_key', 'transfer_lookup_key', 'tax_behavior']);
  const active = params.boolean('active');
  if (active !== undefined) price.active = active;
  price.metadata = params.metadata(price.metadata);
  const nickname = params.string('nickname');
  if (nickname !== undefined) price.nickname = nickname || null;
  const lookupKey = params.string('lookup_key');
  if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
    if (lookupKey) takeLookupKey(store, lookupKey, params.boolean('transfer_lookup_key') ?? false);
    price.lookup_key = lookupKey || null;
  }
  return price;
}

/** Prices as `GET /v1/prices` filters them, newest first. */
export function findPrices(store: Store, params: Params): Stripe.Price[] {
  params.only(['active', 'currency', 'lookup_keys', 'product', 'type', 'recurring', 'limit', 'starting_after', 'ending_before', 'created']);
  const active = params.boolean('active');
  const currency = params.string('currency');
  const keys = params.strings('lookup_keys');
  if (keys && keys.length > 10) throw invalidRequest('You may only specify up to 10 lookup keys.', 'lookup_keys');
  const product = params.string('product');
  const type = params.enumOf('type', ['one_time', 'recurring']);
  const interval = params.object('recurring')?.enumOf('interval', INTERVALS);
  return store
    .newestFirst(store.all('price'))
    .filter(
      (price) =>
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!keys || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
        (!product || price.product === product) &&
        (!type || price.type === type) &&
        (!interval || price.recurring?.interval === interval),
    );
}

/** A price as the legacy `plan` beside it in subscription items (Stripe still sends both). */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}
