/*
 * Klaviyo's query parameters as its API overview documents them: `filter` (its expression language:
 * `equals(email,"a@b.cl")`, `any(id,["1","2"])`, `greater-than(updated,2026-01-01T00:00:00Z)`, joined by
 * commas or `and(…)`), `sort` (a field, `-` for descending), sparse fieldsets (`fields[type]=a,b`) and
 * `page[size]`. Each endpoint names the fields and operators it allows; anything else is refused with
 * the 400 Klaviyo answers, so a call the real API would refuse never passes here.
 */

export type Operator =
  | 'equals'
  | 'any'
  | 'contains'
  | 'contains-any'
  | 'contains-all'
  | 'starts-with'
  | 'ends-with'
  | 'greater-than'
  | 'greater-or-equal'
  | 'less-than'
  | 'less-or-equal'
  | 'has';

const OPERATORS: readonly string[] = [
  'equals',
  'any',
  'contains',
  'contains-any',
  'contains-all',
  'starts-with',
  'ends-with',
  'greater-than',
  'greater-or-equal',
  'less-than',
  'less-or-equal',
  'has',
];

/** What an endpoint documents: for each filterable field, its operators; the sort fields; page sizes. */
export interface QuerySpec {
  filter?: Record<string, readonly Operator[]>;
  sort?: readonly string[];
  page?: { byDefault: number; max: number };
}

export type Value = string | number | boolean | null | Date | Value[];

export interface Condition {
  operator: Operator;
  field: string;
  value: Value;
}

/** A refusal of a query parameter: the server turns it into Klaviyo's 400 with `source.parameter`. */
export class QueryError extends Error {
  constructor(
    readonly parameter: string,
    detail: string,
  ) {
    super(detail);
  }
}

const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Reads one filter expression into the conditions it ANDs together. */
export function parseFilter(text: string): Condition[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new QueryError('filter', `Invalid filter provided: ${why} (at position ${at} of '${text}').`);
  };
  const space = () => {
    while (text[at] === ' ') at += 1;
  };
  const expect = (char: string) => {
    space();
    if (text[at] !== char) fail(`expected '${char}'`);
    at += 1;
  };
  const word = () => {
    space();
    const match = /^[A-Za-z_][\w.-]*/.exec(text.slice(at));
    if (!match) return fail('expected a name');
    at += match[0].length;
    return match[0];
  };

  function quoted(): string {
    const quote = text[at]!;
    let out = '';
    at += 1;
    while (at < text.length && text[at] !== quote) {
      if (text[at] === '\\' && at + 1 < text.length) at += 1;
      out += text[at];
      at += 1;
    }
    if (text[at] !== quote) fail('unterminated string');
    at += 1;
    return out;
  }

  function value(): Value {
    space();
    const char = text[at];
    if (char === '"' || char === "'") return quoted();
    if (char === '[') {
      at += 1;
      const items: Value[] = [];
      space();
      if (text[at] === ']') {
        at += 1;
        return items;
      }
      for (;;) {
        items.push(value());
        space();
        if (text[at] === ']') {
          at += 1;
          return items;
        }
        expect(',');
      }
    }
    const match = /^[^,()\]\s]+/.exec(text.slice(at));
    if (!match) return fail('expected a value');
    at += match[0].length;
    const raw = match[0];
    if (raw === 'true' || raw === 'false') return raw === 'true';
    if (raw === 'null') return null;
    if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
    if (DATETIME.test(raw) && !Number.isNaN(Date.parse(raw))) return new Date(raw);
    return fail(`'${raw}' is not a value (strings are quoted)`);
  }

  function expression(): Condition[] {
    const name = word();
    expect('(');
    if (name === 'and') {
      const all = list();
      expect(')');
      return all;
    }
    if (name === 'or' || name === 'not') fail(`'${name}' is not supported by this endpoint`);
    if (!OPERATORS.includes(name)) fail(`unknown operator '${name}'`);
    const field = word();
    if (name === 'has') {
      expect(')');
      return [{ operator: 'has', field, value: null }];
    }
    expect(',');
    const argument = value();
    expect(')');
    return [{ operator: name as Operator, field, value: argument }];
  }

  function list(): Condition[] {
    const all = expression();
    space();
    while (text[at] === ',') {
      at += 1;
      all.push(...expression());
      space();
    }
    return all;
  }

  const conditions = list();
  space();
  if (at !== text.length) fail('unexpected text after the expression');
  return conditions;
}

