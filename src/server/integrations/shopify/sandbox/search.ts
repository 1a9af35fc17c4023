import { TIMELINE_START_MS } from './generator.ts';

const DAY = 86_400;

/** Inclusive time bounds in seconds since the timeline start, from Shopify search syntax. */
export interface TimeFilter {
  createdMin: number;
  createdMax: number;
  updatedMin: number;
  updatedMax: number;
}

/** A search: its time bounds, inclusive bounds on the numeric id, and an exact email (lower case). */
export interface SearchFilter extends TimeFilter {
  idMin: number;
  idMax: number;
  email: string | null;
}

/** What a record offers a search: its numeric id, its times (seconds since the timeline start), its email. */
export interface Searchable {
  id: number;
  createdAt: number;
  updatedAt: number;
  email?: string | null;
}

const BOUNDS = { createdAt: ['createdMin', 'createdMax'], updatedAt: ['updatedMin', 'updatedMax'], id: ['idMin', 'idMax'] } as const;

/**
 * Reads the parts of Shopify's search syntax the sandbox understands: `created_at` and `updated_at`
 * compared with `>=`, `>`, `<=`, `<` or `:` to a date or date-time (quoted or not), `id` compared
 * the same way to a number, and `email:` an exact address, joined by spaces or AND. Other terms are
 * ignored. Dates without a time are midnight UTC.
 */
export function parseSearch(query: string | null | undefined): SearchFilter {
  const filter: SearchFilter = {
    createdMin: -Infinity,
    createdMax: Infinity,
    updatedMin: -Infinity,
    updatedMax: Infinity,
    idMin: -Infinity,
    idMax: Infinity,
    email: null,
  };
  if (!query) return filter;
  const term = /(?<![\w.])(created_at|updated_at|id|email):(>=|<=|>|<)?\s*(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  for (const match of query.matchAll(term)) {
    const [, field, op = '', quoted1, quoted2, bare] = match;
    const value = (quoted1 ?? quoted2 ?? bare ?? '').trim();
    if (field === 'email') {
      if (!op) filter.email = value.toLowerCase();
      continue;
    }
    let point: number;
    let span = 0;
    if (field === 'id') {
      point = /^\d+$/.test(value) ? Number(value) : Number(/\/(\d+)$/.exec(value)?.[1] ?? Number.NaN);
    } else {
      const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
      point = (ms - TIMELINE_START_MS) / 1000;
      // A bare date means that whole day.
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) span = DAY - 1;
    }
    if (Number.isNaN(point)) continue;
    const [min, max] = BOUNDS[field === 'id' ? 'id' : field === 'created_at' ? 'createdAt' : 'updatedAt'];
    if (op === '>=') filter[min] = Math.max(filter[min], Math.ceil(point));
    else if (op === '>') filter[min] = Math.max(filter[min], Math.floor(point) + 1);
    else if (op === '<=') filter[max] = Math.min(filter[max], Math.floor(point));
    else if (op === '<') filter[max] = Math.min(filter[max], Math.ceil(point) - 1);
    else {
      filter[min] = Math.max(filter[min], Math.ceil(point));
      filter[max] = Math.min(filter[max], Math.ceil(point) + span);
    }
  }
  return filter;
}

export const inRange = (seconds: number, min: number, max: number) => seconds >= min && seconds <= max;

/** Whether the search bounds `updated_at`, `id` or `email`, which the stores' time indexes do not answer. */
export const filtersBeyondCreation = (filter: SearchFilter) =>
  filter.updatedMin !== -Infinity ||
  filter.updatedMax !== Infinity ||
  filter.idMin !== -Infinity ||
  filter.idMax !== Infinity ||
  filter.email !== null;

/** Whether `record` passes every bound of the search. */
export function matches(filter: SearchFilter, record: Searchable): boolean {
  return (
    inRange(record.createdAt, filter.createdMin, filter.createdMax) &&
    inRange(record.updatedAt, filter.updatedMin, filter.updatedMax) &&
    inRange(record.id, filter.idMin, filter.idMax) &&
    (filter.email === null || (record.email ?? '').toLowerCase() === filter.email)
  );
}
