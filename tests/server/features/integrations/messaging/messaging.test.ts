import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_META_APP, SANDBOX_META_IDS, type StartedMetaSandbox } from '../../../../../src/server/integrations/meta/sandbox/index.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../../support/harness.ts';
import { connectMeta, metaLoginToken, startServerWithMeta } from '../../../support/meta-harness.ts';

/*
 * The messaging integration over HTTP against the Meta sandbox: the WhatsApp Business Accounts and numbers
 * of the business manager saved for social ads, the store and social ads required first, the choice checked
 * with Meta, the app subscribed to the account's webhooks on saving and unsubscribed on disconnecting, and the
 * card following the number's quality as Meta rates it.
 */

const ids = SANDBOX_META_IDS;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let collaborator: Caller;
let store: number;

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta());
  owner = await signIn(server.app, 'demo@recompra.cl');
  collaborator = await signIn(server.app, 'colaborador@recompra.cl');
  store = owner.user.store!;
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, caller: Caller = owner, payload?: object) =>
  server.app.inject({ method, url: path, cookies: caller.cookies, headers: caller.headers, ...(payload === undefined ? {} : { payload }) });
const settingsPath = (id = store) => `/api/private/stores/${id}/whatsappSettings`;
const optionsPath = (id = store, whatsappId?: string) =>
  `${settingsPath(id)}/settingsOptions${whatsappId ? `?whatsappId=${whatsappId}` : ''}`;
const messagingCard = async () => (await call('GET', `/api/private/stores/${store}/integrations`)).json().messaging;
const subscribers = (whatsappId: string) => [...meta.sandbox.store.whatsAppAccount(whatsappId)!.subscribedApps.keys()];

const CHOICE = { whatsappId: ids.whatsappAccounts.tiendaDemo, whatsappPhoneNumberId: ids.phoneNumbers.principal };

describe('before the store and social ads are connected', () => {
  it('starts not connected', async () => {
    expect((await call('GET', settingsPath())).json()).toEqual({ state: 'notConnected', selection: null });
    expect(await messagingCard()).toEqual({ state: 'notConnected', selection: null });
  });

  it('needs social ads first, with its assets saved', async () => {
    const options = await call('GET', optionsPath());
    expect(options.statusCode).toBe(409);
    expect(options.json()).toMatchObject({
      code: 'social_ads_integration_required',
      message: expect.stringContaining('Conecta primero Meta'),
    });
    // Facebook Login alone is not enough: the business manager is chosen with the assets.
    const accessToken = await metaLoginToken(meta);
    expect((await call('POST', `/api/private/stores/${store}/metaSettings/accessToken`, owner, { accessToken })).statusCode).toBe(200);
    const save = await call('PATCH', settingsPath(), owner, CHOICE);
    expect(save.statusCode).toBe(409);
    expect(save.json().code).toBe('social_ads_integration_required');
  });

  it('needs the store before anything', async () => {
    const bare = await addStore(server.db, 'Tienda sin Shopify');
    await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [bare, owner.user.id]);
    const response = await call('GET', optionsPath(bare));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'store_integration_required', message: expect.stringContaining('tienda de Shopify') });
    expect((await call('PATCH', settingsPath(bare), owner, CHOICE)).json().code).toBe('store_integration_required');
  });
});

