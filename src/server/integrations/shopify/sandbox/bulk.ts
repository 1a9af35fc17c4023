import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLObjectType,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  isAbstractType,
  isObjectType,
  Kind,
  parse,
  print,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { bulkQuery } from '../queries.ts';
import { adminSchema } from '../schema.ts';
import type { BulkKind, BulkOperationStatus } from '../types.ts';
import type { RecordOf, RootKind } from './collections.ts';
import type { Listing } from './connections.ts';
import { isConnectionType } from './cost.ts';
import { bulkQueryProblem } from './documents.ts';
import { executeAdmin } from './executor.ts';
import type { DemoStore, OrderFacts } from './generator.ts';
import { hash32, mulberry32 } from './prng.ts';
import { type AdminContext, SOURCES, type Source } from './resolvers.ts';
import { filtersBeyondCreation, parseSearch, type SearchFilter } from './search.ts';

/**
 * Bulk operations as Shopify runs them: `bulkOperationRunQuery` takes any valid query over one of the
 * exported connections, runs for a while, and leaves a JSONL file of the query's selection, one line
 * per node; a nested connection's nodes come on lines of their own with the `__parentId` of their
 * parent, right after it with `groupObjects`, in no set order without it.
 *
 * The file is generated as it is read. The client's own selections (queries.ts) are written straight
 * from the store's nodes (`orderJsonLines`…), because exports of a million orders spend their time
 * here; any other selection runs through the executor in batches and is projected from its result
 * (a test holds both to the same bytes).
 */

const ROOTS: readonly RootKind[] = ['orders', 'customers', 'products', 'abandonedCheckouts'];
const BATCH = 250;
/** How far a record may move in an ungrouped file: enough to cross the import's batches. */
const UNGROUPED_WINDOW = 512;
const CHUNK = 65_536;

/** What a selection set yields per node: its nested connections by response key, each with its own plan. */
interface Projection {
  connections: Map<string, Projection>;
}

interface BulkPlan {
  kind: RootKind;
  filter: SearchFilter;
  sortKey: string | null;
  reverse: boolean;
  /** The client's own selection for `kind` (queries.ts), written straight from the store's nodes. */
  direct: boolean;
  /** What the query asks of each root node. */
  selection: SelectionSetNode;
  /** `nodes(ids: []) { ... on Order { selection } }`, run with the batch as the root's `nodes`. */
  batchDocument: DocumentNode;
  projection: Projection;
}

interface BulkState {
  id: string;
  query: string;
  plan: BulkPlan;
  /** The store as it was read when the operation started, so the file is one snapshot. */
  context: AdminContext;
  startedAt: number;
  origin: string;
  canceled: boolean;
  failure: string | null;
  objectCount: number | null;
  rootObjectCount: number | null;
  /** `groupObjects`: a node's nested nodes right after it; otherwise records come in no set order. */
  grouped: boolean;
}

