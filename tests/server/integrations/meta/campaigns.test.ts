import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetaClientOptions, MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import {
  MetaNotFoundError,
  MetaPermissionError,
  MetaRequestError,
  MetaThrottledError,
  MetaUnavailableError,
} from '../../../../src/server/integrations/meta/errors.ts';
import {
  AD_SUBCODES,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type {
  GraphChildAttachment,
  GraphObjectStorySpec,
  GraphTargeting,
  NewAdSet,
} from '../../../../src/server/integrations/meta/types.ts';
import { AD_ACCOUNT, asFile, camilaClient, failure, jpegImage, mp4Video, pngImage } from './testing.ts';

// The real client against the sandbox, building campaigns as Recompra will: campaign, ad set, media,
// creative, ad; then the sandbox's clock moves on and insights show what was delivered.
const ids = SANDBOX_META_IDS;
/** 09:00 in Santiago (UTC-3), on a Monday. */
const START = Date.UTC(2025, 2, 10, 12, 0, 0);
let meta: StartedMetaSandbox;
let user: MetaUserClient;
let waits: number[] = [];

/** Camila's client, its waits recorded rather than slept. */
const clientOf = (sandbox: StartedMetaSandbox, overrides: Partial<MetaClientOptions> = {}) =>
  camilaClient(sandbox, {
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });

beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => START });
  user = clientOf(meta);
});
afterAll(() => meta.close());
beforeEach(() => {
  waits = [];
});

const TARGETING: GraphTargeting = {
  geo_locations: { countries: ['CL'] },
  age_min: 25,
  age_max: 54,
  genders: [2],
  flexible_spec: [{ interests: [{ id: '6003348604581', name: 'Moda' }] }],
  publisher_platforms: ['facebook', 'instagram'],
};

const adSetInput = (campaignId: string, changes: Partial<NewAdSet> = {}): NewAdSet => ({
  name: 'Clientas frecuentes',
  campaignId,
  dailyBudget: 5000,
  billingEvent: 'IMPRESSIONS',
  optimizationGoal: 'OFFSITE_CONVERSIONS',
  bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  status: 'ACTIVE',
  promotedObject: { pixel_id: ids.pixels.tiendaDemo, custom_event_type: 'PURCHASE' },
  targeting: TARGETING,
  ...changes,
});

const newCampaign = (name = 'Recompra — Clientes frecuentes', client = user) =>
  client.createCampaign(AD_ACCOUNT, { name, objective: 'OUTCOME_SALES', status: 'ACTIVE', specialAdCategories: [] });

/** A refusal of the Marketing API: the class and Meta's subcode, title and text. */
async function refusedWith(promise: Promise<unknown>, subcode: number, userMessage: RegExp | string) {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(MetaRequestError);
  expect(error).toMatchObject({ code: 100, subcode, userMessage: expect.stringMatching(userMessage) });
  return error;
}

const imageHashes = new WeakMap<MetaUserClient, string>();
/** An image in the account's library (each sandbox its own). */
async function image(client = user) {
  const hash =
    imageHashes.get(client) ?? (await client.uploadImage(AD_ACCOUNT, { filename: 'portada.png', file: asFile(pngImage(1200, 628)) })).hash;
  imageHashes.set(client, hash);
  return hash;
}

const linkAd = (hash: string) => ({
  page_id: ids.pages.tiendaDemo,
  instagram_user_id: ids.instagramAccounts.tiendademo,
  link_data: {
    link: 'https://tiendademo.cl/coleccion/otono',
    message: 'Vuelve por tus favoritos: 15 % en la nueva colección.',
    name: 'Colección de otoño',
    description: 'Envío gratis desde $30.000',
    image_hash: hash,
    call_to_action: { type: 'SHOP_NOW' as const, value: { link: 'https://tiendademo.cl/coleccion/otono' } },
  },
});

/** A campaign with an ad set and an ad delivering from now. */
async function runningAd(client = user) {
  const campaignId = await newCampaign('Insights', client);
  const adSetId = await client.createAdSet(AD_ACCOUNT, adSetInput(campaignId));
  const creativeId = await client.createAdCreative(AD_ACCOUNT, { name: 'Otoño', objectStorySpec: linkAd(await image(client)) });
  const adId = await client.createAd(AD_ACCOUNT, { name: 'Otoño — imagen', adsetId: adSetId, creativeId, status: 'ACTIVE' });
  return { campaignId, adSetId, creativeId, adId };
}

