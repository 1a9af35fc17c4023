import {
  type DocumentNode,
  GraphQLError,
  getOperationAST,
  getVariableValues,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import { adminSchema } from '../schema.ts';

/** An error as Shopify's Admin API writes it in `errors` (graphql-ruby's shapes and codes). */
export interface AdminGraphqlError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

export type CheckedDocument =
  | { ok: true; document: DocumentNode; operation: OperationDefinitionNode; variables: Record<string, unknown> }
  | { ok: false; errors: AdminGraphqlError[] };

const locationsOf = (error: GraphQLError) => error.locations?.map(({ line, column }) => ({ line, column }));

/**
 * graphql-js and graphql-ruby (which Shopify runs) find the same faults but word them differently:
 * the faults a client makes most often are rewritten in Shopify's words and codes, the rest keep
 * graphql-js's message.
 */
const SHOPIFY_WORDING: Array<{
  pattern: RegExp;
  rewrite: (match: RegExpExecArray) => { message: string; extensions: Record<string, unknown> };
}> = [
  {
    pattern: /^Cannot query field "(\w+)" on type "(\w+)"/,
    rewrite: ([, field, type]) => ({
      message: `Field '${field}' doesn't exist on type '${type}'`,
      extensions: { code: 'undefinedField', typeName: type, fieldName: field },
    }),
  },
  {
    pattern: /^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"/,
    rewrite: ([, argument, , field]) => ({
      message: `Field '${field}' doesn't accept argument '${argument}'`,
      extensions: { code: 'argumentNotAccepted', name: field, typeName: 'Field', argumentName: argument },
    }),
  },
  {
    pattern: /^Field "(\w+)" argument "(\w+)" of type "[^"]+" is required, but it was not provided/,
    rewrite: ([, field, argument]) => ({
      message: `Field '${field}' is missing required arguments: ${argument}`,
      extensions: { code: 'missingRequiredArguments', className: 'Field', name: field, arguments: argument },
    }),
  },
  {
    pattern: /^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields/,
    rewrite: ([, field, type]) => ({
      message: `Selections can't be made on scalars (field '${field}' returns ${type} but has selections)`,
      extensions: { code: 'selectionMismatch', nodeName: `field '${field}'`, typeName: type },
    }),
  },
  {
    pattern: /^Field "(\w+)" of type "([^"]+)" must have a selection of subfields/,
    rewrite: ([, field, type]) => ({
      message: `Field must have selections (field '${field}' returns ${(type ?? '').replace(/[![\]]/g, '')} but has no selections)`,
      extensions: { code: 'selectionMismatch', nodeName: `field '${field}'`, typeName: type },
    }),
  },
  {
    pattern: /^Unknown type "(\w+)"/,
    rewrite: ([, type]) => ({
      message: `No such type ${type}, so it can't be a fragment condition`,
      extensions: { code: 'undefinedType', typeName: type },
    }),
  },
  {
    pattern: /^Variable "\$(\w+)" is not defined/,
    rewrite: ([, variable]) => ({
      message: `Variable $${variable} is used but not declared`,
      extensions: { code: 'variableNotDefined', variableName: variable },
    }),
  },
  {
    pattern: /^Variable "\$(\w+)" is never used/,
    rewrite: ([, variable]) => ({
      message: `Variable $${variable} is declared but not used`,
      extensions: { code: 'variableNotUsed', variableName: variable },
    }),
  },
];

function inShopifyWords(error: GraphQLError): AdminGraphqlError {
  for (const { pattern, rewrite } of SHOPIFY_WORDING) {
    const match = pattern.exec(error.message);
    if (match) return { ...rewrite(match), locations: locationsOf(error) };
  }
  return { message: error.message, locations: locationsOf(error) };
}

function parsed(query: string): DocumentNode | AdminGraphqlError {
  try {
    return parse(query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    const at = error.locations?.[0];
    // graphql-ruby's wording, with graphql-js's description of what it found.
    return {
      message: `Parse error: ${error.message.replace(/^Syntax Error: /, '')}${at ? ` at [${at.line}, ${at.column}]` : ''}`,
      locations: locationsOf(error),
    };
  }
}

/**
 * Checks a request as Shopify's Admin endpoint does before running it: the document parses, is
 * valid against the Admin schema of the version served, names an operation it holds, and the
 * variables fit their declared types.
 */
export function checkRequest(query: string | undefined, operationName: string | null | undefined, variables: unknown): CheckedDocument {
  if (!query) return { ok: false, errors: [{ message: 'No query string was present' }] };
  const document = parsed(query);
  if (!('kind' in document)) return { ok: false, errors: [document] };
  const invalid = validate(adminSchema(), document);
  if (invalid.length > 0) return { ok: false, errors: invalid.map(inShopifyWords) };
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) {
    return {
      ok: false,
      errors: [{ message: operationName ? `No operation named "${operationName}"` : 'An operation name is required' }],
    };
  }
  const inputs = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
  const coerced = getVariableValues(adminSchema(), operation.variableDefinitions ?? [], inputs);
  if (coerced.errors) {
    return {
      ok: false,
      errors: coerced.errors.map((error) => {
        const name = /^Variable "\$(\w+)"/.exec(error.message)?.[1] ?? '';
        const definition = operation.variableDefinitions?.find((d) => d.variable.name.value === name);
        const type = definition?.type.loc ? query.slice(definition.type.loc.start, definition.type.loc.end) : '';
        return {
          message: `Variable $${name} of type ${type} was provided invalid value`,
          locations: locationsOf(error),
          extensions: { value: inputs[name] ?? null, problems: [{ path: [], explanation: error.message }] },
        };
      }),
    };
  }
  return { ok: true, document, operation, variables: coerced.coerced };
}

/**
 * Why Shopify would refuse `query` as a bulk operation's query, in its words; null when it would
 * run it. Beyond the schema, a bulk query reads through connections (`edges { node }` or `nodes`).
 */
export function bulkQueryProblem(query: string): string | null {
  const document = parsed(query);
  if (!('kind' in document)) return `Invalid bulk query: ${document.message}`;
  const invalid = validate(adminSchema(), document);
  if (invalid.length > 0) return `Invalid bulk query: ${inShopifyWords(invalid[0]!).message}`;
  const operation = getOperationAST(document);
  if (!operation || operation.operation !== 'query') return 'Invalid bulk query: the bulk query must be a single query.';
  return null;
}
