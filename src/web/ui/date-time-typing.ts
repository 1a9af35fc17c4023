import { formatTypedDay, parseTypedDay } from './date-range-typing';

/** How one typed value reads: its separator, its groups of digits, and the text ⇄ ISO conversions. */
export interface TypedFormat {
  separator: string;
  /** The digits of each part, in order (dd, mm, aaaa). */
  groups: readonly number[];
  /** The ISO value a text names, or null when it names none. */
  parse: (text: string) => string | null;
  /** An ISO value as the input shows it. */
  format: (value: string) => string;
  /** What an ISO value looks like, to tell it from text typed half way. */
  iso: RegExp;
}

/** A day, dd-mm-aaaa on screen (as the dashboard's range picker types it), `YYYY-MM-DD` for the form. */
export const TYPED_DAY: TypedFormat = {
  separator: '-',
  groups: [2, 2, 4],
  parse: parseTypedDay,
  format: formatTypedDay,
  iso: /^\d{4}-\d{2}-\d{2}$/,
};

const TYPED_HOUR_TEXT = /^(\d{1,2})[:.](\d{2})$/;

/** An hour of the day as 24-hour `HH:mm` (9:30 is 09:30), or null when it is none (24:00, 10:75). */
export function parseTypedHour(text: string): string | null {
  const match = TYPED_HOUR_TEXT.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** An hour, 24-hour hh:mm on screen and in the form. */
export const TYPED_HOUR: TypedFormat = {
  separator: ':',
  groups: [2, 2],
  parse: parseTypedHour,
  format: (value) => value,
  iso: /^\d{2}:\d{2}$/,
};

/**
 * A phone's numeric keypad has no dash nor colon: the separators go in as the digits are typed
 * (15032026 becomes 15-03-2026, 0930 becomes 09:30). Text typed another way (1-3-2026, 15/03/2026)
 * stays as it is, for the parser to read.
 */
export function maskTyped(text: string, { separator, groups }: Pick<TypedFormat, 'separator' | 'groups'>): string {
  const digits = text.split(separator).join('');
  if (!/^\d*$/.test(digits) || digits.length > groups.reduce((sum, group) => sum + group, 0)) return text;
  // Where the separators go: after each group but the last.
  const places = groups.slice(0, -1).map((_, index) => groups.slice(0, index + 1).reduce((sum, group) => sum + group, 0) + index);
  if ([...text].some((character, index) => character === separator && !places.includes(index))) return text;
  const parts: string[] = [];
  let rest = digits;
  for (const group of groups) {
    if (rest === '') break;
    parts.push(rest.slice(0, group));
    rest = rest.slice(group);
  }
  return parts.join(separator);
}
