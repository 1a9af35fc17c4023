import type { Params } from './params.ts';
import { invalidRequest, missingParam } from './stripe-errors.ts';

/*
 * Stripe's Search Query Language (`/v1/customers/search`, `/v1/subscriptions/search`) over the model:
 * clauses `field:value` (exact), `field~value` (contains, 3 characters at least), `-` to negate,
 * `metadata['key']:'value'`, and `created` compared as a number (`created>1700000000`), joined by
 * AND or by OR (never both, at most 10 clauses). Each resource searches only the fields Stripe lists
 * for it. Results come newest first, a page at a time, with Stripe's opaque `next_page` token.
 */

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';

interface Clause {
  field: string;
  /** The metadata key, for `metadata['key']`. */
  key?: string;
  operator: Operator;
  value: string;
  negated: boolean;
}

export interface SearchResult<T> {
  object: 'search_result';
  data: T[];
  has_more: boolean;
  next_page: string | null;
  url: string;
}

/** What a searchable object offers: each field's value as text, metadata, and its creation time. */
export interface Searchable {
  id: string;
  created: number;
  metadata?: Record<string, string> | null;
}

const CLAUSE = /^(-)?(metadata\[(['"])(.+?)\3\]|[a-z_]+)\s*(>=|<=|:|~|>|<)\s*(?:(['"])(.*?)\6|(-?\d+))$/;
const MAX_CLAUSES = 10;

const malformed = (query: string) =>
  invalidRequest(
    `The query "${query}" could not be parsed. See https://stripe.com/docs/search#search-query-language for the search syntax.`,
    'query',
  );

/** The query's clauses and how they join; Stripe's 400 for a query it cannot read. */
function parseQuery(query: string, resource: string, fields: readonly string[]): { clauses: Clause[]; any: boolean } {
  const parts = query.trim().split(/\s+(AND|OR)\s+/);
  const joiners = new Set(parts.filter((_, index) => index % 2 === 1));
  if (joiners.size > 1) throw invalidRequest('Search queries cannot mix AND and OR. Use only one of them in a query.', 'query');
  const texts = parts.filter((_, index) => index % 2 === 0);
  if (texts.length > MAX_CLAUSES) throw invalidRequest(`A search query can have at most ${MAX_CLAUSES} clauses.`, 'query');
  const clauses = texts.map((text): Clause => {
    const match = CLAUSE.exec(text.trim());
    if (!match) throw malformed(query);
    const [, negation, field, , key, operator, , quoted, number] = match;
    const name = key === undefined ? field! : 'metadata';
    if (!fields.includes(name))
      throw invalidRequest(
        `Field '${name}' is an unsupported search field for resource ${resource}. See http://stripe.com/docs/search#query-fields-for-${resource} for a list of supported fields.`,
        'query',
      );
    const numeric = name === 'created';
    if (numeric !== (number !== undefined) || (!numeric && !(operator === ':' || operator === '~'))) throw malformed(query);
    const value = quoted ?? number!;
    if (operator === '~' && value.length < 3) throw invalidRequest('Substring search (~) needs at least 3 characters.', 'query');
    return { field: name, ...(key === undefined ? {} : { key }), operator: operator as Operator, value, negated: negation === '-' };
  });
  return { clauses, any: joiners.has('OR') };
}

function matches<T extends Searchable>(item: T, clause: Clause, textOf: (item: T, field: string) => string | null): boolean {
  let found: boolean;
  if (clause.field === 'created') {
    const value = Number(clause.value);
    const compare = {
      ':': item.created === value,
      '>': item.created > value,
      '<': item.created < value,
      '>=': item.created >= value,
      '<=': item.created <= value,
    };
    found = compare[clause.operator as keyof typeof compare] ?? false;
  } else {
    const text = clause.field === 'metadata' ? (item.metadata?.[clause.key!] ?? null) : textOf(item, clause.field);
    found =
      text !== null &&
      (clause.operator === '~'
        ? text.toLowerCase().includes(clause.value.toLowerCase())
        : text.toLowerCase() === clause.value.toLowerCase());
  }
  return clause.negated ? !found : found;
}

/** One page of `items` (newest first) matching `params.query` over `fields`, as Stripe's search answers. */
export function search<T extends Searchable>(
  items: readonly T[],
  params: Params,
  {
    resource,
    url,
    fields,
    textOf,
  }: { resource: string; url: string; fields: readonly string[]; textOf: (item: T, field: string) => string | null },
): SearchResult<T> {
  params.only(['query', 'limit', 'page']);
  const query = params.string('query');
  if (!query) throw missingParam('query');
  const { clauses, any } = parseQuery(query, resource, fields);
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const token = params.string('page');
  const offset = token
    ? Number(
        Buffer.from(token, 'base64url')
          .toString('utf8')
          .replace(/^offset:/, ''),
      )
    : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('Invalid page token.', 'page');
  const found = items.filter((item) =>
    any ? clauses.some((clause) => matches(item, clause, textOf)) : clauses.every((clause) => matches(item, clause, textOf)),
  );
  const data = found.slice(offset, offset + limit);
  const more = offset + limit < found.length;
  return {
    object: 'search_result',
    data,
    has_more: more,
    next_page: more ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
    url,
  };
}