describe('campaigns', () => {
  it('creates, reads, renames, pauses and deletes a campaign', async () => {
    const id = await newCampaign();
    expect(id).toMatch(/^120210\d{12}$/);
    expect(await user.campaign(id)).toEqual({
      id,
      name: 'Recompra — Clientes frecuentes',
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      effectiveStatus: 'ACTIVE',
      createdTime: '2025-03-10T09:00:00-0300',
      startTime: null,
      stopTime: null,
    });
    await user.updateCampaign(id, { name: 'Recompra — Vuelve', status: 'PAUSED' });
    expect(await user.campaign(id)).toMatchObject({ name: 'Recompra — Vuelve', status: 'PAUSED', effectiveStatus: 'PAUSED' });
    await user.deleteCampaign(id);
    const gone = await failure(user.campaign(id));
    expect(gone).toBeInstanceOf(MetaNotFoundError);
    expect(gone).toMatchObject({ code: 100, subcode: 33 });
  });

  it("refuses a campaign without special_ad_categories or with a legacy objective, in Graph's words", async () => {
    const missing = await failure(
      // @ts-expect-error: what a caller forgetting Meta's required declaration sends
      user.createCampaign(AD_ACCOUNT, { name: 'Sin categorías', objective: 'OUTCOME_SALES', status: 'PAUSED' }),
    );
    expect(missing).toBeInstanceOf(MetaRequestError);
    expect(missing).toMatchObject({
      code: 100,
      message: expect.stringContaining('(#100) The parameter special_ad_categories is required'),
    });
    const invalid = await failure(
      // @ts-expect-error: CONVERSIONS is a pre-v17 objective
      user.createCampaign(AD_ACCOUNT, { name: 'Antiguo', objective: 'CONVERSIONS', status: 'PAUSED', specialAdCategories: [] }),
    );
    expect(invalid).toBeInstanceOf(MetaRequestError);
    expect(invalid).toMatchObject({ code: 100, message: expect.stringContaining('Param objective must be one of {OUTCOME_SALES') });
  });

  it('refuses writes to an ad account where the person may only analyse', async () => {
    const readOnly = meta.sandbox.store.addAdAccount(ids.businesses.tiendaDemo, {
      name: 'Solo lectura',
      tasks: { [ids.users.camila]: ['ANALYZE'] },
    });
    const refused = await failure(
      user.createCampaign(readOnly.accountId, {
        name: 'Ajena',
        objective: 'OUTCOME_TRAFFIC',
        status: 'PAUSED',
        specialAdCategories: [],
      }),
    );
    expect(refused).toBeInstanceOf(MetaPermissionError);
  });
});

