import { describe, expect, it } from 'vitest';
import { integrationsSocialAdsExpired, integrationsStoreOnly } from '../../../mocks/fixtures/integrations';
import { type ShellBannerInput, shellBanners } from '../../../src/web/app/shell/shell-banners';

const admin: ShellBannerInput = { role: 'admin', pathname: '/dashboard', storeId: 1, integrations: integrationsStoreOnly };
const ids = (input: Partial<ShellBannerInput>) => shellBanners({ ...admin, ...input }).map((banner) => banner.id);

describe('shellBanners', () => {
  it('asks for WhatsApp only where the work needs it', () => {
    expect(ids({})).toEqual([]);
    expect(ids({ pathname: '/whatsapp' })).toEqual(['messagingIntegrationMissing']);
    expect(ids({ pathname: '/chat' })).toEqual(['messagingIntegrationMissing']);
    expect(ids({ pathname: '/whatsapp/templates/create' })).toEqual(['messagingIntegrationMissing']);
  });

  it('asks to renew Meta on every page but the one that renews it', () => {
    expect(ids({ integrations: integrationsSocialAdsExpired })).toEqual(['socialAdsTokenExpired']);
    expect(ids({ integrations: integrationsSocialAdsExpired, pathname: '/account' })).toEqual(['socialAdsTokenExpired']);
    expect(ids({ integrations: integrationsSocialAdsExpired, pathname: '/integrations' })).toEqual([]);
  });

  it('asks a user without a store to connect one, except where the welcome guide already does', () => {
    expect(ids({ storeId: null, integrations: undefined, pathname: '/account' })).toEqual(['integrationRequired']);
    expect(ids({ storeId: null, integrations: undefined, pathname: '/dashboard' })).toEqual([]);
    expect(ids({ storeId: null, integrations: undefined, pathname: '/integrations' })).toEqual([]);
  });

  it('shows a colaborator nothing that leads to pages closed to the role', () => {
    expect(ids({ role: 'colaborator', integrations: integrationsSocialAdsExpired })).toEqual([]);
    expect(ids({ role: 'colaborator', storeId: null, integrations: undefined, pathname: '/account' })).toEqual([]);
  });

  it('waits while the integrations are not known', () => {
    expect(ids({ integrations: undefined, pathname: '/whatsapp' })).toEqual([]);
  });
});
