import { describe, expect, it } from 'vitest';
import { BANNER_IDS, BANNERS, type BannerState, bannersFor } from '../../../src/web/app/shell/banners';

const paying = { status: 'active', trialEndsInDays: null } as const;
const healthy: BannerState = {
  subscription: paying,
  hasStoreIntegration: true,
  socialAdsTokenExpired: false,
  hasMessagingIntegration: true,
};

const ids = (state: Partial<BannerState>) => bannersFor({ ...healthy, ...state }).map((banner) => banner.id);

describe('bannersFor', () => {
  it('shows nothing to a paying, fully integrated store', () => {
    expect(bannersFor(healthy)).toEqual([]);
  });
  it('warns about a failed payment and a canceled subscription', () => {
    expect(ids({ subscription: { ...paying, status: 'past_due' } })).toEqual(['pastDue']);
    expect(ids({ subscription: { ...paying, status: 'canceled' } })).toEqual(['canceled']);
  });
  it('asks for a subscription when there is neither one nor a trial', () => {
    expect(ids({ subscription: { status: null, trialEndsInDays: null } })).toEqual(['subscriptionRequired']);
    expect(ids({ subscription: { status: null, trialEndsInDays: 6 } })).toEqual([]);
  });
  it('says nothing about a subscription it does not know yet', () => {
    expect(ids({ subscription: undefined })).toEqual([]);
    expect(ids({ subscription: undefined, hasStoreIntegration: false })).toEqual(['integrationRequired']);
  });
  it('announces the end of the trial in its last three days, with the days left', () => {
    const onTrial = (days: number) => ({ subscription: { status: null, trialEndsInDays: days } });
    expect(ids(onTrial(4))).toEqual([]);
    const [banner] = bannersFor({ ...healthy, ...onTrial(2) });
    expect(banner).toMatchObject({ id: 'trialEnding', days: 2, href: '/account' });
    expect(bannersFor({ ...healthy, ...onTrial(-1) })[0]).toMatchObject({ days: 0 });
  });
  it('asks for the store integration before the others', () => {
    expect(ids({ hasStoreIntegration: false, hasMessagingIntegration: false, socialAdsTokenExpired: true })).toEqual([
      'integrationRequired',
    ]);
  });
  it('asks to renew the social ads token and to connect the messaging app', () => {
    expect(ids({ socialAdsTokenExpired: true })).toEqual(['socialAdsTokenExpired']);
    expect(ids({ hasMessagingIntegration: false })).toEqual(['messagingIntegrationMissing']);
  });
  it('puts the most urgent first', () => {
    expect(ids({ subscription: { ...paying, status: 'past_due' }, hasMessagingIntegration: false, socialAdsTokenExpired: true })).toEqual([
      'pastDue',
      'socialAdsTokenExpired',
      'messagingIntegrationMissing',
    ]);
  });
  it('links account problems to /account, a missing plan to the plans and integration ones to /integrations', () => {
    for (const id of BANNER_IDS) {
      const expected = ['integrationRequired', 'socialAdsTokenExpired', 'messagingIntegrationMissing'].includes(id)
        ? '/integrations'
        : id === 'subscriptionRequired'
          ? '/account/change-plan'
          : '/account';
      expect(BANNERS[id].href).toBe(expected);
    }
  });
});
