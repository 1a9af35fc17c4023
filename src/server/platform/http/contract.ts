import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { components } from '../../../shared/api/app.gen.ts';
import { type FieldError, MAX_FIELD_ERRORS } from './errors.ts';

export type Role = components['schemas']['Role'];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of a contract, with validators compiled from its schemas. */
export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The path as the contract writes it, e.g. `/stores/{id}/stats`. */
  path: string;
  /** No session needed (`security: []`). */
  isPublic: boolean;
  /** Roles allowed (`x-roles`); every role when absent. */
  roles: Role[] | undefined;
  /** The path parameter naming the store the call touches (`/stores/{id}/…`), checked by the tenancy guard. */
  storeParam: string | undefined;
  /** Reads or changes the store's data, which opens only with a plan or trial (`x-requires-plan`, SPEC §1). */
  requiresPlan: boolean;
  parameterNames: { path: string[]; query: string[] };
  hasBody: boolean;
  /**
   * The media types of a binary body (an upload: `image/png`, `video/mp4`…); empty for a JSON body or none.
   * Such a body reaches the handler as a file on disk with the type it was sent as (`UploadedFile`),
   * received after the gate within the operation's upload rules (api.ts, uploads.ts): the handler reads
   * the file and refuses, in its own words, what it does not take.
   */
  fileTypes: string[];
  validateParams: (value: unknown) => FieldError[];
  validateQuery: (value: unknown) => FieldError[];
  validateBody: (value: unknown) => FieldError[];
  /** Null when the response matches the contract, else what is wrong (a server bug). */
  checkResponse: (status: number, contentType: string | undefined, body: unknown) => string | null;
}

export interface Contract {
  name: string;
  document: Record<string, unknown>;
  operations: ContractOperation[];
}

type Json = Record<string, unknown>;
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export function loadContract(file: URL, name: string): Contract {
  const document = parse(readFileSync(file, 'utf8')) as Json;
  const resolved = dereference(document, document) as Json;
  // `verbose` keeps each error's schema, so a schema's own `x-message` can stand in for the generic text.
  const strict = addFormats(new Ajv2020({ strict: false, allErrors: true, verbose: true, discriminator: true }));
  // Path and query values arrive as text; they are coerced to the contract's types (in place, on a copy).
  const coercing = addFormats(new Ajv2020({ strict: false, allErrors: true, verbose: true, coerceTypes: true, discriminator: true }));
  const operations: ContractOperation[] = [];

  for (const [path, item] of Object.entries((resolved.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()] as Json | undefined;
      if (!operation) continue;
      const parameters = [...((item.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');
      const requestBody = operation.requestBody as Json | undefined;
      const content = (requestBody?.content ?? {}) as Json;
      const bodySchema = content['application/json'] as Json | undefined;
      const fileTypes = bodySchema ? [] : Object.keys(content);
      const security = (operation.security ?? resolved.security) as unknown[] | undefined;
      const storeParam = /\/stores\/\{(\w+)\}/.exec(path)?.[1];

      operations.push({
        operationId: String(operation.operationId),
        method,
        path,
        isPublic: Array.isArray(security) && security.length === 0,
        roles: operation['x-roles'] as Role[] | undefined,
        storeParam,
        requiresPlan: operation['x-requires-plan'] === true,
        parameterNames: { path: pathParams.map((p) => String(p.name)), query: queryParams.map((p) => String(p.name)) },
        hasBody: Boolean(bodySchema) || fileTypes.length > 0,
        fileTypes,
        validateParams: fieldValidator(() => coercing.compile(parametersSchema(pathParams))),
        validateQuery: fieldValidator(() => coercing.compile(parametersSchema(queryParams))),
        validateBody: bodySchema
          ? fieldValidator(() => strict.compile(bodySchema.schema as Json))
          : fileTypes.length > 0
            ? validateFile
            : (value) => (value === undefined || value === null ? [] : [{ field: '', message: 'Esta operación no recibe datos.' }]),
        checkResponse: responseChecker(strict, `${method} ${path}`, operation.responses as Json),
      });
    }
  }
  return { name, document, operations };
}

/** A binary body, once received: a file with some bytes, whatever their type (the handler judges the type and the content). */
function validateFile(value: unknown): FieldError[] {
  const size = (value as { size?: unknown } | null | undefined)?.size;
  return typeof size === 'number' && size > 0 ? [] : [{ field: '', message: 'Adjunta el archivo.' }];
}

function parametersSchema(parameters: Json[]): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    // Unknown query parameters (cache busters, tracking) are ignored rather than refused.
    additionalProperties: true,
  };
}

/**
 * What a choice says besides its branches' own errors: that the value matched none (`oneOf`, `anyOf`), and,
 * for a nullable field (`oneOf: [{ … }, { type: "null" }]`), that it is not null.
 */
const saysLessThanItsBranches = (error: ErrorObject) =>
  error.keyword === 'oneOf' || error.keyword === 'anyOf' || (error.keyword === 'type' && error.params.type === 'null');

/** What a text holding half a character is told; JSON can carry one (`"\ud800"`), PostgreSQL and the platforms cannot. */
export const MALFORMED_TEXT = 'Tiene un carácter que no es válido. Vuelve a escribir el texto.';

/**
 * Every text of `value`, names of fields included, that holds a UTF-16 surrogate without its pair: refused at the
 * edge for every operation, since no schema can say it and everything past the edge would fail on it.
 */
function malformedTexts(value: unknown, path: string[] = [], found: FieldError[] = []): FieldError[] {
  if (found.length === MAX_FIELD_ERRORS) return found;
  if (typeof value === 'string') {
    if (!value.isWellFormed()) found.push({ field: path.join('.'), message: MALFORMED_TEXT });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => malformedTexts(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.isWellFormed()) malformedTexts(item, [...path, key], found);
      else if (found.length < MAX_FIELD_ERRORS) found.push({ field: path.join('.'), message: MALFORMED_TEXT });
    }
  }
  return found;
}