describe('ad sets', () => {
  let campaignId = '';
  beforeAll(async () => {
    campaignId = await newCampaign('Ad sets');
  });

  it('creates, reads, changes and deletes an ad set, its targeting answered with names', async () => {
    const id = await user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { endTime: '2025-04-10T23:59:00-0300' }));
    const adSet = await user.adSet(id);
    expect(adSet).toEqual({
      id,
      name: 'Clientas frecuentes',
      campaignId,
      status: 'ACTIVE',
      effectiveStatus: 'ACTIVE',
      dailyBudget: 5000,
      billingEvent: 'IMPRESSIONS',
      optimizationGoal: 'OFFSITE_CONVERSIONS',
      bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
      startTime: '2025-03-10T09:00:00-0300',
      endTime: '2025-04-10T23:59:00-0300',
      targeting: { ...TARGETING },
      promotedObject: { pixel_id: ids.pixels.tiendaDemo, custom_event_type: 'PURCHASE' },
    });
    expect((await user.campaign(campaignId)).stopTime).toBe('2025-04-10T23:59:00-0300');

    const regions: GraphTargeting = {
      geo_locations: { regions: [{ key: '2347' }], cities: [{ key: '2673671', radius: 15, distance_unit: 'kilometer' }] },
    };
    await user.updateAdSet(id, { dailyBudget: 8000, status: 'PAUSED', endTime: null, targeting: regions });
    expect(await user.adSet(id)).toMatchObject({
      dailyBudget: 8000,
      status: 'PAUSED',
      effectiveStatus: 'PAUSED',
      endTime: null,
      targeting: {
        geo_locations: {
          regions: [{ key: '2347', name: 'Región Metropolitana de Santiago' }],
          cities: [{ key: '2673671', name: 'Viña del Mar', region: 'Valparaíso', radius: 15, distance_unit: 'kilometer' }],
        },
      },
    });
    await user.deleteAdSet(id);
    expect(await failure(user.adSet(id))).toBeInstanceOf(MetaNotFoundError);
  });

  it("refuses a budget under the account's minimum with Meta's 1885272", async () => {
    await refusedWith(
      user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { dailyBudget: 1500 })),
      AD_SUBCODES.budgetTooLow,
      /^Your budget must be at least CLP2,000/,
    );
    const id = await user.createAdSet(AD_ACCOUNT, adSetInput(campaignId));
    await refusedWith(user.updateAdSet(id, { dailyBudget: 100 }), AD_SUBCODES.budgetTooLow, 'CLP2,000');
    expect((await user.adSet(id)).dailyBudget).toBe(5000);
  });

  it('refuses an end before the start, and a start days ago', async () => {
    await refusedWith(
      user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { startTime: '2025-03-12T00:00:00-0300', endTime: '2025-03-11T00:00:00-0300' })),
      AD_SUBCODES.endBeforeStart,
      'end time must be after its start time',
    );
    await refusedWith(
      user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { startTime: '2025-03-01T00:00:00-0300' })),
      AD_SUBCODES.startTooEarly,
      "can't be more than a day in the past",
    );
  });

  it('refuses ages outside 18–65, unknown places and interests, and too many interests', async () => {
    const targeted = (targeting: Partial<GraphTargeting>) =>
      user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { targeting: { ...TARGETING, ...targeting } }));
    await refusedWith(targeted({ age_min: 16 }), AD_SUBCODES.invalidTargeting, 'age_min must be at least 18');
    await refusedWith(targeted({ age_max: 70 }), AD_SUBCODES.invalidTargeting, 'age_max must be at most 65');
    await refusedWith(targeted({ geo_locations: { regions: [{ key: '9999' }] } }), AD_SUBCODES.invalidTargeting, 'region key 9999');
    await refusedWith(targeted({ geo_locations: { cities: [{ key: '1' }] } }), AD_SUBCODES.invalidTargeting, 'city key 1');
    await refusedWith(targeted({ flexible_spec: [{ interests: [{ id: '42' }] }] }), AD_SUBCODES.invalidTargeting, 'interest 42');
    const interests = (await user.searchInterests('a')).map(({ id }) => ({ id }));
    expect(interests.length).toBeGreaterThan(12);
    await refusedWith(
      targeted({ flexible_spec: [{ interests }, { interests }] }),
      AD_SUBCODES.tooManyInterests,
      'Use at most 25 interests',
    );
  });

  it('refuses a pixel of another business and a product set that does not exist', async () => {
    await refusedWith(
      user.createAdSet(
        AD_ACCOUNT,
        adSetInput(campaignId, { promotedObject: { pixel_id: '9100000000000999', custom_event_type: 'PURCHASE' } }),
      ),
      AD_SUBCODES.invalidPixel,
      "can't be used with this ad account",
    );
    await refusedWith(
      user.createAdSet(AD_ACCOUNT, adSetInput(campaignId, { promotedObject: { product_set_id: '5500000000000999' } })),
      AD_SUBCODES.productSetNotFound,
      "doesn't exist",
    );
    const id = await user.createAdSet(
      AD_ACCOUNT,
      adSetInput(campaignId, { promotedObject: { product_set_id: ids.productSets.zapatillas } }),
    );
    expect((await user.adSet(id)).promotedObject).toEqual({ product_set_id: ids.productSets.zapatillas });
  });
});