export interface BulkOptions {
  store: DemoStore;
  /** How long an operation runs before it completes. */
  delayMs: number;
  /** The path the result files are served under (`/sandbox/shopify/<shop>/bulk`). */
  filePath: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A node of the export asks for something the sandbox cannot answer: the operation fails rather than skip it. */
class UnservedField extends Error {}

/** Bulk queries an app may run at once on a shop (API 2026-01 and later; one before). */
export const CONCURRENT_BULK_QUERIES = 5;

/**
 * `bulkOperations(query:)`'s filter: `status:`, `operation_type:`, `id:` and `created_at:` terms (with
 * `>`, `>=`, `<`, `<=` on ids and dates), all of them to match. Other terms are ignored, as Shopify does.
 */
function bulkFilter(query: string): (operation: Source) => boolean {
  const tests: Array<(operation: Source) => boolean> = [];
  for (const term of query.split(/\s+(?:AND\s+)?/).filter(Boolean)) {
    const match = /^(\w+):(>=|<=|>|<)?(.+)$/.exec(term);
    if (!match) continue;
    const [, field, comparator = '', raw] = match as unknown as [string, string, string | undefined, string];
    const value = raw.replace(/^['"]|['"]$/g, '');
    const compare = (left: number, right: number) =>
      comparator === '>'
        ? left > right
        : comparator === '>='
          ? left >= right
          : comparator === '<'
            ? left < right
            : comparator === '<='
              ? left <= right
              : left === right;
    if (field === 'status') tests.push((operation) => String(operation.status).toLowerCase() === value.toLowerCase());
    else if (field === 'operation_type') tests.push((operation) => String(operation.type).toLowerCase() === value.toLowerCase());
    else if (field === 'id')
      tests.push((operation) => compare(Number(String(operation.id).split('/').pop()), Number(value.split('/').pop())));
    else if (field === 'created_at') tests.push((operation) => compare(Date.parse(String(operation.createdAt)), Date.parse(value)));
  }
  return (operation) => tests.every((test) => test(operation));
}

export function createBulkOperations(options: BulkOptions) {
  const { store, delayMs, filePath } = options;
  const operations = new Map<string, BulkState>();
  let last: BulkState | null = null;
  let counter = 0;
  let nextFailure: string | null = null;

  function status(operation: BulkState): BulkOperationStatus {
    const elapsed = Date.now() - operation.startedAt;
    if (operation.canceled) return 'CANCELED';
    if (elapsed < delayMs) return elapsed < delayMs / 4 ? 'CREATED' : 'RUNNING';
    return operation.failure ? 'FAILED' : 'COMPLETED';
  }

  function source(operation: BulkState): Source {
    let current = status(operation);
    if (current === 'COMPLETED') {
      try {
        operation.rootObjectCount ??= rootListing(operation).length;
        operation.objectCount ??= countObjects(operation);
      } catch (error) {
        if (!(error instanceof UnservedField)) throw error;
        // A record the sandbox cannot write fails the whole operation, as a visible FAILED, never a shorter file.
        operation.failure = 'INTERNAL_SERVER_ERROR';
        current = 'FAILED';
      }
    }
    const count = current === 'COMPLETED' ? operation.objectCount! : 0;
    return {
      __typename: 'BulkOperation',
      id: operation.id,
      status: current,
      type: 'QUERY',
      query: operation.query,
      errorCode: current === 'FAILED' ? operation.failure : null,
      createdAt: iso(operation.startedAt),
      completedAt: ['COMPLETED', 'FAILED'].includes(current) ? iso(operation.startedAt + delayMs) : null,
      objectCount: String(count),
      rootObjectCount: String(current === 'COMPLETED' ? operation.rootObjectCount! : 0),
      fileSize: null,
      url: current === 'COMPLETED' && count > 0 ? `${operation.origin}${filePath}/${fileName(operation)}` : null,
      partialDataUrl: null,
    };
  }

  const fileName = (operation: BulkState) => `${operation.id.split('/').pop()}.jsonl`;

  function rootListing(operation: BulkState): Listing<unknown> {
    const { kind, filter, sortKey } = operation.plan;
    return operation.context.collections.listing(kind, filter, sortKey, operation.context.now);
  }

  /** Records the file holds: every node, nested ones included, as Shopify counts them. */
  function countObjects(operation: BulkState): number {
    const { plan, context } = operation;
    if (plan.direct && plan.kind === 'orders') {
      if (!filtersBeyondCreation(plan.filter)) {
        const index = store.currentIndex(context.now);
        const { from, to } = store.orderRange(plan.filter, context.now, index);
        let lines = 0;
        for (let rank = from; rank < to; rank++) lines += store.lineCountAt(rank, index);
        return to - from + lines;
      }
      let count = 0;
      for (const order of rootRecords(operation)) count += 1 + (order as OrderFacts).lines.length;
      return count;
    }
    if (plan.direct) return rootListing(operation).length;
    let count = 0;
    for (const chunk of groupedChunks(operation)) for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) count++;
    return count;
  }

  /** The nodes of the root connection in the order read, as records of their kind. */
  function* rootRecords(operation: BulkState): Generator<unknown> {
    const listing = rootListing(operation);
    if (operation.plan.reverse) for (let p = listing.length - 1; p >= 0; p--) yield listing.item(p);
    else for (let p = 0; p < listing.length; p++) yield listing.item(p);
  }

  /** The file's text in chunks of about 64 KiB, each node followed by its nested nodes. */
  function* groupedChunks(operation: BulkState): Generator<string> {
    const { plan, context } = operation;
    let chunk = '';
    if (plan.direct) {
      const write = directWriter(plan.kind, context, plan.selection);
      for (const record of rootRecords(operation)) {
        chunk += write(record);
        if (chunk.length >= CHUNK) {
          yield chunk;
          chunk = '';
        }
      }
    } else {
      const toSource = SOURCES[plan.kind] as (context: AdminContext, record: unknown) => Source;
      let batch: Source[] = [];
      const flush = () => {
        const result = executeAdmin(plan.batchDocument, context, { rootValue: { nodes: () => batch } });
        if (result.errors?.length) throw new UnservedField(result.errors[0]!.message);
        for (const node of (result.data?.nodes ?? []) as Array<Record<string, unknown> | null>) {
          if (node) chunk += projectLines(node, plan.projection, null);
        }
        batch = [];
      };
      for (const record of rootRecords(operation)) {
        batch.push(toSource(context, record));
        if (batch.length < BATCH) continue;
        flush();
        if (chunk.length >= CHUNK) {
          yield chunk;
          chunk = '';
        }
      }
      if (batch.length) flush();
    }
    if (chunk) yield chunk;
  }

  function* fileChunks(operation: BulkState): Generator<string> {
    if (!operation.grouped && operation.plan.projection.connections.size > 0) {
      yield* shuffledLines(groupedChunks(operation), hash32(Number(operation.id.split('/').pop())));
    } else yield* groupedChunks(operation);
  }

  const payload = (bulkOperation: Source | null, userErrors: Array<{ field: string[] | null; message: string; code?: string }>) => ({
    bulkOperation,
    userErrors,
  });

  return {
    /** `bulkOperationRunQuery`: starts an export of `query`, or says why not as user errors. */
    run(query: string, grouped: boolean, context: AdminContext) {
      const refuse = (message: string) => payload(null, [{ field: ['query'], message, code: 'INVALID' }]);
      // Shopify checks the bulk query against its schema before it starts anything.
      const problem = bulkQueryProblem(query);
      if (problem) return refuse(problem);
      const plan = planBulk(query);
      if (typeof plan === 'string') return refuse(plan);
      const running = [...operations.values()].filter((operation) => ['CREATED', 'RUNNING'].includes(status(operation)));
      if (running.length >= CONCURRENT_BULK_QUERIES) {
        return payload(null, [
          {
            field: null,
            message: `A maximum of ${CONCURRENT_BULK_QUERIES} bulk query operations can run at a time for this app and shop; in progress: ${running.map((operation) => operation.id).join(', ')}.`,
            code: 'OPERATION_IN_PROGRESS',
          },
        ]);
      }
      const operation: BulkState = {
        id: `gid://shopify/BulkOperation/${7_100_000 + ++counter}`,
        query,
        plan,
        context: { ...context, exporting: true },
        startedAt: Date.now(),
        origin: context.origin,
        canceled: false,
        failure: nextFailure,
        objectCount: null,
        rootObjectCount: null,
        grouped,
      };
      nextFailure = null;
      operations.set(operation.id, operation);
      last = operation;
      return payload({ ...source(operation), status: 'CREATED' }, []);
    },
    /** `bulkOperationCancel`. */
    cancel(id: string) {
      const operation = operations.get(id);
      if (!operation) return payload(null, [{ field: ['id'], message: 'Bulk operation does not exist' }]);
      const current = status(operation);
      if (current !== 'CREATED' && current !== 'RUNNING') {
        return payload(source(operation), [
          { field: null, message: `A bulk operation cannot be canceled when it is ${current.toLowerCase()}` },
        ]);
      }
      operation.canceled = true;
      return payload({ ...source(operation), status: 'CANCELING' }, []);
    },
    get: (id: string): Source | null => {
      const operation = operations.get(id);
      return operation ? source(operation) : null;
    },
    current: (): Source | null => (last ? source(last) : null),
    /** `bulkOperations`: every operation of this app on the shop, filtered, by creation (or completion) time; the connection reverses it. */
    list(query: string, sortKey: 'CREATED_AT' | 'COMPLETED_AT'): Source[] {
      const matching = [...operations.values()].map(source).filter(bulkFilter(query));
      const key = (operation: Source) => String((sortKey === 'COMPLETED_AT' ? operation.completedAt : operation.createdAt) ?? '');
      return matching.sort((a, b) => key(a).localeCompare(key(b)) || String(a.id).localeCompare(String(b.id)));
    },
    failNext(errorCode: string): void {
      nextFailure = errorCode;
    },
    /** The result file `name` (`7100001.jsonl`) in chunks, or null when there is none to read. */
    file(name: string): Iterable<string> | null {
      const operation = operations.get(`gid://shopify/BulkOperation/${name.replace(/\.jsonl$/, '')}`);
      return operation && status(operation) === 'COMPLETED' ? fileChunks(operation) : null;
    },
  };
}

export type BulkOperations = ReturnType<typeof createBulkOperations>;

/**
 * The client's selection of `kind` written from the store: orders by the store's own writer (an order
 * and its line items), the others by picking the selected fields off the store's node.
 */
function directWriter(kind: RootKind, context: AdminContext, selection: SelectionSetNode): (record: unknown) => string {
  const { store, now, shop } = context;
  const pick = picker(selection);
  switch (kind) {
    case 'orders':
      return (order) => store.orderJsonLines(order as RecordOf['orders'], now);
    case 'customers':
      return (profile) => `${JSON.stringify(pick(store.customerNode(profile as RecordOf['customers'], now)))}\n`;
    case 'products':
      return (product) => `${JSON.stringify(pick(store.productNode(product as RecordOf['products'], now)))}\n`;
    case 'abandonedCheckouts':
      return (checkout) =>
        `${JSON.stringify(pick(store.checkoutNode(checkout as RecordOf['abandonedCheckouts'], shop.myshopifyDomain)))}\n`;
  }
}

/** Reads a selection of plain fields (no aliases, arguments or fragments) off a node, in the selection's order. */
function picker(selection: SelectionSetNode): (value: unknown) => unknown {
  const fields = selection.selections.map((field) => {
    const { name: fieldName, selectionSet: nested } = field as FieldNode;
    return { key: fieldName.value, pick: nested ? picker(nested) : null };
  });
  const pick = (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.map(pick);
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const item = (value as Record<string, unknown>)[field.key];
      out[field.key] = item === undefined ? null : field.pick ? field.pick(item) : item;
    }
    return out;
  };
  return pick;
}

/** The lines of one node: its own fields, then each nested connection's nodes pointing back at it. */
function projectLines(node: Record<string, unknown>, projection: Projection, parentId: unknown): string {
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(node)) if (key !== PARENT_KEY && !projection.connections.has(key)) record[key] = node[key];
  if (parentId !== null) record.__parentId = parentId;
  let text = `${JSON.stringify(record)}\n`;
  for (const [key, nested] of projection.connections) {
    const connection = node[key] as { nodes?: Array<Record<string, unknown> | null> } | null;
    for (const child of connection?.nodes ?? []) if (child) text += projectLines(child, nested, node[PARENT_KEY] ?? null);
  }
  return text;
}

