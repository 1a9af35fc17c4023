import { priceCents, TRIAL_DAYS } from './features/account/index.ts';
import { connectStore } from './features/integrations/index.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN } from './integrations/shopify/sandbox/index.ts';
import type { Database } from './platform/database/db.ts';
import { hashPassword } from './platform/security/passwords.ts';
import type { SecretBox } from './platform/security/secrets.ts';

export const DEMO_STORE_NAME = 'Tienda Demo';
/** The plan the demo store's trial is on. */
export const DEMO_PLAN = 'crecimiento';
export const DEMO_USERS = [
  { email: 'demo@recompra.cl', name: 'Dueña Demo', role: 'admin' },
  { email: 'colaborador@recompra.cl', name: 'Colaborador Demo', role: 'colaborator' },
  { email: 'admin@recompra.cl', name: 'Administración Recompra', role: 'recompraAdmin' },
] as const;

/**
 * On a database with no users, creates the demo store, its owner and collaborator and a provider
 * admin, connects the store to the local Shopify sandbox and queues its import, so the app can be
 * used at once. Returns false when there was already data.
 */
export async function seedDemoStore(db: Database, password: string, secrets: SecretBox): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.query('select 1 from users limit 1 for update');
    if (existing) return false;
    const [store] = await tx.query<{ id: number }>('insert into stores (name) values ($1) returning id', [DEMO_STORE_NAME]);
    for (const user of DEMO_USERS) {
      const [row] = await tx.query<{ id: number }>(
        'insert into users (email, name, password_hash, is_provider_admin) values ($1, $2, $3, $4) returning id',
        [user.email, user.name, passwordHash, user.role === 'recompraAdmin'],
      );
      if (user.role !== 'recompraAdmin')
        await tx.query('insert into store_members (store_id, user_id, role) values ($1, $2, $3)', [store!.id, row!.id, user.role]);
    }
    await connectStore(tx, {
      storeId: store!.id,
      shop: SANDBOX_SHOP,
      sealedToken: secrets.seal(SANDBOX_TOKEN),
      currency: 'CLP',
      timezone: 'America/Santiago',
      // As if it had installed our app: the sandbox signs its webhooks with our app's secret.
      install: 'oauth',
    });
    // On its free trial, so every screen opens; the processor learns of it when the server starts (features/account/sandbox-subscriptions.ts).
    await tx.query(
      `insert into store_subscriptions (store_id, plan_id, billing, price_cents, status, trial_ends_at)
       values ($1, $2, 'monthly', $3, 'trialing', now() + make_interval(days => $4))`,
      [store!.id, DEMO_PLAN, priceCents(DEMO_PLAN, 'monthly'), TRIAL_DAYS],
    );
    return true;
  });
}
