import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContract, backendContract, type ContractOperation } from '../../src/server/platform/contract.ts';
import { addStore, signIn, startTestServer, type TestServer } from './harness.ts';

// Reads every operation of both contracts, so a new endpoint is covered by being added to a contract.
const operations = [
  ...appContract().operations.map((operation) => ({ prefix: '/api', operation })),
  ...backendContract().operations.map((operation) => ({ prefix: '/backend', operation })),
];

let server: TestServer;
let foreignStore: number;
beforeAll(async () => {
  server = await startTestServer();
  foreignStore = await addStore(server.db, 'Tienda Ajena');
});
afterAll(() => server.close());

function urlFor(prefix: string, operation: ContractOperation, storeId: number): string {
  return prefix + operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === operation.storeParam ? String(storeId) : '1'));
}

describe('every operation of both contracts', () => {
  it.each(operations.filter(({ operation }) => !operation.isPublic).map((entry) => [`${entry.operation.method} ${entry.prefix}${entry.operation.path}`, entry] as const))(
    '%s refuses a caller with no session',
    async (_name, { prefix, operation }) => {
      const response = await server.app.inject({ method: operation.method, url: urlFor(prefix, operation, foreignStore), payload: operation.hasBody ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    },
  );

  it.each(operations.filter(({ operation }) => operation.storeParam).map((entry) => [`${entry.operation.method} ${entry.prefix}${entry.operation.path}`, entry] as const))(
    "%s refuses a member of another store, for each store role",
    async (_name, { prefix, operation }) => {
      for (const email of ['demo@recompra.cl', 'colaborador@recompra.cl']) {
        const caller = await signIn(server.app, email);
        const response = await server.app.inject({ method: operation.method, url: urlFor(prefix, operation, foreignStore), cookies: caller.cookies, headers: caller.headers, payload: operation.hasBody ? {} : undefined });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('store_not_found');
      }
    },
  );
});
