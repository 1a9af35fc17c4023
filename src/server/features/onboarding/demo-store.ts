import type { Database } from '../../platform/db.ts';
import { hashPassword } from '../../platform/passwords.ts';

export const DEMO_STORE_NAME = 'Tienda Demo';
export const DEMO_USERS = [
  { email: 'demo@recompra.cl', name: 'Dueña Demo', role: 'admin' },
  { email: 'colaborador@recompra.cl', name: 'Colaborador Demo', role: 'colaborator' },
  { email: 'admin@recompra.cl', name: 'Administración Recompra', role: 'recompraAdmin' },
] as const;
const DEMO_ORDERS = 48;

/**
 * On a database with no users, creates the demo store, its owner and collaborator, a provider admin
 * and a few orders, so the app can be used at once. Returns false when there was already data.
 */
export async function seedDemoStore(db: Database, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.query('select 1 from users limit 1 for update');
    if (existing) return false;
    const [store] = await tx.query<{ id: number }>('insert into stores (name) values ($1) returning id', [DEMO_STORE_NAME]);
    for (const user of DEMO_USERS) {
      const [row] = await tx.query<{ id: number }>('insert into users (email, name, password_hash, is_provider_admin) values ($1, $2, $3, $4) returning id', [
        user.email,
        user.name,
        passwordHash,
        user.role === 'recompraAdmin',
      ]);
      if (user.role !== 'recompraAdmin') await tx.query('insert into store_members (store_id, user_id, role) values ($1, $2, $3)', [store!.id, row!.id, user.role]);
    }
    // A fixed spread of orders (one every 7 days from a fixed date, amounts between 9.990 and 89.990 CLP).
    await tx.query(
      `insert into orders (store_id, external_id, placed_at, total_amount)
       select $1, 'demo-' || n, timestamptz '2026-01-05 12:00:00-03' + make_interval(days => n * 7), 9990 + (n * 7919 % 80) * 1000
         from generate_series(1, $2::integer) as n`,
      [store!.id, DEMO_ORDERS],
    );
    return true;
  });
}