/**
 * A validator compiled when it is first used: compiling every operation's schemas takes seconds, and a server (a
 * test's, a script's) answers only some of them. `contract.test.ts` compiles them all.
 */
function compiledOnUse(compile: () => ValidateFunction): () => ValidateFunction {
  let validate: ValidateFunction | undefined;
  return () => (validate ??= compile());
}

function fieldValidator(compile: () => ValidateFunction): (value: unknown) => FieldError[] {
  const compiled = compiledOnUse(compile);
  return (value) => {
    const malformed = malformedTexts(value);
    if (malformed.length > 0) return malformed;
    const validate = compiled();
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    // A field with an error of its own or of its parts ("a date between 2000 and 2100") answers with those only.
    const specific = errors.filter((error) => !saysLessThanItsBranches(error)).map((error) => `${error.instancePath}/`);
    const unique = new Map<string, FieldError>();
    for (const error of errors) {
      if (saysLessThanItsBranches(error) && specific.some((path) => path.startsWith(`${error.instancePath}/`))) continue;
      const fieldError = toFieldError(error);
      unique.set(`${fieldError.field}\u0000${fieldError.message}`, fieldError);
      if (unique.size === MAX_FIELD_ERRORS) break;
    }
    return [...unique.values()];
  };
}

function responseChecker(ajv: Ajv2020, label: string, responses: Json) {
  const validators = new Map<string, { json?: () => ValidateFunction; types: string[] }>();
  for (const [status, response] of Object.entries(responses)) {
    const content = ((response as Json).content ?? {}) as Record<string, Json>;
    // A stream's schema is that of each of its events.
    const json = (content['application/json'] ?? content['text/event-stream'])?.schema as Json | undefined;
    validators.set(status, { ...(json ? { json: compiledOnUse(() => ajv.compile(json)) } : {}), types: Object.keys(content) });
  }
  return (status: number, contentType: string | undefined, body: unknown): string | null => {
    const declared = validators.get(String(status)) ?? validators.get(`${String(status)[0]}XX`) ?? validators.get('default');
    if (!declared) return `${label} answered ${status}, which the contract does not declare`;
    if (declared.types.length === 0) return body === undefined || body === '' ? null : `${label} ${status} must have no body`;
    const type = contentType?.split(';')[0]?.trim();
    if (!type || !declared.types.includes(type))
      return `${label} ${status} answered ${type ?? 'no content type'}, expected ${declared.types.join(' or ')}`;
    const validate = declared.json?.();
    if ((type === 'application/json' || type === 'text/event-stream') && validate && !validate(body)) {
      return `${label} ${status} body breaks the contract: ${ajvText(validate.errors)}`;
    }
    return null;
  };
}

