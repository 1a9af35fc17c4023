/*
 * A number as a merchant types it in Chile: thousands grouped with dots ("1.234.567"), decimals after a
 * comma, perhaps with a "$" or spaces pasted along. The digits are kept as text, never through a float,
 * so a number longer than JavaScript counts exactly is shown as typed, never rounded into another.
 */

/** Sign, whole digits and decimals of what was typed; null when it is not a number (or empty). */
function partsOf(text: string): { sign: string; whole: string; decimals: string | null } | null {
  const cleaned = text.replace(/[\s$]/g, '');
  const match = /^(-?)([\d.]*)(?:,(\d*))?$/.exec(cleaned);
  if (!match || /\d/.test(match[2]! + (match[3] ?? '')) === false) return null;
  // Dots only ever group thousands here (es-CL): "1.234" is one thousand two hundred thirty-four.
  const whole = match[2]!.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  return { sign: match[1]!, whole: whole === '' ? '0' : whole, decimals: match[3] ?? null };
}

/** The number typed; NaN when empty or not a number. */
export function parseTypedNumber(text: string): number {
  const parts = partsOf(text);
  if (!parts) return Number.NaN;
  return Number(`${parts.sign}${parts.whole}${parts.decimals ? `.${parts.decimals}` : ''}`);
}

/** Groups the thousands of what was typed as `formatCount` writes numbers (12.345; 1234 stays whole); anything else as it is. */
export function formatTypedNumber(text: string): string {
  const parts = partsOf(text);
  if (!parts) return text;
  // es-CL leaves a four-digit number ungrouped, as Intl and the rest of the app do.
  const grouped = parts.whole.length <= 4 ? parts.whole : parts.whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${parts.sign}${grouped}${parts.decimals === null ? '' : `,${parts.decimals}`}`;
}

/**
 * What was typed without its grouping, as a form's rules read a number (`1.234.567` is `1234567`,
 * `12,5` is `12.5`), digits kept as text; anything that is not a number, as it is, for the rules to name.
 */
export function plainTypedNumber(text: string): string {
  const parts = partsOf(text);
  if (!parts) return text;
  return `${parts.sign}${parts.whole}${parts.decimals === null ? '' : `.${parts.decimals}`}`;
}
