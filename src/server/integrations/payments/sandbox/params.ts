import type { FormObject, FormValue } from './form.ts';
import { invalidRequest, missingParam, unknownParam } from './stripe-errors.ts';

/*
 * Reading a request's parameters as Stripe does: unknown ones refused by name, required ones named
 * when missing, integers, booleans and enums checked, each error naming the parameter in bracket
 * notation (`items[0][price]`).
 */

const isObject = (value: FormValue | undefined): value is FormObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class Params {
  constructor(
    readonly values: FormObject,
    /** Where these sit in the request (`items[0]`), for error messages; '' at the top. */
    readonly path = '',
  ) {}

  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** Refuses any parameter not in `accepted` (`expand` is always accepted at the top). */
  only(accepted: readonly string[]): this {
    for (const key of Object.keys(this.values))
      if (!accepted.includes(key) && !(this.path === '' && key === 'expand')) throw unknownParam(this.name(key));
    return this;
  }

  /** A string, or undefined when absent. An empty string is returned as is: Stripe reads it as "unset". */
  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)} must be a string`, this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  integer(key: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const text = this.string(key);
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, this.name(key), 'parameter_invalid_integer');
    const value = Number(text);
    if (bounds.min !== undefined && value < bounds.min)
      throw invalidRequest(`This value must be greater than or equal to ${bounds.min}.`, this.name(key));
    if (bounds.max !== undefined && value > bounds.max)
      throw invalidRequest(`This value must be less than or equal to ${bounds.max}.`, this.name(key));
    return value;
  }

  boolean(key: string): boolean | undefined {
    const text = this.string(key);
    if (text === undefined || text === '') return undefined;
    if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, this.name(key));
    return text === 'true';
  }

  enumOf<T extends string>(key: string, options: readonly T[]): T | undefined {
    const text = this.string(key);
    if (text === undefined || text === '') return undefined;
    if (!(options as readonly string[]).includes(text)) {
      const listed = options.length > 1 ? `${options.slice(0, -1).join(', ')}, or ${options.at(-1)}` : options[0];
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${listed}`, this.name(key));
    }
    return text as T;
  }

  /** A list of strings (`expand[]=a&expand[]=b`, `expand[0]=a`); one plain value is taken as a list of one. */
  strings(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value === '' ? [] : [value];
    const items = Array.isArray(value) ? value : Object.values(value);
    return items.map((item, index) => {
      if (typeof item !== 'string') throw invalidRequest('Invalid array', `${this.name(key)}[${index}]`);
      return item;
    });
  }

  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (!isObject(value)) throw invalidRequest('Invalid object', this.name(key));
    return new Params(value, this.name(key));
  }

  list(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null;
    if (!items) throw invalidRequest('Invalid array', this.name(key));
    return items.map((item, index) => {
      if (!isObject(item)) throw invalidRequest('Invalid object', `${this.name(key)}[${index}]`);
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  /**
   * A metadata patch applied to `current`: `metadata[k]=v` sets, `metadata[k]=` removes, `metadata=`
   * clears. Stripe's limits: 50 keys, keys up to 40 characters, values up to 500.
   */
  metadata(current: Record<string, string> = {}, key = 'metadata'): Record<string, string> {
    const value = this.values[key];
    if (value === undefined) return current;
    if (value === '') return {};
    if (!isObject(value)) throw invalidRequest('Invalid object', this.name(key));
    const next = { ...current };
    for (const [name, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw invalidRequest('Invalid string', `${this.name(key)}[${name}]`);
      if (name.length > 40) throw invalidRequest('Metadata keys can have up to 40 characters.', `${this.name(key)}[${name}]`);
      if (entry.length > 500) throw invalidRequest('Metadata values can have up to 500 characters.', `${this.name(key)}[${name}]`);
      if (entry === '') delete next[name];
      else next[name] = entry;
    }
    if (Object.keys(next).length > 50) throw invalidRequest('Metadata can have up to 50 keys.', this.name(key));
    return next;
  }
}