/** The conditions of `filter`, each checked against what the endpoint allows. */
export function filterOf(raw: unknown, spec: QuerySpec): Condition[] {
  const text = single(raw, 'filter');
  if (text === undefined) return [];
  const conditions = parseFilter(text);
  for (const condition of conditions) {
    const allowed = spec.filter?.[condition.field];
    if (!allowed) throw new QueryError('filter', `'${condition.field}' is not a valid field for the resource.`);
    if (!allowed.includes(condition.operator))
      throw new QueryError('filter', `Filter operation '${condition.operator}' not allowed for field '${condition.field}'.`);
    const many = condition.operator === 'any' || condition.operator === 'contains-any' || condition.operator === 'contains-all';
    if (many !== Array.isArray(condition.value))
      throw new QueryError(
        'filter',
        many ? `'${condition.operator}' takes a list of values.` : `'${condition.operator}' takes a single value.`,
      );
    if (/^(greater|less)-/.test(condition.operator) && !(condition.value instanceof Date) && typeof condition.value !== 'number')
      throw new QueryError('filter', `'${condition.operator}' on '${condition.field}' takes a date-time or a number.`);
  }
  return conditions;
}

/** A field of a resource: its top-level `id`, or a (dotted) attribute. */
export function fieldOf(resource: { id: string; attributes: Record<string, unknown> }, path: string): unknown {
  if (path === 'id') return resource.id;
  let value: unknown = resource.attributes;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

const comparable = (value: unknown): string | number | null => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value))) return Date.parse(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return null;
};

const same = (actual: unknown, expected: Value): boolean => {
  if (expected instanceof Date) return comparable(actual) === expected.getTime();
  if (typeof actual === 'string' && typeof expected === 'string') return actual === expected;
  return actual === expected;
};

function holds(actual: unknown, { operator, value }: Condition): boolean {
  switch (operator) {
    case 'equals':
      return same(actual, value);
    case 'any':
      return (value as Value[]).some((item) => same(actual, item));
    case 'has':
      return actual !== null && actual !== undefined && actual !== '';
    case 'contains':
      if (Array.isArray(actual)) return actual.some((item) => same(item, value));
      return typeof actual === 'string' && typeof value === 'string' && actual.includes(value);
    case 'contains-any':
      return Array.isArray(actual) && (value as Value[]).some((item) => actual.some((one) => same(one, item)));
    case 'contains-all':
      return Array.isArray(actual) && (value as Value[]).every((item) => actual.some((one) => same(one, item)));
    case 'starts-with':
      return typeof actual === 'string' && typeof value === 'string' && actual.startsWith(value);
    case 'ends-with':
      return typeof actual === 'string' && typeof value === 'string' && actual.endsWith(value);
    default: {
      const left = comparable(actual);
      const right = comparable(value);
      if (left === null || right === null || typeof left !== typeof right) return false;
      if (operator === 'greater-than') return left > right;
      if (operator === 'greater-or-equal') return left >= right;
      if (operator === 'less-than') return left < right;
      return left <= right;
    }
  }
}

export function matches(resource: { id: string; attributes: Record<string, unknown> }, conditions: readonly Condition[]): boolean {
  return conditions.every((condition) => holds(fieldOf(resource, condition.field), condition));
}

