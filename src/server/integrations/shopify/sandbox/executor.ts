import {
  type DocumentNode,
  executeSync,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLTypeResolver,
  isNonNullType,
  Kind,
} from 'graphql';
import { adminSchema } from '../schema.ts';
import type { QueryCost } from '../types.ts';
import { type CostBucket, createCostTally, MAX_QUERY_COST, maxCostExceeded, requestedCost, throttled } from './cost.ts';
import { type AdminGraphqlError, checkRequest } from './documents.ts';
import { type AdminContext, NODE_FIELDS, RESOLVERS, type Source } from './resolvers.ts';

/**
 * The Admin endpoint's GraphQL: a request is checked against Shopify's Admin schema, priced, let
 * through the cost bucket and executed with graphql-js over the generated store (resolvers.ts).
 */

/** A field's value as its source holds it: its own value, a resolver of its type, or its lazily built node. */
function read(source: Source, name: string): unknown {
  const own = source[name];
  if (own !== undefined) return own;
  const load = source.__load as (() => Source) | undefined;
  return load ? load()[name] : undefined;
}

function resolveValue(source: Source, args: Record<string, unknown>, context: AdminContext, info: GraphQLResolveInfo): unknown {
  let value = source[info.fieldName];
  if (value === undefined) {
    const resolver = RESOLVERS[info.parentType.name]?.[info.fieldName];
    if (resolver) return resolver(source, args, context);
    value = read(source, info.fieldName);
    if (value === undefined && info.fieldName in NODE_FIELDS && read(source, 'id') !== undefined) {
      value = NODE_FIELDS[info.fieldName]!({ id: read(source, 'id') });
    }
  }
  if (typeof value === 'function') value = (value as (a: unknown, c: AdminContext) => unknown)(args, context);
  if (value !== undefined) return value;
  if (isNonNullType(info.returnType)) {
    throw new GraphQLError(`The sandbox holds no data for ${info.parentType.name}.${info.fieldName} (${String(info.returnType)}).`);
  }
  return null;
}

const resolveType: GraphQLTypeResolver<Source, AdminContext> = (value) => value?.__typename as string | undefined;

/** Runs `document` (already valid) over the store; `rootValue` stands in for the query root's fields. */
export function executeAdmin(
  document: DocumentNode,
  context: AdminContext,
  options: { operationName?: string | null; variables?: Record<string, unknown>; rootValue?: Source; onField?: OnField } = {},
) {
  const { onField } = options;
  const fieldResolver: GraphQLFieldResolver<Source, AdminContext> = (source, args, ctx, info) => {
    const value = resolveValue(source ?? {}, args, ctx, info);
    onField?.(value, args, info);
    return value;
  };
  return executeSync({
    schema: adminSchema(),
    document,
    rootValue: options.rootValue ?? {},
    contextValue: context,
    variableValues: options.variables,
    operationName: options.operationName ?? undefined,
    fieldResolver,
    typeResolver: resolveType,
  });
}

type OnField = (value: unknown, args: Record<string, unknown>, info: GraphQLResolveInfo) => void;

interface GraphqlBody {
  query?: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface AdminAnswer {
  data?: unknown;
  errors?: AdminGraphqlError[];
  extensions?: { cost: QueryCost };
}

/**
 * Answers one request as Shopify's Admin endpoint does (always HTTP 200): a document that does not
 * validate is refused before it runs, one that asks for more than the single query limit is refused,
 * one the bucket cannot pay for is throttled; otherwise it runs, the bucket is refunded what it did
 * not use, and the answer carries its cost.
 */
export function answerAdminRequest(body: GraphqlBody, context: AdminContext, bucket: CostBucket): AdminAnswer {
  const checked = checkRequest(body.query, body.operationName, body.variables);
  if (!checked.ok) return { errors: checked.errors };
  const { document, operation, variables } = checked;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const requested = requestedCost(adminSchema(), operation, fragments, variables);
  if (requested > MAX_QUERY_COST) return { errors: [maxCostExceeded(requested)] };
  if (!bucket.take(requested)) return { errors: [throttled()], extensions: bucket.extension(requested, null) };
  const tally = createCostTally(operation.operation);
  const result = executeAdmin(document, context, {
    operationName: body.operationName,
    variables,
    onField: (value, args, info) => tally.add(value, args, info),
  });
  const actual = Math.min(requested, tally.actual);
  bucket.refund(requested - actual);
  return {
    ...(result.errors?.length ? { errors: result.errors.map((error) => error.toJSON() as AdminGraphqlError) } : {}),
    data: result.data ?? null,
    extensions: bucket.extension(requested, actual),
  };
}
