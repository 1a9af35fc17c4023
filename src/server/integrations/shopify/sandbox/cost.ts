import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { QueryCost } from '../types.ts';

/**
 * Shopify's calculated query cost (shopify.dev, "GraphQL Admin API rate limits"): a scalar or an enum
 * costs 0, an object 1, an interface or a union the most of its possible selections, a connection 2
 * plus `first` (or `last`) times the cost of one of its nodes, a mutation 10. The requested cost is
 * read from the document before it runs; the actual cost counts what came back (fewer nodes than
 * asked, objects that were null). A single query may not ask for more than 1000 points, and a leaky
 * bucket holds what an app may spend: it must hold the requested cost to start, and gets back the
 * difference with the actual cost at the end.
 *
 * Where the documentation says nothing, the sandbox decides: a connection's edges and page info cost
 * nothing beyond its nodes, a list of objects sized by `first` (or `nodes(ids:)`) costs that many
 * objects, any other list of objects costs one.
 */

export const MAX_QUERY_COST = 1000;
const MUTATION_COST = 10;
const CONNECTION_COST = 2;
const RATE_LIMITS = 'https://shopify.dev/api/usage/limits#rate-limits';

/** A connection type: Shopify names them `…Connection`, with edges, nodes and page info. */
export function isConnectionType(type: GraphQLNamedType): type is GraphQLObjectType {
  if (!isObjectType(type) || !type.name.endsWith('Connection')) return false;
  const fields = type.getFields();
  return 'edges' in fields && 'pageInfo' in fields;
}
const isEdgeType = (type: GraphQLNamedType) => isObjectType(type) && type.name.endsWith('Edge') && 'node' in type.getFields();

/** Whether @skip / @include leave `node` in. */
export function included(node: FieldNode | { directives?: FieldNode['directives'] }, variables: Record<string, unknown>): boolean {
  const directed = node as FieldNode;
  if (getDirectiveValues(GraphQLSkipDirective, directed, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, directed, variables)?.if !== false;
}

/** The requested cost of `operation`, before it runs. */
export function requestedCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  if (operation.operation === 'mutation') {
    let fields = 0;
    for (const [, nodes] of collect(operation.selectionSet, root, root)) if (!nodes[0]!.name.value.startsWith('__')) fields++;
    return fields * MUTATION_COST;
  }

  /** Fields of `selectionSet` for a value of type `runtime` (null: the abstract type itself), by response key. */
  function collect(selectionSet: SelectionSetNode, parent: GraphQLCompositeType, runtime: GraphQLObjectType | null) {
    const fields = new Map<string, FieldNode[]>();
    const applies = (condition: string | undefined) => {
      if (!condition || condition === parent.name) return true;
      if (!runtime) return false;
      const type = schema.getType(condition);
      return type === runtime || (!!type && isAbstractType(type) && schema.isSubType(type, runtime));
    };
    const walk = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (!included(selection, variables)) continue;
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          fields.set(key, [...(fields.get(key) ?? []), selection]);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          if (applies(selection.typeCondition?.name.value)) walk(selection.selectionSet);
        } else {
          const fragment = fragments[selection.name.value];
          if (fragment && applies(fragment.typeCondition.name.value)) walk(fragment.selectionSet);
        }
      }
    };
    walk(selectionSet);
    return fields;
  }

  /** The object types a selection on `type` distinguishes: the fragments' conditions. */
  function runtimeTypes(selectionSet: SelectionSetNode, type: GraphQLCompositeType): Array<GraphQLObjectType | null> {
    if (isObjectType(type)) return [type];
    const types = new Set<GraphQLObjectType | null>([null]);
    const walk = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        const condition =
          selection.kind === Kind.INLINE_FRAGMENT
            ? selection.typeCondition?.name.value
            : selection.kind === Kind.FRAGMENT_SPREAD
              ? fragments[selection.name.value]?.typeCondition.name.value
              : undefined;
        const conditionType = condition ? schema.getType(condition) : undefined;
        if (conditionType && isObjectType(conditionType) && schema.isSubType(type, conditionType)) types.add(conditionType);
        if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      }
    };
    walk(selectionSet);
    return [...types];
  }

  function selectionCost(selectionSet: SelectionSetNode, type: GraphQLCompositeType): number {
    let most = 0;
    for (const runtime of runtimeTypes(selectionSet, type)) {
      let sum = 0;
      const parent = runtime ?? type;
      for (const [, nodes] of collect(selectionSet, type, runtime)) sum += fieldCost(parent, nodes);
      most = Math.max(most, sum);
    }
    return most;
  }

  /** The merged selection of the fields sharing one response key. */
  const merged = (nodes: FieldNode[]): SelectionSetNode => ({
    kind: Kind.SELECTION_SET,
    selections: nodes.flatMap((node) => node.selectionSet?.selections ?? []),
  });

  function fieldCost(parent: GraphQLCompositeType, nodes: FieldNode[]): number {
    const name = nodes[0]!.name.value;
    const field = fieldOf(parent, name);
    if (name.startsWith('__') || !field) return 0;
    const named = getNamedType(field.type);
    if (isLeafType(named)) return 0;
    const type = named as GraphQLCompositeType;
    const args = argumentsOf(field, nodes[0]!, variables);
    const children = merged(nodes);
    if (isConnectionType(type)) return CONNECTION_COST + pageSize(args) * itemCost(children, type);
    const each = 1 + selectionCost(children, type);
    return isListOfObjects(field.type) ? listSize(name, args) * each : each;
  }

  /** What one node of a connection costs: its edge's node, or its entry in `nodes`, and what they select. */
  function itemCost(selectionSet: SelectionSetNode, connection: GraphQLObjectType): number {
    let sum = 0;
    for (const [, nodes] of collect(selectionSet, connection, connection)) {
      const name = nodes[0]!.name.value;
      const field = connection.getFields()[name];
      if (!field) continue;
      const type = getNamedType(field.type);
      if (name === 'edges' && isEdgeType(type)) {
        for (const [, edgeNodes] of collect(merged(nodes), type as GraphQLObjectType, type as GraphQLObjectType)) {
          const edgeField = (type as GraphQLObjectType).getFields()[edgeNodes[0]!.name.value];
          if (edgeField?.name === 'node') sum += 1 + selectionCost(merged(edgeNodes), getNamedType(edgeField.type) as GraphQLCompositeType);
        }
      } else if (name === 'nodes') sum += 1 + selectionCost(merged(nodes), type as GraphQLCompositeType);
    }
    return sum;
  }

  return selectionCost(operation.selectionSet, root);
}

