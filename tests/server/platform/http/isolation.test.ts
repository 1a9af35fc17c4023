import { afterAll, beforeAll, expect, it } from 'vitest';
import { appContract, backendContract, type ContractOperation, type Role } from '../../../../src/server/platform/http/contract.ts';
import { hashPassword } from '../../../../src/server/platform/security/passwords.ts';
import { addStore, type Caller, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

// Reads every operation of both contracts: a new endpoint is covered by being added to a contract.
const operations = [
  ...appContract().operations.map((operation) => ({ prefix: '/api', operation })),
  ...backendContract().operations.map((operation) => ({ prefix: '/backend', operation })),
];

let server: TestServer;
let homeStore: number;
let foreignStore: number;
const callers = {} as Record<Role, Caller>;

beforeAll(async () => {
  server = await startTestServer();
  foreignStore = await addStore(server.db, 'Tienda Ajena');
  const owner = await signIn(server.app, 'demo@recompra.cl');
  homeStore = owner.user.store!;
  // A member with the `user` role, so every role of SPEC §2 has a caller.
  const [user] = await server.db.query<{ id: number }>(
    `insert into users (email, name, password_hash) values ('usuario@recompra.cl', 'Usuario', $1) returning id`,
    [await hashPassword(DEMO_PASSWORD)],
  );
  await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'user')`, [homeStore, user!.id]);
  callers.admin = owner;
  callers.user = await signIn(server.app, 'usuario@recompra.cl');
  callers.colaborator = await signIn(server.app, 'colaborador@recompra.cl');
  callers.recompraAdmin = await signIn(server.app, 'admin@recompra.cl');
});
afterAll(() => server.close());

function urlFor(prefix: string, operation: ContractOperation, storeId: number): string {
  return prefix + operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === operation.storeParam ? String(storeId) : '1'));
}

async function call(prefix: string, operation: ContractOperation, storeId: number, caller?: Caller) {
  return server.app.inject({
    method: operation.method,
    url: urlFor(prefix, operation, storeId),
    ...(caller ? { cookies: caller.cookies, headers: caller.headers } : {}),
    ...(operation.hasBody ? { payload: {} } : {}),
  });
}

it('refuses every (path, method, caller) that SPEC and the contracts do not allow', async () => {
  const checked: string[] = [];
  const failures: string[] = [];
  const expectRefused = async (label: string, response: Awaited<ReturnType<typeof call>>, status: number) => {
    checked.push(label);
    const body = response.json() as { code?: unknown; message?: unknown };
    if (
      response.statusCode !== status ||
      typeof body.code !== 'string' ||
      typeof body.message !== 'string' ||
      Object.keys(body).some((key) => !['code', 'message'].includes(key))
    ) {
      failures.push(`${label}: expected ${status} with only the error shape, got ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  };

  for (const { prefix, operation } of operations) {
    const name = `${operation.method} ${prefix}${operation.path}`;
    if (!operation.isPublic) await expectRefused(`${name} · no session`, await call(prefix, operation, homeStore), 401);
    if (operation.storeParam) {
      // Members of one store reach nothing of another, whatever their role there.
      for (const role of ['admin', 'user', 'colaborator'] as const) {
        await expectRefused(`${name} · ${role} of another store`, await call(prefix, operation, foreignStore, callers[role]), 404);
      }
    }
    // Each role is refused what the operation's roles leave out, in its own store.
    for (const role of Object.keys(callers) as Role[]) {
      if (operation.isPublic || !operation.roles || operation.roles.includes(role)) continue;
      await expectRefused(`${name} · ${role}`, await call(prefix, operation, homeStore, callers[role]), 403);
    }
  }

  console.log(
    `Isolation: ${checked.length} (path, method, caller) triples checked over ${operations.length} operations, ${failures.length} not refused.`,
  );
  expect(failures).toEqual([]);
  expect(checked.length).toBeGreaterThan(operations.length);
});
