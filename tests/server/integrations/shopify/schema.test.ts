import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '../../../../src/server/integrations/shopify/client.ts';
import * as documents from '../../../../src/server/integrations/shopify/queries.ts';
import { type StartedSandbox, startShopifySandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import { adminSchema } from '../../../../src/server/integrations/shopify/schema.ts';
import type { BulkKind } from '../../../../src/server/integrations/shopify/types.ts';
import { postAdmin } from './sandbox-admin.ts';

// Every document the client sends, checked against Shopify's published Admin schema of the version
// it calls (src/server/integrations/shopify/schema/), and the sandbox refusing what Shopify refuses.

const BULK_KINDS: BulkKind[] = ['products', 'customers', 'orders', 'abandonedCheckouts'];

const clientDocuments: Array<[string, string]> = [
  ...Object.entries(documents).flatMap(([name, value]): Array<[string, string]> => (typeof value === 'string' ? [[name, value]] : [])),
  ...BULK_KINDS.flatMap(
    (kind): Array<[string, string]> => [
      [`bulk ${kind}`, documents.bulkQuery(kind)],
      [`bulk ${kind} filtered`, documents.bulkQuery(kind, "created_at:>='2025-03-01T00:00:00Z'")],
    ],
  ),
];

const problemsOf = (document: string) => validate(adminSchema(), parse(document)).map((error) => error.message);

describe(`the client's documents against the Admin schema ${SHOPIFY_API_VERSION}`, () => {
  it('covers every operation and every bulk export', () => {
    expect(clientDocuments.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'SHOP_QUERY',
        'ACCESS_SCOPES_QUERY',
        'ORDERS_COUNT_QUERY',
        'BULK_RUN_MUTATION',
        'WEBHOOK_CREATE_MUTATION',
        'bulk orders',
      ]),
    );
    expect(clientDocuments).toHaveLength(8 + 2 * BULK_KINDS.length);
  });

  it.each(clientDocuments)('%s is valid', (_name, document) => {
    expect(problemsOf(document)).toEqual([]);
  });

  it('fails a misspelled field, an unknown argument and a missing required one', () => {
    expect(problemsOf(documents.SHOP_QUERY.replace('currencyCode', 'currencyCod'))).toEqual([
      expect.stringContaining('Cannot query field "currencyCod" on type "Shop"'),
    ]);
    expect(problemsOf(documents.bulkQuery('orders').replace('displayFinancialStatus', 'financialStatus'))).toEqual([
      expect.stringContaining('Cannot query field "financialStatus" on type "Order"'),
    ]);
    expect(problemsOf('query OrdersCount { ordersCount(search: "x") { count } }')).toEqual([
      expect.stringContaining('Unknown argument "search"'),
    ]);
    expect(problemsOf('query Node { node { id } }')).toEqual([expect.stringContaining('argument "id" of type "ID!" is required')]);
  });

  it('passes groupObjects explicitly to bulk operations (its default flipped in 2026-01)', () => {
    const field = adminSchema().getMutationType()!.getFields().bulkOperationRunQuery!;
    expect(field.args.find((argument) => argument.name === 'groupObjects')?.defaultValue).toBe(false);
    expect(documents.BULK_RUN_MUTATION).toContain('groupObjects: $groupObjects');
  });
});

describe('the sandbox refuses what Shopify refuses', () => {
  let sandbox: StartedSandbox;
  beforeAll(async () => {
    sandbox = await startShopifySandbox({ customers: 20, orders: 50, now: new Date('2026-03-01T00:00:00Z') });
  });
  afterAll(() => sandbox.close());

  const post = (body: object) => postAdmin(sandbox, body);

  it('answers a misspelled field with HTTP 200 and Shopify error shape, running nothing', async () => {
    const { status, json } = await post({ query: 'query Shop { shop { nam } }', operationName: 'Shop' });
    expect(status).toBe(200);
    expect(json).toEqual({
      errors: [
        {
          message: "Field 'nam' doesn't exist on type 'Shop'",
          locations: [{ line: 1, column: 21 }],
          extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'nam' },
        },
      ],
    });
  });

  it('answers an unknown argument, a syntax error and a variable of the wrong type', async () => {
    const unknownArgument = await post({ query: 'query OrdersCount { ordersCount(search: "x") { count } }' });
    expect(unknownArgument.json.errors).toEqual([
      expect.objectContaining({
        message: "Field 'ordersCount' doesn't accept argument 'search'",
        extensions: { code: 'argumentNotAccepted', name: 'ordersCount', typeName: 'Field', argumentName: 'search' },
      }),
    ]);
    const syntax = await post({ query: 'query Shop { shop { name }' });
    expect(syntax.json.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/^Parse error: .* at \[1, 27\]$/) })]);
    const wrongType = await post({ query: documents.BULK_NODE_QUERY, variables: { id: null }, operationName: 'BulkOperation' });
    expect(wrongType.json.errors).toEqual([
      expect.objectContaining({
        message: 'Variable $id of type ID! was provided invalid value',
        extensions: { value: null, problems: [{ path: [], explanation: expect.stringContaining('must not be null') }] },
      }),
    ]);
  });

  it('refuses a bulk query on a field that does not exist, as a user error', async () => {
    const query = documents.bulkQuery('orders').replace('displayFinancialStatus', 'financialStatus');
    const { json } = await post({ query: documents.BULK_RUN_MUTATION, variables: { query, groupObjects: true } });
    expect(json.data).toEqual({
      bulkOperationRunQuery: {
        bulkOperation: null,
        userErrors: [
          { field: ['query'], message: "Invalid bulk query: Field 'financialStatus' doesn't exist on type 'Order'", code: 'INVALID' },
        ],
      },
    });
  });

  it('refuses a request that leaves out a declared non-null variable ($groupObjects)', async () => {
    const { json } = await post({ query: documents.BULK_RUN_MUTATION, variables: { query: documents.bulkQuery('products') } });
    // A declared `Boolean!` variable must be given even though the argument has a default.
    expect(json.errors).toEqual([
      expect.objectContaining({ message: 'Variable $groupObjects of type Boolean! was provided invalid value' }),
    ]);
  });
});
