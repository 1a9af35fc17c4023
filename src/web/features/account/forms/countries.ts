import { onFirstUse } from '../../../../shared/format/on-first-use';

/** The countries a card may be from in the form, as ISO 3166-1 alpha-2 codes: the stores' region, Chile first. */
export const CARD_COUNTRIES = [
  'CL',
  'AR',
  'BO',
  'BR',
  'CO',
  'CR',
  'DO',
  'EC',
  'ES',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'US',
  'UY',
  'VE',
] as const;

export const DEFAULT_CARD_COUNTRY = 'CL';

const regionNames = onFirstUse(() => new Intl.DisplayNames(['es'], { type: 'region' }));

/** The country select's options in Spanish: Chile first, then the rest by name. */
export function cardCountryOptions(): { value: string; label: string }[] {
  const named = CARD_COUNTRIES.map((code) => ({ value: code, label: regionNames().of(code) ?? code }));
  const [first, ...rest] = named;
  return [first!, ...rest.sort((a, b) => a.label.localeCompare(b.label, 'es'))];
}