function fieldOf(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return 'getFields' in parent ? parent.getFields()[name] : undefined;
}

function argumentsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  try {
    return getArgumentValues(field, node, variables);
  } catch {
    return {};
  }
}

const isListOfObjects = (type: GraphQLOutputType) => isListType(isNonNullType(type) ? type.ofType : type);
const pageSize = (args: Record<string, unknown>) => Number(args.first ?? args.last ?? 0) || 0;
const listSize = (name: string, args: Record<string, unknown>) =>
  name === 'nodes' && Array.isArray(args.ids) ? args.ids.length : typeof args.first === 'number' ? args.first : 1;

/**
 * Counts the actual cost as fields resolve (the executor calls it with each resolved value), by the
 * same rules as `requestedCost`.
 */
export function createCostTally(operation: 'query' | 'mutation' | 'subscription') {
  let actual = 0;
  return {
    get actual() {
      return actual;
    },
    add(value: unknown, args: Record<string, unknown>, info: GraphQLResolveInfo): void {
      if (value === null || value === undefined || info.fieldName.startsWith('__')) return;
      if (operation === 'mutation') {
        if (info.path.prev === undefined) actual += MUTATION_COST;
        return;
      }
      const type = getNamedType(info.returnType);
      if (isLeafType(type)) return;
      if (isConnectionType(info.parentType)) {
        if (info.fieldName === 'nodes' && Array.isArray(value)) actual += value.filter((item) => item != null).length;
        return;
      }
      if (isEdgeType(info.parentType)) {
        if (info.fieldName === 'node') actual += 1;
        return;
      }
      if (isConnectionType(type)) actual += CONNECTION_COST;
      else if (Array.isArray(value)) actual += listSize(info.fieldName, args) === 1 ? 1 : value.filter((item) => item != null).length;
      else actual += 1;
    },
  };
}

/** The leaky bucket of cost points (Shopify's standard plan: 2000 points, 100 restored a second). */
export interface CostBucketOptions {
  maximumAvailable?: number;
  restoreRate?: number;
  /** The clock points come back by (default Date.now); a test passes one it moves itself. */
  now?: () => number;
}

export function createCostBucket(options: CostBucketOptions = {}) {
  const maximumAvailable = options.maximumAvailable ?? 2000;
  const restoreRate = options.restoreRate ?? 100;
  const clock = options.now ?? Date.now;
  let available = maximumAvailable;
  let at = clock();
  function refill(): void {
    const now = clock();
    available = Math.min(maximumAvailable, available + ((now - at) / 1000) * restoreRate);
    at = now;
  }
  return {
    /** Takes `requested` points when the bucket holds them; false (and nothing taken) when it does not. */
    take(requested: number): boolean {
      refill();
      if (available < requested) return false;
      available -= requested;
      return true;
    },
    refund(points: number): void {
      available = Math.min(maximumAvailable, available + points);
    },
    set(points: number): void {
      refill();
      available = Math.max(0, Math.min(maximumAvailable, points));
    },
    /** `extensions.cost` of an answer. */
    extension(requested: number, actual: number | null): { cost: QueryCost } {
      refill();
      return {
        cost: {
          requestedQueryCost: requested,
          actualQueryCost: actual,
          throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate },
        },
      };
    },
  };
}

export type CostBucket = ReturnType<typeof createCostBucket>;

/** Shopify's answer to a query asking for more than the single query limit. */
export const maxCostExceeded = (requested: number) => ({
  message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
  extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST, documentation: RATE_LIMITS },
});

/** Shopify's answer when the bucket does not hold the requested cost. */
export const throttled = () => ({ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMITS } });
