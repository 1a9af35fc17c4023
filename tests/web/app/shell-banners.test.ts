import { describe, expect, it } from 'vitest';
import {
  integrationsAllConnected,
  integrationsMessagingQualityRed,
  integrationsSocialAdsExpired,
  integrationsStoreOnly,
} from '../../../mocks/fixtures/integrations';
import { subscriptionStates } from '../../../mocks/fixtures/subscription';
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

  it('stops asking for WhatsApp once a number is connected, whatever its quality', () => {
    expect(ids({ integrations: integrationsAllConnected, pathname: '/whatsapp' })).toEqual([]);
    expect(ids({ integrations: integrationsMessagingQualityRed, pathname: '/chat' })).toEqual([]);
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

  describe('from the subscription', () => {
    const now = Date.parse('2026-03-15T15:00:00.000Z');
    const on = (state: keyof typeof subscriptionStates, input: Partial<ShellBannerInput> = {}) =>
      ids({ pathname: '/integrations', subscription: subscriptionStates[state], now, ...input });

    it('counts down the last days of the trial, warns of a failed payment and of a cancellation', () => {
      expect(shellBanners({ ...admin, pathname: '/integrations', subscription: subscriptionStates.trial, now })[0]).toMatchObject({
        id: 'trialEnding',
        days: 2,
      });
      expect(on('pastDue')).toEqual(['pastDue']);
      expect(on('canceled')).toEqual(['canceled']);
      expect(on('activeMonthly')).toEqual([]);
    });

    it('asks for a plan, or a new one once a canceled plan ended, except on the data pages that say it themselves', () => {
      expect(on('none')).toEqual(['subscriptionRequired']);
      expect(on('ended')).toEqual(['subscriptionRequired']);
      expect(on('none', { pathname: '/dashboard' })).toEqual([]);
      expect(on('none', { pathname: '/account/change-plan' })).toEqual([]);
    });

    it('keeps quiet on the account pages, which show the subscription, and while it is not known', () => {
      expect(on('pastDue', { pathname: '/account' })).toEqual([]);
      expect(on('pastDue', { subscription: undefined })).toEqual([]);
    });

    it('warns a collaborator too, who reads no integrations', () => {
      expect(on('pastDue', { role: 'colaborator', integrations: undefined })).toEqual(['pastDue']);
    });
  });
});
