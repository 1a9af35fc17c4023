import { formatCount } from './count';
import { onFirstUse } from './on-first-use';

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * KILOBYTE;
const oneDecimal = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }));

/**
 * A file's size in the unit that reads best, as Chilean Spanish writes it: bytes under a kilobyte,
 * kilobytes under a megabyte, megabytes beyond; one decimal below 10 ("1,5 KB"), none from there ("334 KB").
 * The unit's word is the caller's text.
 */
export function fileSize(bytes: number): { unit: 'bytes' | 'kilobytes' | 'megabytes'; size: string } {
  if (bytes < KILOBYTE) return { unit: 'bytes', size: formatCount(bytes) };
  const [unit, amount] = bytes < MEGABYTE ? (['kilobytes', bytes / KILOBYTE] as const) : (['megabytes', bytes / MEGABYTE] as const);
  // Rounded as shown, so 1023.96 KB does not read "1.024 KB".
  const shown = amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
  if (unit === 'kilobytes' && shown >= KILOBYTE) return { unit: 'megabytes', size: oneDecimal().format(1) };
  return { unit, size: shown < 10 ? oneDecimal().format(shown) : formatCount(shown) };
}
