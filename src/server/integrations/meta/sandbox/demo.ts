import type { MetaSandboxStore } from './store.ts';

/*
 * The demo world, the same on every run: Camila Rojas runs "Tienda Demo SpA" (every kind of asset,
 * one ad account without the Custom Audience terms, one where she is not an admin) and "Agencia Sin
 * Activos" (nothing to choose from, no WhatsApp Business Account either); Diego Fuentes has no business
 * at all. Tienda Demo (verified, messaging limit 2,000 a day) owns a WhatsApp Business Account with two
 * numbers, one of them of YELLOW quality, and has the agency's account, which has no number, as a client. Each catalog has Meta's
 * "all products" set; the main one also a set of sneakers and one of sale items. Campaigns, audiences
 * and media are left for the app (and tests) to create.
 */

/** Who can sign in at the sandbox's Facebook Login (the first one is the demo the README names). */
export const SANDBOX_META_USERS = [
  { id: '10220000000000001', name: 'Camila Rojas', email: 'camila@tiendademo.cl', password: 'meta-demo' },
  { id: '10220000000000002', name: 'Diego Fuentes', email: 'diego@sinportafolio.cl', password: 'meta-demo' },
] as const;

/** The demo's ids, for tests and scripts. */
export const SANDBOX_META_IDS = {
  users: { camila: '10220000000000001', diego: '10220000000000002' },
  businesses: { tiendaDemo: '1500000000000001', sinActivos: '1500000000000002', agenciaDigital: '1500000000000003' },
  adAccounts: { principal: 'act_2400000000000001', campanasNuevas: 'act_2400000000000002', agencia: 'act_2400000000000003' },
  pages: { tiendaDemo: '1010000000000001', outlet: '1010000000000002' },
  instagramAccounts: { tiendademo: '17841400000000001' },
  pixels: { tiendaDemo: '9100000000000001' },
  catalogs: { tiendaDemo: '7000000000000001', temporada: '7000000000000002' },
  whatsappAccounts: { tiendaDemo: '102900000000001', agencia: '102900000000002' },
  phoneNumbers: { principal: '106500000000001', outlet: '106500000000002' },
  productSets: {
    todos: '5500000000000001',
    zapatillas: '5500000000000002',
    ofertas: '5500000000000003',
    temporada: '5500000000000004',
  },
} as const;

const ADMIN = ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'];

export function seedDemo(store: MetaSandboxStore): void {
  const ids = SANDBOX_META_IDS;
  for (const user of SANDBOX_META_USERS) store.addUser({ ...user });
  const camila = ids.users.camila;
  store.addBusiness({
    id: ids.businesses.tiendaDemo,
    name: 'Tienda Demo SpA',
    people: [camila],
    verified: true,
    messagingLimit: 'TIER_2K',
  });
  store.addBusiness({
    id: ids.businesses.sinActivos,
    name: 'Agencia Sin Activos',
    people: [camila],
    createdTime: '2023-08-01T12:00:00+0000',
  });
  // The agency that owns the client assets Tienda Demo works with; Camila has no role in it.
  store.addBusiness({ id: ids.businesses.agenciaDigital, name: 'Agencia Digital Sur SpA', people: [], verified: true });

  const tienda = ids.businesses.tiendaDemo;
  store.addAdAccount(tienda, {
    id: ids.adAccounts.principal,
    name: 'Tienda Demo — Principal',
    tasks: { [camila]: ADMIN },
    customAudienceTermsAccepted: true,
  });
  store.addAdAccount(tienda, { id: ids.adAccounts.campanasNuevas, name: 'Tienda Demo — Campañas nuevas', tasks: { [camila]: ADMIN } });
  store.addAdAccount(
    ids.businesses.agenciaDigital,
    {
      id: ids.adAccounts.agencia,
      name: 'Cuenta de la agencia',
      tasks: { [camila]: ['ADVERTISE', 'ANALYZE'] },
      customAudienceTermsAccepted: true,
    },
    [tienda],
  );
  store.addPage(tienda, { id: ids.pages.tiendaDemo, name: 'Tienda Demo' });
  store.addPage(ids.businesses.agenciaDigital, { id: ids.pages.outlet, name: 'Tienda Demo Outlet' }, [tienda]);
  store.addInstagramAccount(tienda, { id: ids.instagramAccounts.tiendademo, username: 'tiendademo' });
  store.addPixel(tienda, { id: ids.pixels.tiendaDemo, name: 'Píxel Tienda Demo' });
  store.addCatalog(tienda, { id: ids.catalogs.tiendaDemo, name: 'Catálogo Tienda Demo', productCount: 240 });
  store.addCatalog(tienda, { id: ids.catalogs.temporada, name: 'Catálogo de temporada', productCount: 36 });
  store.addProductSet(ids.catalogs.tiendaDemo, { id: ids.productSets.todos, name: 'Todos los productos', productCount: 240 });
  store.addProductSet(ids.catalogs.tiendaDemo, { id: ids.productSets.zapatillas, name: 'Zapatillas', productCount: 48 });
  store.addProductSet(ids.catalogs.tiendaDemo, { id: ids.productSets.ofertas, name: 'Ofertas', productCount: 30 });
  store.addProductSet(ids.catalogs.temporada, { id: ids.productSets.temporada, name: 'Todos los productos', productCount: 36 });

  store.addWhatsAppAccount(tienda, { id: ids.whatsappAccounts.tiendaDemo, name: 'Tienda Demo' });
  store.addPhoneNumber(ids.whatsappAccounts.tiendaDemo, {
    id: ids.phoneNumbers.principal,
    displayPhoneNumber: '+56 9 2345 6701',
    verifiedName: 'Tienda Demo',
  });
  store.addPhoneNumber(ids.whatsappAccounts.tiendaDemo, {
    id: ids.phoneNumbers.outlet,
    displayPhoneNumber: '+56 9 2345 6702',
    verifiedName: 'Tienda Demo Outlet',
    qualityRating: 'YELLOW',
  });
  store.addWhatsAppAccount(ids.businesses.agenciaDigital, { id: ids.whatsappAccounts.agencia, name: 'Agencia Digital Sur' }, [tienda]);
}
