import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetaClient } from '../../../../src/server/integrations/meta/client.ts';
import { MetaNotFoundError, MetaPermissionError } from '../../../../src/server/integrations/meta/errors.ts';
import {
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { REQUIRED_PERMISSIONS } from '../../../../src/server/integrations/meta/types.ts';
import { camilaClient, facebookLogin, failure } from '../meta/testing.ts';

// The real client's WhatsApp Business Management calls against the sandbox's demo business.
const ids = SANDBOX_META_IDS;
const REDIRECT_URI = 'https://recompra.test/integraciones/meta/callback';
let meta: StartedMetaSandbox;
beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => Date.UTC(2025, 2, 10, 12), apps: [{ ...SANDBOX_META_APP, redirectUris: [REDIRECT_URI] }] });
});
afterAll(() => meta.close());

const personClient = (userId: string, options: Parameters<StartedMetaSandbox['sandbox']['issueToken']>[1] = {}) =>
  createMetaClient({
    appId: SANDBOX_META_APP.appId,
    appSecret: SANDBOX_META_APP.appSecret,
    graphUrl: meta.url,
    sleep: async () => {},
  }).forUser(meta.sandbox.issueToken(userId, { longLived: true, ...options }));

describe('WhatsApp Business Accounts', () => {
  it('lists the business’s own account and the one a partner shares with it', async () => {
    const accounts = await camilaClient(meta).whatsapp.businessAccounts(ids.businesses.tiendaDemo);
    expect(accounts).toEqual([
      {
        id: ids.whatsappAccounts.tiendaDemo,
        name: 'Tienda Demo',
        ownership: 'owned',
        currency: 'USD',
        timezoneId: '79',
        businessVerificationStatus: 'verified',
        accountReviewStatus: 'APPROVED',
        messageTemplateNamespace: expect.any(String),
      },
      expect.objectContaining({ id: ids.whatsappAccounts.agencia, name: 'Agencia Digital Sur', ownership: 'client' }),
    ]);
  });

  it('lists none for a business without WhatsApp', async () => {
    expect(await camilaClient(meta).whatsapp.businessAccounts(ids.businesses.sinActivos)).toEqual([]);
  });

  it('lists the numbers with their quality, and the portfolio’s messaging limit on each', async () => {
    const numbers = await camilaClient(meta).whatsapp.phoneNumbers(ids.whatsappAccounts.tiendaDemo);
    expect(numbers).toEqual([
      {
        id: ids.phoneNumbers.principal,
        displayPhoneNumber: '+56 9 2345 6701',
        verifiedName: 'Tienda Demo',
        qualityRating: 'GREEN',
        codeVerificationStatus: 'VERIFIED',
        nameStatus: 'APPROVED',
        throughputLevel: 'STANDARD',
        messagingLimit: 'TIER_2K',
      },
      expect.objectContaining({ id: ids.phoneNumbers.outlet, verifiedName: 'Tienda Demo Outlet', qualityRating: 'YELLOW' }),
    ]);
    expect(await camilaClient(meta).whatsapp.phoneNumber(ids.phoneNumbers.outlet)).toEqual(numbers[1]);
    expect(await camilaClient(meta).whatsapp.phoneNumbers(ids.whatsappAccounts.agencia)).toEqual([]);
  });

  it('reads the business portfolio’s messaging limit, 250 for one that never scaled', async () => {
    expect(await camilaClient(meta).whatsapp.messagingLimit(ids.businesses.tiendaDemo)).toBe('TIER_2K');
    expect(await camilaClient(meta).whatsapp.messagingLimit(ids.businesses.sinActivos)).toBe('TIER_250');
  });

  it('needs whatsapp_business_management, and hides the accounts of businesses the person is not in', async () => {
    const declined = personClient(ids.users.camila, {
      granted: REQUIRED_PERMISSIONS.filter((permission) => permission !== 'whatsapp_business_management'),
      declined: ['whatsapp_business_management'],
    });
    const refused = await failure(declined.whatsapp.phoneNumbers(ids.whatsappAccounts.tiendaDemo));
    expect(refused).toBeInstanceOf(MetaPermissionError);
    expect(refused).toMatchObject({ code: 200, message: expect.stringContaining('whatsapp_business_management') });
    expect(await failure(declined.whatsapp.businessAccounts(ids.businesses.tiendaDemo))).toBeInstanceOf(MetaPermissionError);
    const stranger = personClient(ids.users.diego);
    expect(await failure(stranger.whatsapp.phoneNumbers(ids.whatsappAccounts.tiendaDemo))).toBeInstanceOf(MetaNotFoundError);
    expect(await failure(stranger.whatsapp.phoneNumber(ids.phoneNumbers.principal))).toBeInstanceOf(MetaNotFoundError);
  });

  it('asks for both WhatsApp permissions at Facebook Login, and the person grants them', async () => {
    const token = await facebookLogin({
      loginUrl: meta.loginUrl,
      appId: SANDBOX_META_APP.appId,
      redirectUri: REDIRECT_URI,
      email: 'camila@tiendademo.cl',
      password: 'meta-demo',
    });
    const client = createMetaClient({ appId: SANDBOX_META_APP.appId, appSecret: SANDBOX_META_APP.appSecret, graphUrl: meta.url });
    expect(await client.forUser(token).permissions()).toEqual(
      expect.arrayContaining([
        { permission: 'whatsapp_business_management', status: 'granted' },
        { permission: 'whatsapp_business_messaging', status: 'granted' },
      ]),
    );
  });
});

describe('subscribed_apps', () => {
  it('subscribes the app to the account’s webhooks once, lists it, and unsubscribes it', async () => {
    const whatsapp = camilaClient(meta).whatsapp;
    const waba = ids.whatsappAccounts.tiendaDemo;
    expect(await whatsapp.subscribedApps(waba)).toEqual([]);
    await whatsapp.subscribeApp(waba);
    await whatsapp.subscribeApp(waba);
    expect(await whatsapp.subscribedApps(waba)).toEqual([
      { id: SANDBOX_META_APP.appId, name: SANDBOX_META_APP.name, link: `https://www.facebook.com/games/?app_id=${SANDBOX_META_APP.appId}` },
    ]);
    await whatsapp.unsubscribeApp(waba);
    expect(await whatsapp.subscribedApps(waba)).toEqual([]);
  });
});