/** The alias under which a node with nested connections reads its own id for them. */
const PARENT_KEY = '__bulkParentId';

/**
 * Ungrouped output as Shopify documents it: no order between records, so a line item may come
 * before its order or far after it, and orders lose their creation order. A window of records is
 * shuffled as it streams (seeded by the operation, so a file reads the same every time).
 */
function* shuffledLines(chunks: Iterable<string>, seed: number): Generator<string> {
  const random = mulberry32(seed);
  const window: string[] = [];
  let chunk = '';
  const emit = () => {
    const at = Math.floor(random() * window.length);
    chunk += window[at];
    window[at] = window[window.length - 1]!;
    window.pop();
  };
  for (const text of chunks) {
    for (const line of text.split('\n')) {
      if (!line) continue;
      window.push(`${line}\n`);
      if (window.length >= UNGROUPED_WINDOW) emit();
    }
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  while (window.length > 0) emit();
  if (chunk) yield chunk;
}

const name = (value: string) => ({ kind: Kind.NAME, value }) as const;
const selectionSet = (selections: readonly SelectionNode[]): SelectionSetNode => ({ kind: Kind.SELECTION_SET, selections });

/** Fragment spreads replaced by the fragments they name, so a selection reads on its own. */
function inlineFragments(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>): SelectionSetNode {
  return selectionSet(
    set.selections.map((selection): SelectionNode => {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments[selection.name.value]!;
        return {
          kind: Kind.INLINE_FRAGMENT,
          typeCondition: fragment.typeCondition,
          directives: selection.directives,
          selectionSet: inlineFragments(fragment.selectionSet, fragments),
        };
      }
      return selection.selectionSet ? { ...selection, selectionSet: inlineFragments(selection.selectionSet, fragments) } : selection;
    }),
  );
}

