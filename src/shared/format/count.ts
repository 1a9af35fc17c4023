const countFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** A whole number as Chilean Spanish writes it: 12.345. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
