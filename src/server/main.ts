import { buildApp, FEATURES } from './app.ts';
import { DEMO_USERS, seedDemoStore } from './demo-store.ts';
import { openSandboxSubscriptions } from './features/account/index.ts';
import { SANDBOX_META_USERS } from './integrations/meta/sandbox/index.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN } from './integrations/shopify/sandbox/index.ts';
import { type Config, ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/database/db.ts';
import { migrate } from './platform/database/migrations.ts';
import { scheduleHousekeeping } from './platform/jobs/housekeeping.ts';
import { loadSecretBox } from './platform/security/secrets.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const db = await openDatabase(config);
const applied = await migrate(db);
if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
const secrets = await loadSecretBox(db, config.encryptionKey, config.production);
// The demo accounts exist only for `npm start` on a laptop; a production database starts empty.
const seeded = config.demoPassword === null ? false : await seedDemoStore(db, config.demoPassword, secrets);
const app = await buildApp({ config, db, secrets, logger: process.env.LOG_REQUESTS === 'true', liveSandbox: true });
await app.listen({ port: config.port, host: config.host });
await scheduleHousekeeping(db);
for (const feature of FEATURES) await feature.schedule?.(db, config);
app.jobs.start();
// The local card processor starts empty each time: it learns of the subscriptions kept here (the demo's trial).
if (config.sandboxes)
  await openSandboxSubscriptions(app.billing).catch((error: unknown) =>
    console.error('No se pudo abrir la prueba gratuita de la tienda demo en el sandbox de pagos:', error),
  );

const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${(app.server.address() as { port: number }).port}`;
console.log(`\nRecompra está en ${url}  (base de datos: ${db.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`);
console.log(`Referencia de la API: ${url}/api/docs`);
if (config.demoPassword !== null) {
  console.log(seeded ? 'Se creó la tienda demo. Cuentas demo:' : 'Cuentas demo (si no cambiaron):');
  const password = config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '(DEMO_PASSWORD)';
  for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(14)} ${user.email}  contraseña: ${password}`);
}
if (config.sandboxes) {
  console.log(`Tienda Shopify de prueba: dirección ${SANDBOX_SHOP}  token de acceso ${SANDBOX_TOKEN}`);
  const [metaPerson] = SANDBOX_META_USERS;
  if (metaPerson) console.log(`Facebook de prueba (sandbox de Meta): correo ${metaPerson.email}  contraseña ${metaPerson.password}`);
  console.log(`Pagos de prueba (sandbox de Stripe en ${url}/v1): tarjeta 4242 4242 4242 4242, cualquier fecha futura y CVC`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