describe('images and videos', () => {
  it('uploads a PNG and a JPEG, and reads their size from the files', async () => {
    const png = await user.uploadImage(AD_ACCOUNT, { filename: 'banner.png', file: asFile(pngImage(1080, 1080)) });
    expect(png).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: expect.stringContaining(png.hash),
      width: 1080,
      height: 1080,
    });
    // The file is served where Graph says it is.
    const served = await fetch(png.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pngImage(1080, 1080));
    const jpeg = await user.uploadImage(AD_ACCOUNT, { filename: 'foto.jpg', file: asFile(jpegImage(1200, 628)) });
    expect(jpeg).toMatchObject({ width: 1200, height: 628 });
  });

  it('refuses an image too small for ads and a file that is not an image, whatever its name', async () => {
    await refusedWith(
      user.uploadImage(AD_ACCOUNT, { filename: 'icono.png', file: asFile(pngImage(300, 300)) }),
      AD_SUBCODES.imageTooSmall,
      'Your image is 300 × 300 pixels',
    );
    await refusedWith(
      user.uploadImage(AD_ACCOUNT, { filename: 'falsa.jpg', file: asFile(Buffer.from('GIF89a no soy un JPEG')) }),
      AD_SUBCODES.notAnImage,
      "isn't a JPG or PNG image",
    );
  });

  it('uploads an MP4 that Meta encodes for a couple of reads, then gives its thumbnails', async () => {
    const id = await user.uploadVideo(AD_ACCOUNT, { name: 'Otoño 15 s', file: asFile(mp4Video(1080, 1920, 15)) });
    expect(await user.adVideo(id)).toEqual({ id, status: 'processing', length: 15, width: 1080, height: 1920 });
    expect(await user.videoThumbnails(id)).toEqual([]);
    expect((await user.adVideo(id)).status).toBe('processing');
    expect((await user.adVideo(id)).status).toBe('ready');
    const thumbnails = await user.videoThumbnails(id);
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[0]).toMatchObject({ isPreferred: true, width: 405, height: 720, uri: expect.stringMatching(/^http/) });
  });

  it("refuses a video that is not an MP4 or MOV with Meta's #352", async () => {
    const refused = await failure(user.uploadVideo(AD_ACCOUNT, { name: 'Animación', file: asFile(pngImage(600, 600)) }));
    expect(refused).toBeInstanceOf(MetaRequestError);
    expect(refused).toMatchObject({ code: 352, message: expect.stringContaining('in a format that we don') });
  });
});

