import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { missingScopes } from '../../../../../src/server/integrations/shopify/types.ts';
import { connectShopifyStore, signUp, startTestServer, type TestServer } from '../../../support/harness.ts';

// Without `read_all_orders` Shopify hands over only the last 60 days of orders, and says nothing:
// a store is connected only with every scope the import needs, and the merchant is told which lack.

describe('missingScopes', () => {
  it('names the required scopes a grant lacks; a write scope grants its read one', () => {
    expect(missingScopes(['read_products', 'read_customers', 'read_orders', 'read_all_orders'])).toEqual([]);
    expect(missingScopes(['write_products', 'write_customers', 'write_orders', 'read_all_orders'])).toEqual([]);
    expect(missingScopes(['read_products', 'read_customers', 'read_orders'])).toEqual(['read_all_orders']);
    expect(missingScopes([])).toEqual(['read_products', 'read_customers', 'read_orders', 'read_all_orders']);
  });
});

describe('connecting a store whose app lacks scopes', () => {
  let sandbox: StartedSandbox;
  let server: TestServer;
  beforeAll(async () => {
    sandbox = await startShopifySandbox({ customers: 20, orders: 50, scopes: ['read_products', 'write_orders'] });
    server = await startTestServer({ shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  it('refuses with the missing scopes named in Spanish on the token field, and creates nothing', async () => {
    const owner = await signUp(server.app, 'Marta Rojas', 'marta@tienda.cl');
    const response = await connectShopifyStore(server.app, owner, {
      name: 'Tienda sin permisos',
      url: SANDBOX_SHOP,
      accessToken: SANDBOX_TOKEN,
    });
    expect(response.statusCode).toBe(422);
    const message =
      'A la app de tu tienda le faltan permisos: read_customers (clientes), read_all_orders (pedidos de más de 60 días). ' +
      'Actívalos en la configuración de la app en Shopify, instálala de nuevo y vuelve a intentarlo.';
    expect(response.json()).toMatchObject({ code: 'missing_scopes', message, fieldErrors: [{ field: 'store.accessToken', message }] });
    expect(await server.db.query(`select 1 from stores where name = 'Tienda sin permisos'`)).toEqual([]);
  });
});
