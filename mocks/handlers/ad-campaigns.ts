import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import type { components as Backend } from '../../src/shared/api/backend.gen';
import { formatMoney } from '../../src/shared/format';
import {
  adAccountProps,
  adCampaignFixture,
  adCampaignInsightsFixture,
  adCampaignSummaries,
  budgetBelowMinimumError,
  campaignDeleteFailedError,
  campaignFinishedError,
  campaignNotEditableError,
  metaAdSetFailedError,
  socialAdsNotConnectedError,
  socialAdsRenewalRequiredError,
} from '../fixtures/ad-campaigns';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';
import { mockState } from './mock-state';

type AdCampaignSummary = App['schemas']['AdCampaignSummary'];
type AdCampaignInsights = App['schemas']['AdCampaignInsights'];
type ErrorBody = App['schemas']['Error'];
type MetaAdAccountProps = Backend['schemas']['MetaAdAccountProps'];

const fails = () => Response.json(serverError, { status: 500 });
const notFound = () => Response.json({ message: 'No encontramos esta campaña.', code: 'not_found' } satisfies ErrorBody, { status: 404 });

type Call = 'list' | 'campaign' | 'insights' | 'activation' | 'budget' | 'delete' | 'adAccount';

export interface AdCampaignsStoreOptions {
  /** The store's campaigns, the newest first; all of the fixtures' by default. */
  campaigns?: readonly AdCampaignSummary[];
  /** The insights of each campaign by id; the fixtures' fifteen days by default. */
  insights?: Readonly<Record<number, AdCampaignInsights>>;
  /** The ad account's currency and minimum daily budget. */
  account?: MetaAdAccountProps;
  /** Meta must be connected or renewed first: every list call answers 409. */
  metaProblem?: 'notConnected' | 'renewalRequired';
  /** Calls that fail: with a server error, or as Meta fails them (the budget and the deletion with their 502). */
  failing?: readonly Call[];
  /** Calls that never answer (loading states, a save on its way). */
  pending?: readonly Call[];
}

/**
 * A store whose campaigns answer every call of the list and the detail, from the fixtures: activating,
 * a new budget and deleting change what the next call answers, as the server does, and a budget below
 * the ad account's minimum is refused with its 400.
 */
export function adCampaignsStore({
  campaigns: initial = adCampaignSummaries,
  insights = {},
  account = adAccountProps,
  metaProblem,
  failing = [],
  pending = [],
}: AdCampaignsStoreOptions = {}) {
  const campaigns = mockState(() => [...initial]);
  const find = (campaignId: number) => campaigns.current.find((campaign) => campaign.id === campaignId);
  const replace = (next: AdCampaignSummary) => {
    campaigns.current = campaigns.current.map((campaign) => (campaign.id === next.id ? next : campaign));
    return next;
  };
  const wait = async (call: Call) => {
    if (pending.includes(call)) await delay('infinite');
  };
  return [
    appHttp.get('/private/stores/{id}/adCampaigns', async ({ query, response }) => {
      await wait('list');
      if (metaProblem)
        return response(409).json(metaProblem === 'notConnected' ? socialAdsNotConnectedError : socialAdsRenewalRequiredError);
      if (failing.includes('list')) return response.untyped(fails());
      const status = query.get('status');
      return response(200).json({
        campaigns: status ? campaigns.current.filter((campaign) => campaign.status === status) : campaigns.current,
      });
    }),
    appHttp.get('/private/stores/{id}/adCampaigns/{campaignId}', async ({ params, response }) => {
      await wait('campaign');
      if (failing.includes('campaign')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      return campaign ? response(200).json(adCampaignFixture(campaign)) : response.untyped(notFound());
    }),
    appHttp.get('/private/stores/{id}/adCampaigns/{campaignId}/insights', async ({ params, response }) => {
      await wait('insights');
      if (failing.includes('insights')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      return response(200).json(insights[campaign.id] ?? adCampaignInsightsFixture(adCampaignFixture(campaign)));
    }),
    appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}/activation', async ({ params, request, response }) => {
      await wait('activation');
      if (failing.includes('activation')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      const { active } = await request.json();
      if (active && campaign.status === 'finished') return response(409).json(campaignFinishedError);
      const status = !active ? 'deactivated' : Date.parse(campaign.startAt) > Date.now() ? 'scheduled' : 'active';
      return response(200).json(replace({ ...campaign, status }));
    }),
    appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}/dailyBudget', async ({ params, request, response }) => {
      await wait('budget');
      if (failing.includes('budget')) return response(502).json(metaAdSetFailedError);
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      if (!campaign.editable) return response(409).json(campaignNotEditableError);
      const { dailyBudget } = await request.json();
      if (dailyBudget < account.minDailyBudget)
        return response(400).json(budgetBelowMinimumError(formatMoney(account.minDailyBudget, account.currency)));
      return response(200).json(replace({ ...campaign, dailyBudget }));
    }),
    appHttp.delete('/private/stores/{id}/adCampaigns/{campaignId}', async ({ params, response }) => {
      await wait('delete');
      if (failing.includes('delete')) return response(502).json(campaignDeleteFailedError);
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      campaigns.current = campaigns.current.filter((other) => other !== campaign);
      return response(204).empty();
    }),
    backendHttp.get('/stores/{id}/metaAdAccountProps', async ({ response }) => {
      await wait('adAccount');
      if (failing.includes('adAccount')) return response.untyped(fails());
      return response(200).json(account);
    }),
  ];
}

export const adCampaignsHandlers = adCampaignsStore();