describe('creatives and ads', () => {
  const card = (hash: string, index: number): GraphChildAttachment => ({
    link: `https://tiendademo.cl/producto/${index}`,
    name: `Producto ${index}`,
    description: 'Últimas tallas',
    image_hash: hash,
    call_to_action: { type: 'SHOP_NOW', value: { link: `https://tiendademo.cl/producto/${index}` } },
  });
  const carousel = (hash: string, cards: number) => ({
    page_id: ids.pages.tiendaDemo,
    link_data: {
      link: 'https://tiendademo.cl',
      message: 'Lo que más compran nuestras clientas',
      child_attachments: Array.from({ length: cards }, (_, index) => card(hash, index + 1)),
      multi_share_optimized: true,
      multi_share_end_card: false,
    },
  });

  it('creates a link ad and reads its story spec back', async () => {
    const hash = await image();
    const id = await user.createAdCreative(AD_ACCOUNT, { name: 'Otoño', objectStorySpec: linkAd(hash) });
    expect(await user.adCreative(id)).toEqual({ id, name: 'Otoño', objectStorySpec: linkAd(hash) });
  });

  it('takes a carousel of 10 cards and refuses 11 or 1', async () => {
    const hash = await image();
    expect(await user.createAdCreative(AD_ACCOUNT, { name: 'Carrusel', objectStorySpec: carousel(hash, 10) })).toMatch(/^\d+$/);
    await refusedWith(
      user.createAdCreative(AD_ACCOUNT, { name: 'Carrusel largo', objectStorySpec: carousel(hash, 11) }),
      AD_SUBCODES.carouselCards,
      'this one has 11',
    );
    await refusedWith(
      user.createAdCreative(AD_ACCOUNT, { name: 'Carrusel corto', objectStorySpec: carousel(hash, 1) }),
      AD_SUBCODES.carouselCards,
      'at least 2',
    );
  });

  it('refuses long texts, bad links, unknown buttons and what the account does not have', async () => {
    const hash = await image();
    const spec = linkAd(hash);
    const withLink = (changes: Record<string, unknown>) =>
      user.createAdCreative(AD_ACCOUNT, { name: 'Mal', objectStorySpec: { ...spec, link_data: { ...spec.link_data, ...changes } } });
    await refusedWith(withLink({ message: 'a'.repeat(2201) }), AD_SUBCODES.textTooLong, 'The message of your ad has 2201 characters');
    await refusedWith(withLink({ link: 'tiendademo' }), AD_SUBCODES.invalidUrl, "isn't a valid URL");
    await refusedWith(withLink({ image_hash: 'f'.repeat(32) }), AD_SUBCODES.imageNotFound, "isn't in this ad account's image library");
    const button = await failure(withLink({ call_to_action: { type: 'COMPRAR_YA' } }));
    expect(button).toMatchObject({ code: 100, message: expect.stringContaining('[call_to_action][type] must be one of {LEARN_MORE') });
    await refusedWith(
      user.createAdCreative(AD_ACCOUNT, { name: 'Página ajena', objectStorySpec: { ...spec, page_id: '1010000000000999' } }),
      AD_SUBCODES.invalidPage,
      "doesn't exist or you can't advertise for it",
    );
    await refusedWith(
      user.createAdCreative(AD_ACCOUNT, {
        name: 'Video',
        objectStorySpec: { page_id: ids.pages.tiendaDemo, video_data: { video_id: '8800000000000999', image_hash: hash } },
      }),
      AD_SUBCODES.videoNotFound,
      "doesn't exist",
    );
    // The Instagram account under its old name, refused in every version since September 2025.
    const { instagram_user_id: instagramAccount, ...withoutInstagram } = spec;
    const oldName = await failure(
      user.createAdCreative(AD_ACCOUNT, {
        name: 'Nombre antiguo',
        // The documented payload of v21.0 and before, which the typed client no longer writes.
        objectStorySpec: { ...withoutInstagram, instagram_actor_id: instagramAccount } as GraphObjectStorySpec,
      }),
    );
    expect(oldName).toMatchObject({ code: 100, message: expect.stringContaining('Please use instagram_user_id instead') });
  });

  it('takes a video ad only once its video is ready', async () => {
    const videoId = await user.uploadVideo(AD_ACCOUNT, { name: 'Vertical', file: asFile(mp4Video(1080, 1920, 10)) });
    const spec = {
      page_id: ids.pages.tiendaDemo,
      video_data: {
        video_id: videoId,
        image_url: 'https://tiendademo.cl/miniatura.jpg',
        title: 'Nueva temporada',
        message: 'Mira lo nuevo',
        link_description: 'Compra online',
        call_to_action: { type: 'WATCH_MORE' as const, value: { link: 'https://tiendademo.cl' } },
      },
    };
    await refusedWith(
      user.createAdCreative(AD_ACCOUNT, { name: 'Video', objectStorySpec: spec }),
      AD_SUBCODES.videoNotReady,
      'still being processed',
    );
    while ((await user.adVideo(videoId)).status !== 'ready');
    expect(await user.createAdCreative(AD_ACCOUNT, { name: 'Video', objectStorySpec: spec })).toMatch(/^\d+$/);
  });

  it('creates an ad in review, shows its parents pausing it, changes and deletes it', async () => {
    const { campaignId, adSetId, adId, creativeId } = await runningAd();
    const ad = { id: adId, name: 'Otoño — imagen', adsetId: adSetId, campaignId, creativeId, status: 'ACTIVE' };
    expect(await user.ads(adSetId)).toEqual([{ ...ad, effectiveStatus: 'IN_PROCESS' }]);
    expect(await user.ads(adSetId)).toEqual([{ ...ad, effectiveStatus: 'ACTIVE' }]);
    await user.updateCampaign(campaignId, { status: 'PAUSED' });
    expect((await user.ads(adSetId))[0]?.effectiveStatus).toBe('CAMPAIGN_PAUSED');
    expect((await user.adSet(adSetId)).effectiveStatus).toBe('CAMPAIGN_PAUSED');
    await user.updateCampaign(campaignId, { status: 'ACTIVE' });
    await user.updateAdSet(adSetId, { status: 'PAUSED' });
    expect((await user.ads(adSetId))[0]?.effectiveStatus).toBe('ADSET_PAUSED');
    await user.updateAd(adId, { name: 'Otoño — pausado', status: 'PAUSED' });
    expect(await user.ads(adSetId)).toEqual([{ ...ad, name: 'Otoño — pausado', status: 'PAUSED', effectiveStatus: 'PAUSED' }]);
    await user.deleteAd(adId);
    expect(await user.ads(adSetId)).toEqual([]);
  });

  it('refuses an ad for an ad set or creative the account does not have', async () => {
    const { adSetId, creativeId } = await runningAd();
    await refusedWith(
      user.createAd(AD_ACCOUNT, { name: 'Huérfano', adsetId: '120211999999999999', creativeId, status: 'PAUSED' }),
      AD_SUBCODES.invalidParent,
      "The ad set 120211999999999999 doesn't exist",
    );
    await refusedWith(
      user.createAd(AD_ACCOUNT, { name: 'Sin creativo', adsetId: adSetId, creativeId: '120213999999999999', status: 'PAUSED' }),
      AD_SUBCODES.invalidParent,
      "The ad creative 120213999999999999 doesn't exist",
    );
  });
});

