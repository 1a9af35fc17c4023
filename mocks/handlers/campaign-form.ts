import { delay } from 'msw';
import type { AdCampaignInput } from '../../src/shared/ad-campaigns';
import type { components } from '../../src/shared/api/app.gen';
import {
  CREATED_CAMPAIGN_ID,
  campaignSegments,
  campaignsToEdit,
  formAdAccount,
  matching,
  metaInterests,
  metaLocations,
  NEXT_MEDIA_ID,
  productCatalogs,
  productSets,
  savedCampaign,
} from '../fixtures/campaign-form';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';
import { mockState } from './mock-state';

type ErrorBody = components['schemas']['Error'];
type AdCampaign = components['schemas']['AdCampaign'];
type MetaProductCatalog = components['schemas']['MetaProductCatalog'];

const refuse = (status: number, body: ErrorBody) => Response.json(body, { status });
const notFound: ErrorBody = { message: 'No encontramos esta campaña.', code: 'not_found' };

/** How a call ends: it never answers, it is refused with this status and body, or it answers the fixtures. */
export interface CallOptions {
  pending?: boolean;
  refused?: { status: number; body: ErrorBody };
}

async function settle({ pending = false, refused }: CallOptions): Promise<Response | null> {
  if (pending) await delay('infinite');
  return refused ? refuse(refused.status, refused.body) : null;
}

export const adAccountPropsAnswer = (props = formAdAccount) =>
  backendHttp.get('/stores/{id}/metaAdAccountProps', ({ response }) => response(200).json(props));

/** The segments with their sizes (the same call as the segments page). */
export const campaignSegmentsAnswer = (segments = campaignSegments, options: CallOptions = {}) =>
  appHttp.get('/private/stores/{id}/segments', async ({ response }) => (await settle(options)) ?? response(200).json({ segments }));

export const productCatalogsAnswer = (catalogs: MetaProductCatalog[] = productCatalogs, options: CallOptions = {}) =>
  appHttp.get('/private/stores/{id}/meta/productCatalogs', async ({ response }) => (await settle(options)) ?? response(200).json(catalogs));

export const productSetsAnswer = (sets: Record<string, MetaProductCatalog[]> = productSets, options: CallOptions = {}) =>
  appHttp.get('/private/stores/{id}/meta/productCatalogs/{catalogId}/productSets', async ({ params, response }) => {
    const refused = await settle(options);
    if (refused) return refused;
    const found = sets[params.catalogId];
    return found
      ? response(200).json(found)
      : response.untyped(refuse(404, { message: 'No encontramos este catálogo.', code: 'not_found' }));
  });

export const locationsAnswer = (options: CallOptions = {}) =>
  appHttp.get(
    '/private/stores/{id}/meta/locations',
    async ({ query, response }) => (await settle(options)) ?? response(200).json(matching(metaLocations, query.get('q') ?? '')),
  );

export const interestsAnswer = (options: CallOptions = {}) =>
  appHttp.get(
    '/private/stores/{id}/meta/interests',
    async ({ query, response }) => (await settle(options)) ?? response(200).json(matching(metaInterests, query.get('q') ?? '')),
  );

export interface UploadOptions {
  /** Never answers: the files stay uploading. */
  pending?: boolean;
  /** Files whose name holds the key are refused with that body (400), as the server's own check would. */
  refusedNames?: Record<string, ErrorBody>;
}

/** Uploads answer one id after the other, from NEXT_MEDIA_ID, with what the body says about the file. */
export function uploadAdMediaAnswer({ pending = false, refusedNames = {} }: UploadOptions = {}) {
  const nextId = mockState(() => NEXT_MEDIA_ID);
  return appHttp.post('/private/stores/{id}/adMedia', async ({ query, request, response }) => {
    if (pending) await delay('infinite');
    const name = query.get('name') ?? 'archivo';
    const refusal = Object.entries(refusedNames).find(([part]) => name.includes(part));
    if (refusal) return response.untyped(refuse(400, refusal[1]));
    const type = request.headers.get('Content-Type') ?? '';
    const bytes = (await request.arrayBuffer()).byteLength;
    const video = type.startsWith('video/');
    return response(201).json({
      id: nextId.current++,
      kind: video ? 'video' : 'image',
      name,
      bytes,
      width: 1080,
      height: 1080,
      durationSeconds: video ? 30 : null,
    });
  });
}

/** The last body a save sent, for stories and tests that check it. */
export const sentBodies: AdCampaignInput[] = [];

export const createAdCampaignAnswer = (options: CallOptions = {}) =>
  appHttp.post('/private/stores/{id}/adCampaigns', async ({ request, response }) => {
    const body = await request.json();
    sentBodies.push(body);
    return (await settle(options)) ?? response(201).json(savedCampaign(CREATED_CAMPAIGN_ID, body));
  });

export const updateAdCampaignAnswer = (options: CallOptions = {}, campaigns: readonly AdCampaign[] = campaignsToEdit) =>
  appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}', async ({ params, request, response }) => {
    const body = await request.json();
    sentBodies.push(body);
    const refused = await settle(options);
    if (refused) return refused;
    const current = campaigns.find((campaign) => campaign.id === Number(params.campaignId));
    if (!current) return response.untyped(refuse(404, notFound));
    return response(200).json(savedCampaign(current.id, body, current));
  });

export const adCampaignAnswer = (campaigns: readonly AdCampaign[] = campaignsToEdit, options: CallOptions = {}) =>
  appHttp.get('/private/stores/{id}/adCampaigns/{campaignId}', async ({ params, response }) => {
    const refused = await settle(options);
    if (refused) return refused;
    const campaign = campaigns.find((candidate) => candidate.id === Number(params.campaignId));
    return campaign ? response(200).json(campaign) : response.untyped(refuse(404, notFound));
  });

export const adCampaignFails = () => adCampaignAnswer(campaignsToEdit, { refused: { status: 500, body: serverError } });

/** The wizard's own calls: Meta's options, the upload, the create and the update. */
const wizardAnswers = () => [
  productCatalogsAnswer(),
  productSetsAnswer(),
  locationsAnswer(),
  interestsAnswer(),
  uploadAdMediaAnswer(),
  createAdCampaignAnswer(),
  updateAdCampaignAnswer(),
];

/** Every call the wizard makes, answered from the fixtures (stories and tests put their own first). */
export const campaignFormStore = () => [adAccountPropsAnswer(), campaignSegmentsAnswer(), ...wizardAnswers(), adCampaignAnswer()];

/**
 * What the app's default handlers gain: the wizard's own calls. The segments list, a campaign's detail and the ad
 * account's figures are already answered by the segments' and the campaigns' handlers.
 */
export const campaignFormHandlers = wizardAnswers();
