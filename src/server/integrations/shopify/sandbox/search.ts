import { TIMELINE_START_MS } from './generator.ts';

const DAY = 86_400;

/** Inclusive time bounds in seconds since the timeline start, from Shopify search syntax. */
export interface TimeFilter {
  createdMin: number;
  createdMax: number;
  updatedMin: number;
  updatedMax: number;
}

/**
 * Reads the parts of Shopify's search syntax the sandbox understands: `created_at` and `updated_at`
 * compared with `>=`, `>`, `<=`, `<` or `:` to a date or date-time (quoted or not), joined by
 * spaces or AND. Other terms are ignored. Dates without a time are midnight UTC.
 */
export function parseSearch(query: string | null | undefined): TimeFilter {
  const filter: TimeFilter = { createdMin: -Infinity, createdMax: Infinity, updatedMin: -Infinity, updatedMax: Infinity };
  if (!query) return filter;
  const term = /\b(created_at|updated_at):(>=|<=|>|<)?\s*(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  for (const match of query.matchAll(term)) {
    const [, field, op = '', quoted1, quoted2, bare] = match;
    const value = (quoted1 ?? quoted2 ?? bare ?? '').trim();
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(ms)) continue;
    const seconds = (ms - TIMELINE_START_MS) / 1000;
    const min = field === 'created_at' ? 'createdMin' : 'updatedMin';
    const max = field === 'created_at' ? 'createdMax' : 'updatedMax';
    if (op === '>=') filter[min] = Math.max(filter[min], Math.ceil(seconds));
    else if (op === '>') filter[min] = Math.max(filter[min], Math.floor(seconds) + 1);
    else if (op === '<=') filter[max] = Math.min(filter[max], Math.floor(seconds));
    else if (op === '<') filter[max] = Math.min(filter[max], Math.ceil(seconds) - 1);
    else {
      // A bare date means that whole day.
      filter[min] = Math.max(filter[min], Math.ceil(seconds));
      filter[max] = Math.min(filter[max], Math.ceil(seconds) + (/^\d{4}-\d{2}-\d{2}$/.test(value) ? DAY - 1 : 0));
    }
  }
  return filter;
}

export const inRange = (seconds: number, min: number, max: number) => seconds >= min && seconds <= max;
