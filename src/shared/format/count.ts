import { type Formattable, orDash } from './number';
import { onFirstUse } from './on-first-use';

const countFormat = onFirstUse(() => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 }));

/** A whole number as Chilean Spanish writes it: 12.345; a dash when missing. */
export function formatCount(value: Formattable): string {
  return orDash(value, (count) => countFormat().format(count));
}