function ajvText(errorList: ErrorObject[] | null | undefined): string {
  return (errorList ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
}

/** Turns a validation error into a Spanish message on a dot-separated field path. */
function toFieldError(error: ErrorObject): FieldError {
  const base = error.instancePath.split('/').filter(Boolean).join('.');
  const join = (name: string) => (base ? `${base}.${name}` : name);
  const p = error.params as Record<string, unknown>;
  // A `not` speaks with the message of the schema it refuses (`ControlCharacters`), not with the field's own.
  if (error.keyword === 'not') {
    const refused = (error.schema as Json | undefined)?.['x-message'];
    return { field: base, message: typeof refused === 'string' ? refused : 'El valor no es válido.' };
  }
  const own = (error.parentSchema as Json | undefined)?.['x-message'];
  if (typeof own === 'string' && error.keyword !== 'required' && error.keyword !== 'additionalProperties')
    return { field: base, message: own };
  switch (error.keyword) {
    case 'required':
      return { field: join(String(p.missingProperty)), message: 'Este campo es obligatorio.' };
    case 'additionalProperties':
      return { field: join(String(p.additionalProperty)), message: 'Este campo no se permite.' };
    case 'minLength':
      return { field: base, message: p.limit === 1 ? 'Este campo es obligatorio.' : `Debe tener al menos ${p.limit} caracteres.` };
    case 'maxLength':
      return { field: base, message: `Debe tener como máximo ${p.limit} caracteres.` };
    case 'format':
      return { field: base, message: p.format === 'email' ? 'Ingresa un correo electrónico válido.' : 'El formato no es válido.' };
    case 'pattern':
      return { field: base, message: 'El texto no tiene el formato esperado.' };
    case 'minimum':
      return { field: base, message: `Debe ser mayor o igual a ${p.limit}.` };
    case 'exclusiveMinimum':
      return { field: base, message: `Debe ser mayor que ${p.limit}.` };
    case 'maximum':
      return { field: base, message: `Debe ser menor o igual a ${p.limit}.` };
    case 'exclusiveMaximum':
      return { field: base, message: `Debe ser menor que ${p.limit}.` };
    case 'enum':
      return { field: base, message: 'Elige uno de los valores permitidos.' };
    case 'type':
      return { field: base, message: typeMessage(String(p.type)) };
    case 'minItems':
      return { field: base, message: `Debe tener al menos ${p.limit} elementos.` };
    case 'maxItems':
      return { field: base, message: `Debe tener como máximo ${p.limit} elementos.` };
    default:
      return { field: base, message: 'El valor no es válido.' };
  }
}

function typeMessage(type: string): string {
  if (type.includes('integer')) return 'Debe ser un número entero.';
  if (type.includes('number')) return 'Debe ser un número.';
  if (type.includes('boolean')) return 'Debe ser verdadero o falso.';
  if (type.includes('array')) return 'Debe ser una lista.';
  if (type.includes('object')) return 'Debe ser un objeto.';
  return 'Debe ser un texto.';
}

/** Inlines every local `$ref` (our contracts have no recursive schemas; a cycle is refused). */
function dereference(node: unknown, root: Json, trail: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((child) => dereference(child, root, trail));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) throw new Error(`Only local $ref are supported, got ${ref}`);
    if (trail.includes(ref)) throw new Error(`Recursive $ref ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((value, key) => (value as Json | undefined)?.[key], root);
    if (target === undefined) throw new Error(`Unresolved $ref ${ref}`);
    return dereference(target, root, [...trail, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, root, trail)]));
}

// Read once per process: every app built in it (tests build many) shares them and the validators they compiled.
let app: Contract | undefined;
let backend: Contract | undefined;
export const appContract = () => (app ??= loadContract(new URL('../../../../openapi/app.yaml', import.meta.url), 'app'));
export const backendContract = () => (backend ??= loadContract(new URL('../../../../openapi/backend.yaml', import.meta.url), 'backend'));
