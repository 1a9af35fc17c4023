import { onFirstUse } from './on-first-use';

/** What every formatter shows for a missing or unreadable value. */
export const EMPTY_VALUE = '—';

export type Formattable = number | null | undefined;

function isNumber(value: Formattable): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Formats with `format` when the value is a finite number, a dash otherwise. */
export function orDash(value: Formattable, format: (value: number) => string): string {
  return isNumber(value) ? format(value) : EMPTY_VALUE;
}

const clpFormat = onFirstUse(() => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }));
const usdFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('es-CL', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }),
);
const percentFormat = onFirstUse(() => new Intl.NumberFormat('es-CL', { style: 'percent', maximumFractionDigits: 1 }));
const signedPercentFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('es-CL', {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    }),
);
const signedPointsFormat = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }));
const daysFormat = onFirstUse(
  () => new Intl.NumberFormat('es-CL', { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 }),
);

/** Chilean pesos without decimals: $12.345. */
export function formatClp(value: Formattable): string {
  return orDash(value, (amount) => clpFormat().format(Math.round(amount)));
}

/** US dollars (plan prices, message price): US$49,00, US$0,0889. */
export function formatUsd(value: Formattable): string {
  return orDash(value, (amount) => usdFormat().format(amount));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in an ISO 4217 currency (an ad account's): pesos as `formatClp`, any other currency with
 * its own symbol and usual decimals: US$12,50.
 */
export function formatMoney(value: Formattable, currency: string): string {
  if (currency === 'CLP') return formatClp(value);
  return orDash(value, (amount) => {
    let format = moneyFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat('es-CL', { style: 'currency', currency });
      moneyFormats.set(currency, format);
    }
    return format.format(amount);
  });
}

/** A ratio as a percentage: 0.123 → 12,3 %. `signed` adds + to a rise (changes against a period). */
export function formatPercent(value: Formattable, options: { signed?: boolean } = {}): string {
  return orDash(value, (ratio) => (options.signed ? signedPercentFormat() : percentFormat()).format(ratio));
}

/** A percentage as the contract gives it (0–100): 38.4 → 38,4 %. */
export function formatPercentage(value: Formattable): string {
  return orDash(value, (percentage) => percentFormat().format(percentage / 100));
}

/** A difference between two percentages, in percentage points: 41,2 % against 38 % is +3,2 pp. */
export function formatPercentagePoints(value: Formattable): string {
  return orDash(value, (points) => `${signedPointsFormat().format(points)} pp`);
}

/** A number of days: 1 día, 12,5 días. */
export function formatDays(value: Formattable): string {
  return orDash(value, (days) => daysFormat().format(days));
}