describe('targeting search and catalogs', () => {
  it("finds Chile's regions and cities by name, accents and case aside", async () => {
    const places = await user.searchLocations('valpa', ['region', 'city']);
    expect(places).toEqual([
      { key: '2346', name: 'Valparaíso', type: 'region', countryCode: 'CL', region: null, regionId: null },
      { key: '2673670', name: 'Valparaíso', type: 'city', countryCode: 'CL', region: 'Valparaíso', regionId: '2346' },
    ]);
    expect((await user.searchLocations('CONCEPCION', ['city']))[0]).toMatchObject({ name: 'Concepción', region: 'Biobío' });
    expect((await user.searchLocations('santiago', ['region'])).map((place) => place.name)).toEqual(['Región Metropolitana de Santiago']);
    expect(await user.searchLocations('Lima', ['city'])).toEqual([]);
  });

  it('finds interests with their audience size and path', async () => {
    expect(await user.searchInterests('zapatilla')).toEqual([
      {
        id: '6003255640088',
        name: 'Zapatillas',
        audienceSizeLowerBound: 402_118_900,
        audienceSizeUpperBound: expect.any(Number),
        path: ['Intereses', 'Compras y moda', 'Calzado', 'Zapatillas'],
      },
    ]);
    expect((await user.searchInterests('decoracion')).map((interest) => interest.name)).toEqual(['Decoración de interiores']);
  });

  it("lists a catalog's product sets", async () => {
    expect(await user.productSets(ids.catalogs.tiendaDemo)).toEqual([
      { id: ids.productSets.todos, name: 'Todos los productos', productCount: 240 },
      { id: ids.productSets.zapatillas, name: 'Zapatillas', productCount: 48 },
      { id: ids.productSets.ofertas, name: 'Ofertas', productCount: 30 },
    ]);
  });
});

describe('insights', () => {
  it('shows each day delivered, nothing while paused, and totals that add up the days', async () => {
    const own = await startMetaSandbox({ now: () => START });
    try {
      const client = clientOf(own);
      const { campaignId, adSetId, adId } = await runningAd(client);
      own.sandbox.advanceDays(3);
      await client.updateCampaign(campaignId, { status: 'PAUSED' });
      own.sandbox.advanceDays(2);
      await client.updateCampaign(campaignId, { status: 'ACTIVE' });
      own.sandbox.advanceDays(2);
      const range = { since: '2025-03-08', until: '2025-03-20' };
      const days = await client.insights(campaignId, { ...range, timeIncrement: 1 });
      // The 10th from 09:00, the 13th until 09:00 and the 15th from 09:00; nothing on the paused 14th, nothing yet after the 17th.
      expect(days.map((day) => day.dateStart)).toEqual([
        '2025-03-10',
        '2025-03-11',
        '2025-03-12',
        '2025-03-13',
        '2025-03-15',
        '2025-03-16',
        '2025-03-17',
      ]);
      for (const day of days) {
        expect(day.dateStop).toBe(day.dateStart);
        expect(day.reach).toBeLessThanOrEqual(day.impressions!);
        expect(day.ctr).toBeCloseTo((day.clicks! * 100) / day.impressions!, 4);
        expect(day.cpm).toBeCloseTo((day.spend! / day.impressions!) * 1000, 4);
        expect(day.ctr).toBeGreaterThanOrEqual(0.75);
        expect(day.ctr).toBeLessThanOrEqual(2.55);
      }
      // A whole day spends 60–100 % of the 5,000 budget.
      for (const full of days.filter((day) => ['2025-03-11', '2025-03-12', '2025-03-16'].includes(day.dateStart))) {
        expect(full.spend).toBeGreaterThanOrEqual(3000);
        expect(full.spend).toBeLessThanOrEqual(5000);
      }
      expect(days[0]!.spend!).toBeLessThan(5000 * 0.63);

      const [total] = await client.insights(campaignId, { ...range, level: 'campaign' });
      const sum = (pick: (row: (typeof days)[number]) => number | null) => days.reduce((acc, row) => acc + (pick(row) ?? 0), 0);
      expect(total).toMatchObject({ dateStart: '2025-03-08', dateStop: '2025-03-20', campaignId });
      expect(total!.spend).toBe(sum((row) => row.spend));
      expect(total!.impressions).toBe(sum((row) => row.impressions));
      expect(total!.clicks).toBe(sum((row) => row.clicks));
      expect(total!.reach!).toBeLessThan(sum((row) => row.reach));
      const purchases = (row: (typeof days)[number]) => row.actions.find((action) => action.actionType === 'omni_purchase')?.value ?? 0;
      expect(total!.actions.find((action) => action.actionType === 'omni_purchase')?.value ?? 0).toBe(sum(purchases));
      if (sum(purchases) > 0) expect(total!.purchaseRoas[0]?.value).toBeGreaterThan(0);

      // The same figures from the ad set and the ad, and by ad at the ad set's level.
      expect((await client.insights(adSetId, range))[0]?.spend).toBe(total!.spend);
      expect(await client.insights(adSetId, { ...range, level: 'ad' })).toEqual([expect.objectContaining({ adId, spend: total!.spend })]);
      // Reports read the same every time.
      expect(await client.insights(campaignId, { ...range, timeIncrement: 1 })).toEqual(days);
    } finally {
      await own.close();
    }
  });
});

