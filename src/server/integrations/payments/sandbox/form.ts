/*
 * Stripe's request encoding: `application/x-www-form-urlencoded` (and the query string of GETs and
 * DELETEs) with bracket notation for nesting, read as `qs` reads it: `items[0][price]=…`,
 * `expand[]=…`, `metadata[plan]=…`. Indices and `[]` make arrays; an empty value (`metadata[x]=`) is
 * kept as the empty string, which Stripe reads as "unset".
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Beyond these a body is refused rather than parsed (Stripe's own limits are similar in spirit). */
const MAX_PAIRS = 2000;
const MAX_DEPTH = 8;
/** Keys that would reach an object's prototype if written as properties. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export class FormError extends Error {
  override name = 'FormError';
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][0][]` → ['a', 'b', '0', ''] */
function pathOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = segment.exec(rest); match; match = segment.exec(rest)) {
    if (match.index !== consumed) break;
    path.push(match[1]!);
    consumed = match.index + match[0].length;
  }
  // Text after the brackets (`a[b]c`) is kept as part of the last segment, as qs does.
  if (consumed < rest.length) path[path.length - 1] += rest.slice(consumed);
  return path;
}

/** Marks objects built from `[n]` / `[]` segments, turned into arrays once parsing is done. */
const ARRAYISH = Symbol('arrayish');
type Node = Record<string, unknown> & { [ARRAYISH]?: true };

const newNode = (): Node => Object.create(null) as Node;

function assign(root: Node, path: string[], value: string) {
  if (path.length > MAX_DEPTH) throw new FormError(`Parameter nested too deeply: ${path[0]}`);
  if (path.some((segment) => FORBIDDEN_KEYS.has(segment))) return;
  let node = root;
  for (let index = 0; index < path.length; index += 1) {
    let segment = path[index]!;
    const last = index === path.length - 1;
    const arrayish = index > 0 && (segment === '' || /^\d+$/.test(segment));
    if (arrayish) node[ARRAYISH] = true;
    if (segment === '') segment = String(Object.keys(node).length);
    if (last) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next === 'object' && next !== null) node = next as Node;
    else {
      const child = newNode();
      node[segment] = child;
      node = child;
    }
  }
}

function finish(node: unknown): FormValue {
  if (typeof node !== 'object' || node === null) return node as string;
  const source = node as Node;
  const keys = Object.keys(source);
  if (source[ARRAYISH] && keys.every((key) => /^\d+$/.test(key)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => finish(source[key]));
  const out: FormObject = {};
  for (const key of keys) out[key] = finish(source[key]);
  return out;
}

/** Parses a form body or query string (without its `?`) into nested objects and arrays of strings. */
export function parseForm(text: string): FormObject {
  const root = newNode();
  if (!text) return {};
  const pairs = text.split('&');
  if (pairs.length > MAX_PAIRS) throw new FormError('Too many parameters.');
  for (const pair of pairs) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decode(pair.slice(equals + 1));
    if (!key) continue;
    assign(root, pathOf(key), value);
  }
  return finish(root) as FormObject;
}

/** A stable text of parameters, to tell whether two requests sent the same ones (idempotency). */
export function canonicalForm(value: FormValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key])}`)
    .join(',')}}`;
}
