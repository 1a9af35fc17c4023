import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { reachableMembers } from '../../../../src/server/platform/store-data/audiences.ts';
import { addStore, migratedDatabase } from '../../support/harness.ts';

let db: Database;
let store: number;
let segment: string;

/** [id, email, email consent, phone, SMS consent] */
const CUSTOMERS: [number, string | null, boolean, string | null, boolean][] = [
  [1, '  Camila.Rojas@Tienda.CL ', true, '+56 9 8765 4321', true],
  [2, 'sin-consentimiento@tienda.cl', false, '987654321', true],
  [3, 'solo-correo@tienda.cl', true, '987654322', false],
  [4, 'sin-arroba', true, '12', true],
  [5, null, true, '(09) 8765-4323', true],
  [6, 'nadie@tienda.cl', false, '987654324', false],
  [7, '@tienda.cl', true, null, false],
  // Not in the segment: never reached through it, whatever it accepted.
  [8, 'otra@tienda.cl', true, '987654325', true],
];

beforeAll(async () => {
  db = await migratedDatabase();
  store = await addStore(db, 'Tienda de audiencias');
  for (const [id, email, emailConsent, phone, smsConsent] of CUSTOMERS)
    await db.query(
      'insert into customers (store_id, external_id, email, email_consent, phone, sms_consent) values ($1, $2, $3, $4, $5, $6)',
      [store, id, email, emailConsent, phone, smsConsent],
    );
  [{ id: segment }] = (await db.query<{ id: string }>(
    `insert into segments (store_id, name, form, rules, status) values ($1, 'Todos', 'simple', '{}'::jsonb, 'ready') returning id::text`,
    [store],
  )) as [{ id: string }];
  await db.query('insert into segment_members (segment_id, store_id, customer_external_id) select $1, $2, unnest($3::bigint[])', [
    segment,
    store,
    [1, 2, 3, 4, 5, 6, 7],
  ]);
});
afterAll(() => db?.close());

it('reaches by email only the members who accepted email marketing and have an address', async () => {
  expect(await reachableMembers(db, store, segment, 'email')).toEqual([
    { externalId: '1', email: 'camila.rojas@tienda.cl', phone: null },
    { externalId: '3', email: 'solo-correo@tienda.cl', phone: null },
  ]);
});

it('reaches for ads each member by the contacts they accepted marketing on, and leaves out those with none', async () => {
  expect(await reachableMembers(db, store, segment, 'ads')).toEqual([
    { externalId: '1', email: 'camila.rojas@tienda.cl', phone: '+56 9 8765 4321' },
    { externalId: '2', email: null, phone: '987654321' },
    { externalId: '3', email: 'solo-correo@tienda.cl', phone: null },
    { externalId: '5', email: null, phone: '(09) 8765-4323' },
  ]);
});