describe("Meta's partial failures and limits", () => {
  it('fails only the ad creation, once, after the campaign and ad set went through, and does not repeat it', async () => {
    const campaignId = await newCampaign('Falla a medias');
    const adSetId = await user.createAdSet(AD_ACCOUNT, adSetInput(campaignId));
    const creativeId = await user.createAdCreative(AD_ACCOUNT, { name: 'Otoño', objectStorySpec: linkAd(await image()) });
    meta.sandbox.failNext(1, 500, undefined, {}, { method: 'POST', path: /^act_\d+\/ads$/ });
    // Other calls are not the target.
    expect((await user.campaign(campaignId)).status).toBe('ACTIVE');
    const failed = await failure(user.createAd(AD_ACCOUNT, { name: 'Otoño', adsetId: adSetId, creativeId, status: 'ACTIVE' }));
    expect(failed).toBeInstanceOf(MetaUnavailableError);
    expect(waits).toEqual([]);
    expect(await user.ads(adSetId)).toEqual([]);
    expect((await user.adSet(adSetId)).status).toBe('ACTIVE');
    expect(await user.createAd(AD_ACCOUNT, { name: 'Otoño', adsetId: adSetId, creativeId, status: 'ACTIVE' })).toMatch(/^120212/);
  });

  it("waits out the ad account's own allowance by X-Ad-Account-Usage, and tells when it cannot", async () => {
    let now = START;
    const limited = await startMetaSandbox({ now: () => now, rateLimits: { adAccountCalls: 3, businessCalls: 1000, windowSeconds: 60 } });
    try {
      const slept: number[] = [];
      const limitedClient = (maxWaitSeconds: number) =>
        clientOf(limited, {
          maxWaitSeconds,
          sleep: async (ms) => {
            slept.push(ms);
            now += ms;
          },
        });
      const patient = limitedClient(60);
      await newCampaign('Uno', patient);
      await newCampaign('Dos', patient);
      await newCampaign('Tres', patient);
      expect(patient.lastUsage()?.adAccount).toEqual({ utilPct: 100, resetTimeDuration: 60 });
      expect(patient.lastUsage()?.businessUseCase[ids.businesses.tiendaDemo]?.[0]?.estimatedTimeToRegainAccess).toBe(0);
      expect(await newCampaign('Cuatro', patient)).toMatch(/^120210/);
      expect(slept).toEqual([60_000]);

      slept.length = 0;
      const hasty = limitedClient(5);
      await hasty.campaign(await newCampaign('Cinco', patient));
      const refused = await failure(newCampaign('Siete', hasty));
      expect(slept).toEqual([5000]);
      expect(refused).toBeInstanceOf(MetaThrottledError);
      expect(refused).toMatchObject({ code: 17, subcode: 2446079, retryAfterSeconds: 55 });
    } finally {
      await limited.close();
    }
  });
});