describe('choosing the account and the number', () => {
  beforeAll(async () => {
    await connectMeta({ meta, server }, owner, store);
  });

  it('offers the business’s accounts and the numbers of the first, with quality and the portfolio’s limit', async () => {
    const response = await call('GET', optionsPath());
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.business).toEqual({ id: ids.businesses.tiendaDemo, name: 'Tienda Demo SpA' });
    expect(options.accounts.map((account: { id: string; name: string }) => [account.id, account.name])).toEqual([
      [ids.whatsappAccounts.tiendaDemo, 'Tienda Demo'],
      [ids.whatsappAccounts.agencia, 'Agencia Digital Sur'],
    ]);
    expect(options.accounts[0]).toMatchObject({
      businessVerified: true,
      manageUrl: `${meta.businessUrl}/wa/manage/home/?business_id=${ids.businesses.tiendaDemo}&waba_id=${ids.whatsappAccounts.tiendaDemo}`,
    });
    expect(options.whatsappId).toBe(ids.whatsappAccounts.tiendaDemo);
    expect(options.phoneNumbers).toEqual([
      { id: ids.phoneNumbers.principal, displayPhoneNumber: '+56 9 2345 6701', verifiedName: 'Tienda Demo', qualityRating: 'GREEN' },
      { id: ids.phoneNumbers.outlet, displayPhoneNumber: '+56 9 2345 6702', verifiedName: 'Tienda Demo Outlet', qualityRating: 'YELLOW' },
    ]);
    expect(options.messagingLimit).toBe('TIER_2K');
  });

  it('offers no number for an account without one ("no WhatsApp numbers available")', async () => {
    const options = (await call('GET', optionsPath(store, ids.whatsappAccounts.agencia))).json();
    expect(options.whatsappId).toBe(ids.whatsappAccounts.agencia);
    expect(options.phoneNumbers).toEqual([]);
  });

  it('refuses a missing choice with the field’s error, and one Meta does not offer', async () => {
    const missing = await call('PATCH', settingsPath(), owner, { whatsappId: '', whatsappPhoneNumberId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: expect.arrayContaining([
        { field: 'whatsappId', message: 'Este campo es obligatorio.' },
        { field: 'whatsappPhoneNumberId', message: 'Este campo es obligatorio.' },
      ]),
    });
    const otherAccount = await call('PATCH', settingsPath(), owner, {
      whatsappId: ids.whatsappAccounts.agencia,
      whatsappPhoneNumberId: ids.phoneNumbers.principal,
    });
    expect(otherAccount.statusCode).toBe(422);
    expect(otherAccount.json()).toMatchObject({
      code: 'not_an_option',
      fieldErrors: [{ field: 'whatsappPhoneNumberId', message: 'Elige una opción de la lista.' }],
    });
    const unknown = await call('PATCH', settingsPath(), owner, { ...CHOICE, whatsappId: '999' });
    expect(unknown.json().fieldErrors).toEqual([{ field: 'whatsappId', message: 'Elige una opción de la lista.' }]);
    expect(subscribers(ids.whatsappAccounts.tiendaDemo)).toEqual([]);
    expect(await messagingCard()).toEqual({ state: 'notConnected', selection: null });
  });

  it('saves the choice and subscribes the app to the account’s webhooks', async () => {
    const response = await call('PATCH', settingsPath(), owner, CHOICE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'connected',
      selection: {
        business: { id: ids.businesses.tiendaDemo, name: 'Tienda Demo SpA' },
        whatsappAccount: { id: ids.whatsappAccounts.tiendaDemo, name: 'Tienda Demo' },
        phoneNumber: {
          id: ids.phoneNumbers.principal,
          displayPhoneNumber: '+56 9 2345 6701',
          verifiedName: 'Tienda Demo',
          qualityRating: 'GREEN',
        },
        messagingLimit: 'TIER_2K',
        businessVerified: true,
      },
    });
    expect(subscribers(ids.whatsappAccounts.tiendaDemo)).toEqual([SANDBOX_META_APP.appId]);
    expect((await messagingCard()).state).toBe('connected');
  });

  it('shows a quality Meta lowered since, once the last reading is a minute old', async () => {
    meta.sandbox.store.phoneNumber(ids.phoneNumbers.principal)!.qualityRating = 'RED';
    // Within the minute the card keeps what it read.
    expect((await messagingCard()).selection.phoneNumber.qualityRating).toBe('GREEN');
    await server.db.query(`update whatsapp_connections set checked_at = now() - interval '2 minutes' where store_id = $1`, [store]);
    const card = await messagingCard();
    expect(card.state).toBe('connected');
    expect(card.selection.phoneNumber.qualityRating).toBe('RED');
    expect(Date.parse(card.selection.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    meta.sandbox.store.phoneNumber(ids.phoneNumbers.principal)!.qualityRating = 'GREEN';
  });

  it('is for those who manage integrations, of their own stores', async () => {
    expect((await call('GET', settingsPath(), collaborator)).statusCode).toBe(403);
    expect((await call('GET', optionsPath(), collaborator)).statusCode).toBe(403);
    expect((await call('PATCH', settingsPath(), collaborator, CHOICE)).statusCode).toBe(403);
    expect((await call('DELETE', settingsPath(), collaborator)).statusCode).toBe(403);
    const foreign = await addStore(server.db, 'Tienda Ajena');
    expect((await call('GET', settingsPath(foreign))).statusCode).toBe(404);
    expect((await call('PATCH', settingsPath(foreign), owner, CHOICE)).statusCode).toBe(404);
    expect(subscribers(ids.whatsappAccounts.tiendaDemo)).toEqual([SANDBOX_META_APP.appId]);
  });

  it('disconnects: the app unsubscribed and the choice forgotten', async () => {
    expect((await call('DELETE', settingsPath())).statusCode).toBe(204);
    expect(subscribers(ids.whatsappAccounts.tiendaDemo)).toEqual([]);
    expect(await messagingCard()).toEqual({ state: 'notConnected', selection: null });
    // Again: nothing left to disconnect.
    expect((await call('DELETE', settingsPath())).statusCode).toBe(204);
  });
});
