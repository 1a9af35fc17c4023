/*
 * Meta counts money in a currency's "offset" units (https://developers.facebook.com/docs/marketing-api/currencies):
 * cents for most currencies, whole units for those without minor units in practice (CLP among them).
 */
const WHOLE_UNIT_CURRENCIES = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND']);

/** How many of Meta's units make one unit of `currency`. */
export function currencyOffset(currency: string): number {
  return WHOLE_UNIT_CURRENCIES.has(currency.toUpperCase()) ? 1 : 100;
}

/** An amount Meta gives in offset units, in whole units of `currency`. */
export const fromMetaAmount = (amount: number, currency: string) => amount / currencyOffset(currency);

/** An amount in whole units of `currency`, as Meta takes it (offset units, rounded). */
export const toMetaAmount = (amount: number, currency: string) => Math.round(amount * currencyOffset(currency));
