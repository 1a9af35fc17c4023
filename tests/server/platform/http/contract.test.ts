import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/server/platform/database/migrations.ts';
import { appContract, backendContract } from '../../../../src/server/platform/http/contract.ts';
import { freshDatabase } from '../../support/harness.ts';

describe('contract checks', () => {
  it('compiles every schema of both contracts (a server compiles each when first used)', () => {
    for (const contract of [appContract(), backendContract()]) {
      const paths = contract.document.paths as Record<string, Record<string, { responses: Record<string, object> }>>;
      for (const operation of contract.operations) {
        expect(() => [operation.validateParams({}), operation.validateQuery({}), operation.validateBody({})]).not.toThrow();
        for (const status of Object.keys(paths[operation.path]![operation.method.toLowerCase()]!.responses)) {
          const code = status === 'default' ? 599 : Number(status.replace(/X/g, '0'));
          expect(() => operation.checkResponse(code, 'application/json', {}), `${operation.operationId} ${status}`).not.toThrow();
        }
      }
    }
  });

  it('catches a response body that breaks the contract', () => {
    const login = appContract().operations.find((operation) => operation.operationId === 'login')!;
    expect(login.checkResponse(200, 'application/json', { id: 1, email: 'a@b.cl', name: 'A', role: 'admin', store: null })).toBeNull();
    expect(login.checkResponse(200, 'application/json', { id: 1, email: 'a@b.cl', name: 'A', role: 'jefe', store: null })).toMatch(
      /breaks the contract/,
    );
    expect(login.checkResponse(201, 'application/json', {})).toMatch(/does not declare/);
  });

  it('coerces path parameters to the declared types', () => {
    const stats = backendContract().operations.find((operation) => operation.operationId === 'getStoreStats')!;
    const params = { id: '7' };
    expect(stats.validateParams(params)).toEqual([]);
    expect(params).toEqual({ id: 7 });
    expect(stats.validateParams({ id: '0' })).toEqual([{ field: 'id', message: 'Debe ser mayor o igual a 1.' }]);
  });

  it('names a nullable field once, with the error of the value it was given', () => {
    const campaign = appContract().operations.find((operation) => operation.operationId === 'createAdCampaign')!;
    const fields = (body: object) =>
      campaign.validateBody(body).filter((error) => error.field === 'endAt' || error.field === 'productCatalogId');
    expect(fields({ endAt: '2101-01-01T00:00:00Z', productCatalogId: 'abc' })).toEqual([
      { field: 'endAt', message: 'Usa una fecha y hora válidas entre los años 2000 y 2100.' },
      { field: 'productCatalogId', message: 'Elige una opción de la lista.' },
    ]);
    expect(fields({ endAt: null, productCatalogId: null })).toEqual([]);
  });
});

describe('migrations', () => {
  it('apply once and are a no-op the second time', async () => {
    const db = await freshDatabase();
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