/** What a connection's selection asks of each node: its `edges { node { … } }` and `nodes { … }` together. */
function nodeSelection(connection: SelectionSetNode): SelectionSetNode | null {
  const selections: SelectionNode[] = [];
  const walk = (set: SelectionSetNode, inEdges: boolean) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet, inEdges);
      else if (selection.kind === Kind.FIELD && selection.selectionSet) {
        const field = selection.name.value;
        if (!inEdges && field === 'edges') walk(selection.selectionSet, true);
        else if ((inEdges && field === 'node') || (!inEdges && field === 'nodes')) selections.push(...selection.selectionSet.selections);
      }
    }
  };
  walk(connection, false);
  return selections.length ? selectionSet(selections) : null;
}

const nodeTypeOf = (connection: GraphQLObjectType) => getNamedType(connection.getFields().nodes!.type) as GraphQLCompositeType;

/**
 * Prepares a node's selection for the batch run: each nested connection asks for `nodes` (however
 * the query wrote it) and the node reads its id under PARENT_KEY for them.
 */
function prepare(set: SelectionSetNode, type: GraphQLCompositeType): { selectionSet: SelectionSetNode; projection: Projection } {
  const schema = adminSchema();
  const connections = new Map<string, Projection>();
  const applies = (condition: string | undefined) => {
    if (!condition || condition === type.name || !isObjectType(type)) return true;
    const conditionType = schema.getType(condition);
    return !!conditionType && isAbstractType(conditionType) && schema.isSubType(conditionType, type);
  };
  const walk = (selections: readonly SelectionNode[]): SelectionNode[] =>
    selections.flatMap((selection): SelectionNode[] => {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!applies(selection.typeCondition?.name.value)) return [];
        return [{ ...selection, selectionSet: selectionSet(walk(selection.selectionSet.selections)) }];
      }
      if (selection.kind !== Kind.FIELD || !selection.selectionSet || !('getFields' in type)) return [selection];
      const field = type.getFields()[selection.name.value];
      const fieldType = field && getNamedType(field.type);
      const nested = fieldType && isConnectionType(fieldType) ? nodeSelection(selection.selectionSet) : null;
      if (!fieldType || !isConnectionType(fieldType) || !nested) return [selection];
      const child = prepare(nested, nodeTypeOf(fieldType));
      connections.set(selection.alias?.value ?? selection.name.value, child.projection);
      const nodes: FieldNode = { kind: Kind.FIELD, name: name('nodes'), selectionSet: child.selectionSet };
      return [{ ...selection, selectionSet: selectionSet([nodes]) }];
    });
  const selections = walk(set.selections);
  if (connections.size > 0 && 'getFields' in type && 'id' in type.getFields()) {
    selections.push({ kind: Kind.FIELD, alias: name(PARENT_KEY), name: name('id') });
  }
  return { selectionSet: selectionSet(selections), projection: { connections } };
}

