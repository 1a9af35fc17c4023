import { buildApp } from './app.ts';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { migrate } from './platform/migrations.ts';
import { DEMO_USERS, seedDemoStore } from './demo-store.ts';
import { scheduleNightly } from './features/integrations/nightly.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN } from './integrations/shopify/sandbox/index.ts';
import { loadSecretBox } from './platform/secrets.ts';

const config = loadConfig();
const db = await openDatabase(config);
const applied = await migrate(db);
if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
const secrets = await loadSecretBox(db, config.encryptionKey, config.production);
const seeded = await seedDemoStore(db, config.demoPassword, secrets);
const app = await buildApp({ config, db, secrets, logger: process.env.LOG_REQUESTS === 'true', liveSandbox: true });
await app.listen({ port: config.port, host: config.host });
await scheduleNightly(db);
app.jobs.start();

const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${(app.server.address() as { port: number }).port}`;
console.log(`\nRecompra está en ${url}  (base de datos: ${db.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`);
console.log(`Referencia de la API: ${url}/api/docs`);
console.log(seeded ? 'Se creó la tienda demo. Cuentas demo:' : 'Cuentas demo (si no cambiaron):');
for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(14)} ${user.email}  contraseña: ${config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '(DEMO_PASSWORD)'}`);
if (config.sandboxes) console.log(`Tienda Shopify de prueba: dirección ${SANDBOX_SHOP}  token de acceso ${SANDBOX_TOKEN}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