/** The sort `field` and its direction, when the endpoint documents it; undefined when none was asked. */
export function sortOf(raw: unknown, spec: QuerySpec): { field: string; descending: boolean } | undefined {
  const text = single(raw, 'sort');
  if (text === undefined) return undefined;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  if (!spec.sort?.includes(field)) throw new QueryError('sort', `'${text}' is not a valid sort for this resource.`);
  return { field, descending };
}

export function sorted<T extends { id: string; attributes: Record<string, unknown> }>(
  items: T[],
  order: { field: string; descending: boolean } | undefined,
): T[] {
  if (!order) return items;
  const key = (item: T) => comparable(fieldOf(item, order.field));
  return [...items].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    // Missing values last, as if larger than any.
    const compared = left === right ? 0 : left === null ? 1 : right === null ? -1 : left < right ? -1 : 1;
    return order.descending ? -compared : compared;
  });
}

/** `page[size]` within the endpoint's range (its default when absent). */
export function pageSizeOf(raw: unknown, spec: QuerySpec): number {
  const page = spec.page ?? { byDefault: 20, max: 100 };
  const text = single(raw, 'page[size]');
  if (text === undefined) return page.byDefault;
  const size = Number(text);
  if (!/^\d+$/.test(text) || size < 1 || size > page.max)
    throw new QueryError('page[size]', `Page size must be an integer between 1 and ${page.max}.`);
  return size;
}

/**
 * The attributes a sparse fieldset asks for (`fields[profile]=email,first_name`), checked against the
 * type's documented fields; null when the parameter is absent (every attribute).
 */
export function fieldsetOf(query: Record<string, unknown>, type: string, documented: readonly string[]): string[] | null {
  const name = `fields[${type}]`;
  const fields = listParameter(query, name);
  if (fields === null) return null;
  for (const field of fields)
    if (!documented.includes(field) && !documented.some((known) => field.startsWith(`${known}.`)))
      throw new QueryError(name, `'${field}' is not a valid field for the resource '${type}'.`);
  return fields;
}

/** The attributes a fieldset keeps: whole top-level attributes, or the dotted parts named. */
export function sparse(attributes: Record<string, unknown>, fields: readonly string[] | null): Record<string, unknown> {
  if (fields === null) return attributes;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const [head, ...rest] = field.split('.');
    if (!(head! in attributes)) continue;
    if (rest.length === 0) {
      out[head!] = attributes[head!];
      continue;
    }
    // A nested field keeps its branch only.
    let from = attributes[head!] as Record<string, unknown> | null;
    let into = (out[head!] ??= {}) as Record<string, unknown>;
    for (const [index, part] of rest.entries()) {
      if (!from || typeof from !== 'object') break;
      if (index === rest.length - 1) into[part] = from[part];
      else {
        from = from[part] as Record<string, unknown> | null;
        into = (into[part] ??= {}) as Record<string, unknown>;
      }
    }
  }
  return out;
}

/** Additional fields a request asks for (`additional-fields[profile]=subscriptions`), checked against `allowed`. */
export function additionalFieldsOf(query: Record<string, unknown>, type: string, allowed: readonly string[]): string[] {
  const name = `additional-fields[${type}]`;
  const fields = listParameter(query, name) ?? [];
  for (const field of fields)
    if (!allowed.includes(field)) throw new QueryError(name, `'${field}' is not a valid additional field for the resource '${type}'.`);
  return fields;
}

/** A list-valued parameter, comma-separated as Klaviyo documents and its SDK sends (`fields[profile]=email,first_name`). */
function listParameter(query: Record<string, unknown>, name: string): string[] | null {
  const raw = query[name];
  if (raw === undefined) return null;
  return (Array.isArray(raw) ? raw : [raw]).flatMap((part) => String(part).split(',')).filter((field) => field !== '');
}

function single(raw: unknown, parameter: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new QueryError(parameter, `'${parameter}' may be given once.`);
  return raw;
}