/** How the sandbox runs `query` (valid against the schema), or why it cannot. */
export function planBulk(query: string): BulkPlan | string {
  const schema = adminSchema();
  const document = parse(query);
  const operation = getOperationAST(document)!;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const roots = inlineFragments(operation.selectionSet, fragments).selections;
  const root = roots.length === 1 && roots[0]!.kind === Kind.FIELD ? roots[0] : null;
  const kind = root && (ROOTS as readonly string[]).includes(root.name.value) ? (root.name.value as RootKind) : null;
  if (!root || !kind) return 'Invalid bulk query: the sandbox exports products, customers, orders or abandonedCheckouts.';
  const field = schema.getQueryType()!.getFields()[kind]!;
  const connection = getNamedType(field.type) as GraphQLObjectType;
  const selected = root.selectionSet && nodeSelection(root.selectionSet);
  if (!selected) return 'Invalid bulk query: a bulk query reads its connection through edges { node } or nodes.';
  const args = getArgumentValues(field, root, {});
  const { selectionSet: prepared, projection } = prepare(selected, nodeTypeOf(connection));
  const batchDocument: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: 'query' as never,
        selectionSet: selectionSet([
          {
            kind: Kind.FIELD,
            name: name('nodes'),
            arguments: [{ kind: Kind.ARGUMENT, name: name('ids'), value: { kind: Kind.LIST, values: [] } }],
            selectionSet: selectionSet([
              {
                kind: Kind.INLINE_FRAGMENT,
                typeCondition: { kind: Kind.NAMED_TYPE, name: name(nodeTypeOf(connection).name) },
                selectionSet: prepared,
              },
            ]),
          },
        ]),
      },
    ],
  };
  // The fast writers read the default order; a query may only search.
  const onlySearched = (root.arguments ?? []).every((argument) => argument.name.value === 'query');
  return {
    kind,
    filter: parseSearch(args.query as string | null | undefined),
    sortKey: (args.sortKey as string | null | undefined) ?? null,
    reverse: args.reverse === true,
    direct: onlySearched && print(selected) === clientSelection(kind),
    selection: selected,
    batchDocument,
    projection,
  };
}

const clientSelections = new Map<RootKind, string>();
/** The node selection of the client's own bulk query for `kind`, printed. */
function clientSelection(kind: RootKind): string {
  let printed = clientSelections.get(kind);
  if (printed === undefined) {
    const document = parse(bulkQuery(kind as BulkKind));
    const root = getOperationAST(document)!.selectionSet.selections[0] as FieldNode;
    printed = print(nodeSelection(root.selectionSet!)!);
    clientSelections.set(kind, printed);
  }
  return printed;
}
