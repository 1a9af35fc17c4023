import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_CAMPAIGN_DISCARD_QUEUE } from '../../../../src/server/features/ad-campaigns/handlers.ts';
import type { MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import { AD_SUBCODES, MetaNotFoundError } from '../../../../src/server/integrations/meta/errors.ts';
import { SANDBOX_META_IDS, type StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { adCampaignInputSchema } from '../../../../src/shared/ad-campaigns.ts';
import { MEDIA_LIMITS } from '../../../../src/shared/constants.ts';
import { AD_ACCOUNT, camilaClient, failure, jpegImage, mp4Video, pngImage } from '../../integrations/meta/testing.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { connectMeta, startServerWithMeta } from '../../support/meta-harness.ts';

/*
 * Ad campaigns over HTTP against the Meta sandbox: files checked and put in the ad account's library,
 * campaigns built in Meta from a segment (audience, campaign, ad set, creatives, ads) and kept in step
 * with the wizard's edits, activation, the daily budget and deletion; Meta's failures named by part, a
 * failed first save undone in Meta, and a dead token asking for renewal.
 */

const ids = SANDBOX_META_IDS;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let collaborator: Caller;
let store: number;
let reader: MetaUserClient;
let bigSegment: number;
let otherSegment: number;
let smallSegment: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object, caller: Caller = owner) =>
  server.app.inject({ method, url: path, cookies: caller.cookies, headers: caller.headers, ...(payload === undefined ? {} : { payload }) });
const campaigns = (id = store) => `/api/private/stores/${id}/adCampaigns`;

function upload(data: Buffer, type: string, name = 'archivo', caller: Caller = owner, id = store) {
  return server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${id}/adMedia?name=${encodeURIComponent(name)}`,
    cookies: caller.cookies,
    headers: { ...caller.headers, 'content-type': type },
    payload: data,
  });
}

/** A segment of `reachable` consenting customers with an email, plus some who cannot be reached. */
async function segment(name: string, reachable: number, firstId: number): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `insert into segments (store_id, name, form, rules, status) values ($1, $2, 'simple', '{}'::jsonb, 'ready') returning id::float8 as id`,
    [store, name],
  );
  const people = [
    ...Array.from({ length: reachable }, (_, index) => ({ email: `cliente${firstId + index}@correo.cl`, phone: null, consent: true })),
    // No consent, and consent without a usable contact: neither counts.
    { email: `sinpermiso${firstId}@correo.cl`, phone: null, consent: false },
    { email: 'no-es-un-correo', phone: '12', consent: true },
  ];
  for (const [index, person] of people.entries()) {
    const externalId = firstId + index;
    await server.db.query(
      `insert into customers (store_id, external_id, email, phone, email_consent, sms_consent) values ($1, $2, $3, $4, $5, $5)
       on conflict do nothing`,
      [store, externalId, person.email, person.phone, person.consent],
    );
    await server.db.query('insert into segment_members (segment_id, store_id, customer_external_id) values ($1, $2, $3)', [
      row!.id,
      store,
      externalId,
    ]);
  }
  return row!.id;
}

interface Uploaded {
  id: number;
}
let image: Uploaded;
let secondImage: Uploaded;
let thirdImage: Uploaded;
let video: Uploaded;

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const campaignInput = (overrides: Record<string, unknown> = {}) => ({
  type: 'conversion',
  name: 'Vuelve por tus favoritos',
  startAt: inAnHour(),
  endAt: null,
  dailyBudget: 5000,
  segmentId: bigSegment,
  locations: [],
  ageMin: 25,
  ageMax: 54,
  gender: 'female',
  interests: [{ id: '6003348604581', name: 'Moda' }],
  format: 'MULTIPLE_ADS',
  media: [
    { mediaId: image.id, thumbnailMediaId: null },
    { mediaId: video.id, thumbnailMediaId: secondImage.id },
  ],
  mainText: 'Vuelve por tus favoritos: 15 % en la nueva colección.',
  title: 'Colección de otoño',
  description: 'Envío gratis desde $30.000',
  callToAction: 'SHOP_NOW',
  url: 'https://tiendademo.cl/coleccion/otono',
  productCatalogId: null,
  productSetId: null,
  ...overrides,
});

/** What the campaign's saves recorded of Meta, by kind and position. */
async function metaObjects(campaignId: number): Promise<Record<string, string>> {
  const rows = await server.db.query<{ kind: string; position: number; meta_id: string }>(
    'select kind, position, meta_id from ad_campaign_meta_objects where campaign_id = $1',
    [campaignId],
  );
  return Object.fromEntries(rows.map((row) => [`${row.kind}:${row.position}`, row.meta_id]));
}

/** The account's campaigns of that name that Meta has not deleted. */
const liveCampaigns = (name: string) =>
  [...meta.sandbox.store.adAccount(AD_ACCOUNT)!.objects.values()].filter(
    (node) => node.type === 'Campaign' && node.value.name === name && node.value.statuses.at(-1)!.status !== 'DELETED',
  );

const metaRefusal = (message: string) => ({ message, type: 'OAuthException', code: 100, error_user_msg: message });

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta());
  // Only this file's jobs run here: the demo store's import (queued by the harness) is beside the point.
  await server.db.query(`delete from jobs where status = 'pending'`);
  owner = await signIn(server.app, 'demo@recompra.cl');
  collaborator = await signIn(server.app, 'colaborador@recompra.cl');
  store = owner.user.store!;
  reader = camilaClient(meta);
  bigSegment = await segment('Clientas frecuentes', 260, 9_000_000);
  otherSegment = await segment('Compradoras de invierno', 240, 9_100_000);
  smallSegment = await segment('Pocas clientas', 40, 9_200_000);
});
afterAll(async () => {
  await server?.close();
  await meta?.close();
});

describe('before Meta is connected', () => {
  it('leads to Integrations first', async () => {
    const list = await call('GET', campaigns());
    expect(list.statusCode).toBe(409);
    expect(list.json().code).toBe('social_ads_not_connected');
    expect((await upload(pngImage(1200, 628), 'image/png')).json().code).toBe('social_ads_not_connected');
    await connectMeta({ meta, server }, owner, store);
    expect((await call('GET', campaigns())).json()).toEqual({ campaigns: [] });
  });
});

describe('files for the ads', () => {
  it("uploads images and videos to the ad account's library, read from their own bytes", async () => {
    const response = await upload(pngImage(1200, 628), 'image/png', 'portada.png');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      kind: 'image',
      name: 'portada.png',
      bytes: pngImage(1200, 628).length,
      width: 1200,
      height: 628,
      durationSeconds: null,
    });
    image = response.json();
    secondImage = (await upload(pngImage(1080, 1080), 'image/png', 'miniatura.png')).json();
    thirdImage = (await upload(pngImage(1200, 900), 'image/png', 'tercera.png')).json();
    const movie = await upload(mp4Video(1280, 720, 15), 'video/mp4', 'otono.mp4');
    expect(movie.statusCode).toBe(201);
    expect(movie.json()).toMatchObject({ kind: 'video', width: 1280, height: 720, durationSeconds: 15 });
    video = movie.json();
    const [row] = await server.db.query<{ meta_image_hash: string; ad_account_id: string }>(
      'select meta_image_hash, ad_account_id from ad_media where id = $1',
      [image.id],
    );
    expect(row!.ad_account_id).toBe(AD_ACCOUNT);
    expect(meta.sandbox.store.adAccount(AD_ACCOUNT)!.images.has(row!.meta_image_hash)).toBe(true);
  });

  it('refuses each file SPEC §5 rules out, in Spanish, before Meta sees it', async () => {
    // A broken rule: 400, the reason on the body itself, as the contract answers an empty one.
    const refused = async (data: Buffer, type: string, message: RegExp) => {
      const response = await upload(data, type);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid_request',
        message: 'Revisa los datos enviados.',
        fieldErrors: [{ field: '', message: expect.stringMatching(message) }],
      });
    };
    await refused(Buffer.from('GIF89a\x01\0\x01\0\0\0\0', 'latin1'), 'image/gif', /PNG, JPG, JPEG, MP4 o MOV/);
    await refused(pngImage(800, 600), 'video/mp4', /formato/);
    await refused(Buffer.from('no es una imagen'), 'image/png', /formato/);
    await refused(pngImage(200, 100), 'image/png', /254×133 px/);
    await refused(Buffer.concat([pngImage(1200, 628), Buffer.alloc(MEDIA_LIMITS.imageMaxBytes)]), 'image/png', /8 MB/);
    await refused(mp4Video(480, 270, 10), 'video/mp4', /500×262 px/);
    await refused(mp4Video(1280, 720, 121), 'video/quicktime', /120 segundos/);
    // Headers without what they claim: a 24-byte PNG of 1200 × 1200, a JPEG of 21 bytes, a movie without its film.
    const damaged = /dañado o incompleto/;
    await refused(pngImage(1200, 1200).subarray(0, 24), 'image/png', damaged);
    await refused(jpegImage(1080, 1080).subarray(0, 21), 'image/jpeg', damaged);
    const film = mp4Video(1280, 720, 10);
    await refused(film.subarray(0, film.indexOf('mdat', 0, 'latin1') - 4), 'video/mp4', damaged);
    const endless = Buffer.from(pngImage(1200, 628));
    endless.writeUInt32BE(0xffffffff, 16);
    endless.writeUInt32BE(0xffffffff, 20);
    await refused(endless, 'image/png', damaged);
    // Within SPEC's limits but below Meta's own minimum: refused as Meta would (422), in Spanish, and Meta never sees it.
    const images = meta.sandbox.store.adAccount(AD_ACCOUNT)!.images.size;
    const small = await upload(pngImage(300, 200), 'image/png');
    expect(small.statusCode).toBe(422);
    expect(small.json()).toEqual({ code: 'media_too_small', message: expect.stringMatching(/^Meta pide imágenes de al menos 600×314 px/) });
    expect(meta.sandbox.store.adAccount(AD_ACCOUNT)!.images.size).toBe(images);
  });

  it("tells Meta's own refusal of a file in Spanish, keeping Meta's words as the detail", async () => {
    const words = "The file portada.png isn't a JPG or PNG image. Upload your image in one of those formats.";
    meta.sandbox.failNext(
      1,
      400,
      { ...metaRefusal(words), message: 'Invalid parameter', error_subcode: AD_SUBCODES.notAnImage },
      {},
      { method: 'POST', path: /^act_\d+\/adimages$/ },
    );
    const known = await upload(pngImage(1200, 628), 'image/png');
    expect(known.statusCode).toBe(422);
    expect(known.json()).toEqual({
      code: 'media_bad_format',
      message: expect.stringMatching(/^Meta no reconoce el archivo/),
      detail: words,
    });

    meta.sandbox.failNext(1, 400, metaRefusal('Something else about this file.'), {}, { method: 'POST', path: /^act_\d+\/adimages$/ });
    const unknown = await upload(pngImage(1200, 628), 'image/png');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 'media_refused',
      message: 'Meta no aceptó el archivo. Prueba con otro o vuelve a exportarlo.',
      detail: 'Something else about this file.',
    });
  });

  it('answers a missing or oversized body in Spanish, never 500', async () => {
    const empty = await upload(Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'invalid_request' });
    const huge = await server.app.inject({
      method: 'POST',
      url: `/api/private/stores/${store}/adMedia?name=enorme.mp4`,
      cookies: owner.cookies,
      headers: { ...owner.headers, 'content-type': 'video/mp4', 'content-length': String(MEDIA_LIMITS.videoMaxBytes + 1) },
      payload: Buffer.alloc(16),
    });
    // Refused by the length it declares, before a byte is read.
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({
      code: 'invalid_request',
      message: 'Revisa los datos enviados.',
      fieldErrors: [{ field: '', message: 'El video pesa más de 300 MB.' }],
    });
    // Every other route keeps JSON and its 1 MB.
    const big = await call('POST', campaigns(), { ...campaignInput(), mainText: 'x'.repeat(1_100_000) });
    expect(big.statusCode).toBe(413);
    const notJson = await server.app.inject({
      method: 'POST',
      url: campaigns(),
      cookies: owner.cookies,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: pngImage(1200, 628),
    });
    expect(notJson.statusCode).toBe(415);
    const noName = await upload(pngImage(1200, 628), 'image/png', '');
    expect(noName.statusCode).toBe(400);
  });
});

let multiple: number;
let carousel: number;

describe('creating a campaign', () => {
  it('refuses each business rule on its field, as the contract refuses what breaks it', async () => {
    const refused = async (overrides: Record<string, unknown>, field: string, message: unknown) => {
      const response = await call('POST', campaigns(), campaignInput(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_request',
        message: 'Revisa los datos enviados.',
        fieldErrors: expect.arrayContaining([{ field, message }]),
      });
    };
    await refused({ dailyBudget: 1500 }, 'dailyBudget', 'El presupuesto diario debe ser de al menos $2.000 CLP.');
    await refused({ segmentId: smallSegment }, 'segmentId', expect.stringContaining('40 clientes'));
    await refused({ segmentId: 999_999 }, 'segmentId', 'El segmento no existe. Elige otro.');
    await refused(
      { startAt: new Date(Date.now() - 3_600_000).toISOString() },
      'startAt',
      'La fecha de inicio no puede ser anterior a este momento.',
    );
    const start = inAnHour();
    await refused({ startAt: start, endAt: start }, 'endAt', 'La fecha de término debe ser posterior a la de inicio.');
    await refused({ ageMin: 40, ageMax: 30 }, 'ageMax', 'La edad máxima no puede ser menor que la mínima.');
    const notFound = 'No encontramos este archivo en tu cuenta publicitaria. Súbelo de nuevo.';
    await refused({ media: [{ mediaId: 999_999, thumbnailMediaId: null }] }, 'media.0.mediaId', notFound);
    await refused(
      { media: [{ mediaId: video.id, thumbnailMediaId: null }] },
      'media.0.thumbnailMediaId',
      'Elige una imagen como miniatura del video.',
    );
    await refused(
      { media: [{ mediaId: video.id, thumbnailMediaId: video.id }] },
      'media.0.thumbnailMediaId',
      'La miniatura debe ser una imagen.',
    );
    await refused(
      { format: 'CAROUSEL', media: [{ mediaId: image.id, thumbnailMediaId: null }] },
      'media',
      'Un carrusel necesita al menos 2 archivos.',
    );
    await refused({ type: 'retargeting' }, 'productCatalogId', 'Elige un catálogo de productos.');
    await refused(
      { type: 'retargeting', productCatalogId: ids.catalogs.tiendaDemo, productSetId: ids.productSets.temporada },
      'productSetId',
      'Elige un conjunto de productos del catálogo.',
    );
    // A file of another ad account is not this campaign's to use.
    const [foreign] = await server.db.query<{ id: number }>(
      `insert into ad_media (store_id, kind, name, content_type, bytes, width, height, ad_account_id, meta_image_hash)
       values ($1, 'image', 'otra.png', 'image/png', 10, 1200, 628, 'act_2400000000000002', 'abc') returning id::float8 as id`,
      [store],
    );
    await refused({ media: [{ mediaId: foreign!.id, thumbnailMediaId: null }] }, 'media.0.mediaId', notFound);
    // Several at once, each on its field.
    const several = await call('POST', campaigns(), campaignInput({ dailyBudget: 10, ageMin: 50, ageMax: 20 }));
    expect(several.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(['dailyBudget', 'ageMax']);
    expect((await server.db.query('select 1 from ad_campaigns')).length).toBe(0);
  });

  it('answers malformed input 400, never 500', async () => {
    for (const body of [
      {},
      { ...campaignInput(), startAt: 'mañana' },
      { ...campaignInput(), gender: 'otro' },
      { ...campaignInput(), url: 'tienda' },
    ]) {
      const response = await call('POST', campaigns(), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    expect((await call('GET', `${campaigns()}?status=borrador`)).statusCode).toBe(400);
    expect((await call('GET', `${campaigns()}/abc`)).statusCode).toBe(400);
    expect((await call('GET', `${campaigns()}/987654`)).statusCode).toBe(404);
  });

  it("refuses ages out of Meta's 18 to 65 on the age itself, never clamped, as the wizard does", async () => {
    // The body the wizard would send for 70 to 20: the minimum is out of range, and that is the one problem named.
    const response = await call('POST', campaigns(), campaignInput({ ageMin: 70, ageMax: 20 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(['ageMin']);
    const shared = adCampaignInputSchema.safeParse({ ...campaignInput(), ageMin: 70, ageMax: 20 });
    expect(shared.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ageMin']);
    expect((await server.db.query('select 1 from ad_campaigns')).length).toBe(0);
  });

  it('refuses a start or an end outside the years 2000 to 2100 on its field, in Spanish', async () => {
    const message = 'Usa una fecha y hora válidas entre los años 2000 y 2100.';
    for (const [overrides, field] of [
      [{ startAt: '2101-01-01T09:00:00-03:00' }, 'startAt'],
      [{ endAt: '2101-01-01T00:00:00Z' }, 'endAt'],
      [{ endAt: '0000-01-01T00:00:00Z' }, 'endAt'],
    ] as const) {
      const response = await call('POST', campaigns(), campaignInput(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field, message }]);
    }
    // The range's last minute passes the contract and the rules: only the budget is refused here, so nothing is saved.
    const last = await call('POST', campaigns(), campaignInput({ endAt: '2100-12-31T23:59:00-03:00', dailyBudget: 1500 }));
    expect(last.statusCode).toBe(400);
    expect(last.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(['dailyBudget']);
    expect((await server.db.query('select 1 from ad_campaigns')).length).toBe(0);
  });

  it('builds a MULTIPLE_ADS campaign in Meta: audience, campaign, ad set with its targeting and budget, one ad per file', async () => {
    const response = await call('POST', campaigns(), campaignInput());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      type: 'conversion',
      name: 'Vuelve por tus favoritos',
      status: 'scheduled',
      editable: true,
      notEditableReason: null,
      currency: 'CLP',
      dailyBudget: 5000,
      segmentId: bigSegment,
      segmentName: 'Clientas frecuentes',
      audienceSize: 260,
      media: [
        { media: { id: image.id, kind: 'image' }, thumbnail: null },
        { media: { id: video.id, kind: 'video' }, thumbnail: { id: secondImage.id, kind: 'image' } },
      ],
    });
    multiple = created.id;
    const objects = await metaObjects(multiple);
    expect(Object.keys(objects).sort()).toEqual(['ad:0', 'ad:1', 'adSet:0', 'audience:0', 'campaign:0', 'creative:0', 'creative:1']);
    expect(await reader.campaign(objects['campaign:0']!)).toMatchObject({ name: 'Vuelve por tus favoritos', objective: 'OUTCOME_SALES' });
    const adSet = await reader.adSet(objects['adSet:0']!);
    expect(adSet).toMatchObject({
      campaignId: objects['campaign:0'],
      dailyBudget: 5000,
      optimizationGoal: 'OFFSITE_CONVERSIONS',
      promotedObject: { pixel_id: ids.pixels.tiendaDemo, custom_event_type: 'PURCHASE' },
      endTime: null,
    });
    // Meta keeps times to the second.
    expect(Date.parse(adSet.startTime)).toBe(Math.floor(Date.parse(created.startAt) / 1000) * 1000);
    expect(adSet.targeting).toMatchObject({
      geo_locations: { countries: ['CL'] },
      age_min: 25,
      age_max: 54,
      genders: [2],
      flexible_spec: [{ interests: [{ id: '6003348604581' }] }],
      custom_audiences: [{ id: objects['audience:0'] }],
    });
    const ads = await reader.ads(objects['adSet:0']!);
    expect(ads.map((ad) => ad.creativeId).sort()).toEqual([objects['creative:0'], objects['creative:1']].sort());
    const videoAd = await reader.adCreative(objects['creative:1']!);
    expect(videoAd.objectStorySpec).toMatchObject({
      page_id: ids.pages.tiendaDemo,
      video_data: {
        title: 'Colección de otoño',
        call_to_action: { type: 'SHOP_NOW', value: { link: 'https://tiendademo.cl/coleccion/otono' } },
      },
    });
    expect(videoAd.objectStorySpec.video_data!.image_hash).toEqual(expect.any(String));
    // The customers uploaded, hashed (Meta never sees an address), and kept for attribution.
    const audience = meta.sandbox.store.adAccount(AD_ACCOUNT)!.objects.get(objects['audience:0']!);
    expect(audience?.type === 'CustomAudience' && audience.value.keyIndex.size).toBe(260);
    const [kept] = await server.db.query<{ count: number }>(
      'select count(*)::integer as count from ad_campaign_audience where campaign_id = $1',
      [multiple],
    );
    expect(kept!.count).toBe(260);
  });

  it('builds a CAROUSEL campaign as one ad whose cards are the files, in regions of Chile', async () => {
    const response = await call(
      'POST',
      campaigns(),
      campaignInput({
        name: 'Carrusel de otoño',
        format: 'CAROUSEL',
        gender: 'all',
        interests: [],
        locations: [{ key: '2346', name: 'Valparaíso', type: 'region', region: null }],
        endAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        media: [
          { mediaId: image.id, thumbnailMediaId: null },
          { mediaId: thirdImage.id, thumbnailMediaId: null },
          { mediaId: video.id, thumbnailMediaId: secondImage.id },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    carousel = response.json().id;
    const objects = await metaObjects(carousel);
    expect(Object.keys(objects).sort()).toEqual(['ad:0', 'adSet:0', 'audience:0', 'campaign:0', 'creative:0']);
    const adSet = await reader.adSet(objects['adSet:0']!);
    expect(adSet.targeting.geo_locations).toEqual({ regions: [expect.objectContaining({ key: '2346' })] });
    expect(adSet.targeting.genders).toBeUndefined();
    expect(adSet.endTime).not.toBeNull();
    const creative = await reader.adCreative(objects['creative:0']!);
    const cards = creative.objectStorySpec.link_data!.child_attachments!;
    expect(cards).toHaveLength(3);
    expect(cards[2]).toMatchObject({ video_id: expect.any(String), image_hash: expect.any(String) });
    expect((await reader.ads(objects['adSet:0']!)).length).toBe(1);
  });

  it('builds a retargeting campaign promoting a product set of its catalog', async () => {
    const response = await call(
      'POST',
      campaigns(),
      campaignInput({
        type: 'retargeting',
        name: 'Carritos abandonados',
        productCatalogId: ids.catalogs.tiendaDemo,
        productSetId: ids.productSets.zapatillas,
      }),
    );
    expect(response.statusCode).toBe(201);
    const objects = await metaObjects(response.json().id);
    expect((await reader.adSet(objects['adSet:0']!)).promotedObject).toMatchObject({ product_set_id: ids.productSets.zapatillas });
  });

  it('undoes in Meta what a save made before the ad set failed, so saving again creates one campaign', async () => {
    const name = 'Falla en el conjunto';
    meta.sandbox.failNext(
      1,
      400,
      metaRefusal('El presupuesto no es válido para esta cuenta.'),
      {},
      {
        method: 'POST',
        path: /^act_\d+\/adsets$/,
      },
    );
    const response = await call('POST', campaigns(), campaignInput({ name }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'meta_ad_set_failed',
      message:
        'No pudimos crear la campaña en Meta: hubo un problema con el conjunto de anuncios. Meta indicó: «El presupuesto no es válido para esta cuenta.». Revisa el administrador de anuncios y la configuración de tu cuenta.',
      detail: 'El presupuesto no es válido para esta cuenta.',
    });
    expect(liveCampaigns(name)).toHaveLength(0);
    expect(await server.db.query('select 1 from ad_campaigns where name = $1', [name])).toHaveLength(0);

    const again = await call('POST', campaigns(), campaignInput({ name }));
    expect(again.statusCode).toBe(201);
    expect(liveCampaigns(name)).toHaveLength(1);
  });

  it("refuses on its field, in Spanish, what Meta refuses of the merchant's choices, and leaves nothing in Meta", async () => {
    const name = 'Lugar que Meta no conoce';
    const response = await call(
      'POST',
      campaigns(),
      campaignInput({ name, locations: [{ type: 'city', key: '9999999', name: 'Ciudad inventada', region: 'Nada' }] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'targeting_refused',
      message: 'Meta no reconoce una de las ubicaciones. Quítala y búscala de nuevo.',
      fieldErrors: [{ field: 'locations', message: 'Meta no reconoce una de las ubicaciones. Quítala y búscala de nuevo.' }],
      detail: expect.stringMatching(/the city key 9999999 doesn't exist/),
    });
    expect(liveCampaigns(name)).toHaveLength(0);

    meta.sandbox.failNext(
      1,
      400,
      { ...metaRefusal('Your budget must be at least $5,000 CLP.'), message: 'Invalid parameter', error_subcode: AD_SUBCODES.budgetTooLow },
      {},
      { method: 'POST', path: /^act_\d+\/adsets$/ },
    );
    const budget = await call('POST', campaigns(), campaignInput({ name }));
    expect(budget.statusCode).toBe(422);
    expect(budget.json()).toMatchObject({
      code: 'budget_below_minimum',
      fieldErrors: [{ field: 'dailyBudget', message: expect.stringMatching(/^Meta pide un presupuesto diario mayor/) }],
      detail: 'Your budget must be at least $5,000 CLP.',
    });
    expect(liveCampaigns(name)).toHaveLength(0);
  });

  it('names the ad when a creative fails, and the campaign when it does', async () => {
    meta.sandbox.failNext(
      1,
      400,
      metaRefusal('La imagen no cumple las políticas.'),
      {},
      { method: 'POST', path: /^act_\d+\/adcreatives$/ },
    );
    const ad = await call('POST', campaigns(), campaignInput({ name: 'Falla en el anuncio' }));
    expect(ad.statusCode).toBe(502);
    expect(ad.json().code).toBe('meta_ad_failed');
    expect(ad.json().message).toContain('hubo un problema con el anuncio');
    expect(liveCampaigns('Falla en el anuncio')).toHaveLength(0);

    meta.sandbox.failNext(1, 500, undefined, {}, { method: 'POST', path: /^act_\d+\/campaigns$/ });
    const campaign = await call('POST', campaigns(), campaignInput({ name: 'Falla en la campaña' }));
    expect(campaign.statusCode).toBe(502);
    expect(campaign.json().code).toBe('meta_campaign_failed');
    expect(campaign.json().message).toMatch(/^No pudimos crear la campaña en Meta: hubo un problema con los datos de la campaña\./);
  });

  it('leaves a campaign Meta would not delete hidden, and a job deletes it later', async () => {
    const name = 'Limpieza pendiente';
    meta.sandbox.failNext(1, 400, metaRefusal('No se pudo crear el conjunto.'), {}, { method: 'POST', path: /^act_\d+\/adsets$/ });
    meta.sandbox.failNext(1, 400, metaRefusal('Inténtalo más tarde.'), {}, { method: 'DELETE', path: /^\d+$/ });
    expect((await call('POST', campaigns(), campaignInput({ name }))).json().code).toBe('meta_ad_set_failed');
    const [hidden] = await server.db.query<{ publication: string }>('select publication from ad_campaigns where name = $1', [name]);
    expect(hidden!.publication).toBe('discarding');
    expect(liveCampaigns(name)).toHaveLength(1);
    expect((await call('GET', campaigns())).json().campaigns.map((item: { name: string }) => item.name)).not.toContain(name);

    const [job] = await server.db.query<{ id: number }>(`select id from jobs where queue = $1 and status = 'pending' and run_at <= now()`, [
      AD_CAMPAIGN_DISCARD_QUEUE,
    ]);
    expect(job).toBeDefined();
    while ((await server.app.jobs.drain()) > 0) {}
    expect(liveCampaigns(name)).toHaveLength(0);
    expect(await server.db.query('select 1 from ad_campaigns where name = $1', [name])).toHaveLength(0);
  });
});

describe('the list, activation and budget', () => {
  it('lists the newest first, each with its computed status and its spend (0 before any read)', async () => {
    // The multiple-ads campaign began yesterday; the carousel ended an hour ago.
    await server.db.query(`update ad_campaigns set start_at = now() - interval '1 day' where id = $1`, [multiple]);
    await server.db.query(
      `update ad_campaigns set start_at = now() - interval '3 days', end_at = now() - interval '1 hour' where id = $1`,
      [carousel],
    );
    await server.db.query(
      `insert into ad_campaign_insight_days (campaign_id, store_id, day, reach, impressions, clicks, results, spend)
       values ($1, $2, current_date - 1, 100, 200, 10, 2, 1500.5), ($1, $2, current_date, 50, 80, 4, 1, 499.5)`,
      [multiple, store],
    );
    const all = (await call('GET', campaigns())).json().campaigns;
    expect(all.map((item: { name: string }) => item.name)).toEqual([
      'Falla en el conjunto',
      'Carritos abandonados',
      'Carrusel de otoño',
      'Vuelve por tus favoritos',
    ]);
    expect(all[3]).toMatchObject({
      id: multiple,
      status: 'active',
      spend: 2000,
      results: 3,
      editable: true,
      segmentName: 'Clientas frecuentes',
    });
    expect(all[2]).toMatchObject({
      id: carousel,
      status: 'finished',
      spend: 0,
      results: 0,
      editable: false,
      notEditableReason: 'finished',
    });
    expect(all[1]).toMatchObject({ status: 'scheduled' });
    const active = (await call('GET', `${campaigns()}?status=active`)).json().campaigns;
    expect(active.map((item: { id: number }) => item.id)).toEqual([multiple]);
    expect((await call('GET', `${campaigns()}?status=finished`)).json().campaigns.map((item: { id: number }) => item.id)).toEqual([
      carousel,
    ]);
  });

  it('deactivates and activates the campaign in Meta, for every role of the store', async () => {
    const { 'campaign:0': metaId } = await metaObjects(multiple);
    const off = await call('PUT', `${campaigns()}/${multiple}/activation`, { active: false }, collaborator);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: multiple, status: 'deactivated' });
    expect((await reader.campaign(metaId!)).status).toBe('PAUSED');
    expect((await call('GET', `${campaigns()}?status=deactivated`, undefined, collaborator)).json().campaigns).toHaveLength(1);
    const on = await call('PUT', `${campaigns()}/${multiple}/activation`, { active: true });
    expect(on.json().status).toBe('active');
    expect((await reader.campaign(metaId!)).status).toBe('ACTIVE');

    const finished = await call('PUT', `${campaigns()}/${carousel}/activation`, { active: true });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().code).toBe('campaign_finished');
  });

  it("changes the ad set's daily budget in Meta, never below the account's minimum", async () => {
    const low = await call('PUT', `${campaigns()}/${multiple}/dailyBudget`, { dailyBudget: 1999 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({
      code: 'invalid_request',
      message: 'Revisa los datos enviados.',
      fieldErrors: [{ field: 'dailyBudget', message: 'El presupuesto diario debe ser de al menos $2.000 CLP.' }],
    });
    const saved = await call('PUT', `${campaigns()}/${multiple}/dailyBudget`, { dailyBudget: 8000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().dailyBudget).toBe(8000);
    const { 'adSet:0': adSetId } = await metaObjects(multiple);
    expect((await reader.adSet(adSetId!)).dailyBudget).toBe(8000);

    meta.sandbox.failNext(1, 400, metaRefusal('Tu presupuesto es demasiado bajo.'), {}, { method: 'POST', path: adSetId! });
    const refused = await call('PUT', `${campaigns()}/${multiple}/dailyBudget`, { dailyBudget: 9000 });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      code: 'meta_ad_set_failed',
      message: expect.stringContaining('Tu presupuesto es demasiado bajo.'),
    });
    expect((await call('GET', `${campaigns()}/${multiple}`)).json().dailyBudget).toBe(8000);

    expect((await call('PUT', `${campaigns()}/${carousel}/dailyBudget`, { dailyBudget: 8000 })).json().code).toBe('campaign_not_editable');
  });
});

describe('editing a campaign', () => {
  it('updates the campaign, the ad set and only the ads whose file changed, without duplicates', async () => {
    const before = await metaObjects(multiple);
    const current = (await call('GET', `${campaigns()}/${multiple}`)).json();
    const changes = campaignInput({
      name: 'Vuelve por más',
      startAt: current.startAt,
      dailyBudget: 6000,
      ageMin: 30,
      locations: [{ key: '2346', name: 'Valparaíso', type: 'region', region: null }],
      media: [
        { mediaId: image.id, thumbnailMediaId: null },
        { mediaId: thirdImage.id, thumbnailMediaId: null },
      ],
    });
    const response = await call('PUT', `${campaigns()}/${multiple}`, changes);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Vuelve por más', dailyBudget: 6000, ageMin: 30, status: 'active' });
    const after = await metaObjects(multiple);
    expect(after['campaign:0']).toBe(before['campaign:0']);
    expect(after['adSet:0']).toBe(before['adSet:0']);
    expect(after['audience:0']).toBe(before['audience:0']);
    expect(after['creative:0']).toBe(before['creative:0']);
    expect(after['creative:1']).not.toBe(before['creative:1']);
    expect(after['ad:1']).toBe(before['ad:1']);
    expect((await reader.campaign(after['campaign:0']!)).name).toBe('Vuelve por más');
    const adSet = await reader.adSet(after['adSet:0']!);
    expect(adSet).toMatchObject({ dailyBudget: 6000, targeting: { age_min: 30, geo_locations: { regions: [{ key: '2346' }] } } });
    const ads = await reader.ads(after['adSet:0']!);
    expect(ads.map((ad) => ad.creativeId).sort()).toEqual([after['creative:0'], after['creative:1']].sort());

    // Saving the same again changes nothing in Meta's objects.
    expect((await call('PUT', `${campaigns()}/${multiple}`, changes)).statusCode).toBe(200);
    expect(await metaObjects(multiple)).toEqual(after);

    // One file fewer: its ad goes.
    const fewer = await call('PUT', `${campaigns()}/${multiple}`, { ...changes, media: [{ mediaId: image.id, thumbnailMediaId: null }] });
    expect(fewer.statusCode).toBe(200);
    expect(await reader.ads(after['adSet:0']!)).toHaveLength(1);
    expect(Object.keys(await metaObjects(multiple)).sort()).toEqual(['ad:0', 'adSet:0', 'audience:0', 'campaign:0', 'creative:0']);
  });

  it("uploads another audience when the segment changes, and the old one's gone", async () => {
    const before = await metaObjects(multiple);
    const current = (await call('GET', `${campaigns()}/${multiple}`)).json();
    const response = await call(
      'PUT',
      `${campaigns()}/${multiple}`,
      campaignInput({
        name: current.name,
        startAt: current.startAt,
        segmentId: otherSegment,
        media: [{ mediaId: image.id, thumbnailMediaId: null }],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ segmentId: otherSegment, segmentName: 'Compradoras de invierno', audienceSize: 240 });
    const after = await metaObjects(multiple);
    expect(after['audience:0']).not.toBe(before['audience:0']);
    expect(Object.keys(after).filter((key) => key.startsWith('audience'))).toEqual(['audience:0']);
    expect((await reader.adSet(after['adSet:0']!)).targeting.custom_audiences).toEqual([
      expect.objectContaining({ id: after['audience:0'] }),
    ]);
    expect(await failure(reader.customAudience(before['audience:0']!))).toBeInstanceOf(MetaNotFoundError);
  });

  it('names the part Meta refused on an edit, and saving again finishes it', async () => {
    const current = (await call('GET', `${campaigns()}/${multiple}`)).json();
    const body = campaignInput({
      name: current.name,
      startAt: current.startAt,
      segmentId: otherSegment,
      media: [{ mediaId: secondImage.id, thumbnailMediaId: null }],
    });
    meta.sandbox.failNext(
      1,
      400,
      metaRefusal('El anuncio infringe las políticas.'),
      {},
      { method: 'POST', path: /^act_\d+\/adcreatives$/ },
    );
    const failed = await call('PUT', `${campaigns()}/${multiple}`, body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('meta_ad_failed');
    expect(failed.json().message).toMatch(
      /^No pudimos guardar los cambios en Meta: hubo un problema con el anuncio\. Meta indicó: «El anuncio infringe/,
    );
    expect((await call('PUT', `${campaigns()}/${multiple}`, body)).statusCode).toBe(200);
    const objects = await metaObjects(multiple);
    expect(await reader.ads(objects['adSet:0']!)).toEqual([expect.objectContaining({ creativeId: objects['creative:0'] })]);
  });

  it('refuses a change of type, and an edit of a finished campaign or one whose segment was deleted', async () => {
    const current = (await call('GET', `${campaigns()}/${multiple}`)).json();
    const typeChange = await call(
      'PUT',
      `${campaigns()}/${multiple}`,
      campaignInput({ type: 'cyberdays', startAt: current.startAt, segmentId: otherSegment }),
    );
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'type', message: 'El tipo de campaña no se puede cambiar.' }],
    });

    const finished = await call('PUT', `${campaigns()}/${carousel}`, campaignInput());
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ code: 'campaign_not_editable', message: expect.stringContaining('terminó') });

    const [retargeting] = await server.db.query<{ id: number }>(
      `select id::float8 as id from ad_campaigns where name = 'Carritos abandonados'`,
    );
    await server.db.query('update ad_campaigns set segment_id = null where id = $1', [retargeting!.id]);
    const orphan = await call('PUT', `${campaigns()}/${retargeting!.id}`, campaignInput());
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().code).toBe('campaign_not_editable');
    expect((await call('GET', `${campaigns()}/${retargeting!.id}`)).json()).toMatchObject({
      editable: false,
      notEditableReason: 'segmentDeleted',
      segmentId: null,
      segmentName: 'Clientas frecuentes',
    });
  });
});

describe('deleting a campaign', () => {
  it('keeps everything when Meta refuses, and deletes it in Meta and here when Meta agrees', async () => {
    const objects = await metaObjects(carousel);
    meta.sandbox.failNext(1, 400, metaRefusal('No se puede eliminar ahora.'), {}, { method: 'DELETE', path: objects['campaign:0']! });
    const refused = await call('DELETE', `${campaigns()}/${carousel}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ code: 'campaign_delete_failed', message: 'Ocurrió un error al eliminar la campaña.' });
    expect((await call('GET', `${campaigns()}/${carousel}`)).statusCode).toBe(200);
    expect((await reader.campaign(objects['campaign:0']!)).id).toBe(objects['campaign:0']);
    expect((await reader.customAudience(objects['audience:0']!)).id).toBe(objects['audience:0']);

    const deleted = await call('DELETE', `${campaigns()}/${carousel}`, undefined, collaborator);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `${campaigns()}/${carousel}`)).statusCode).toBe(404);
    expect(await failure(reader.campaign(objects['campaign:0']!))).toBeInstanceOf(MetaNotFoundError);
    expect(await failure(reader.adSet(objects['adSet:0']!))).toBeInstanceOf(MetaNotFoundError);
    expect(await failure(reader.customAudience(objects['audience:0']!))).toBeInstanceOf(MetaNotFoundError);
  });

  it('counts a campaign Meta already deleted as deleted', async () => {
    const [row] = await server.db.query<{ id: number }>(`select id::float8 as id from ad_campaigns where name = 'Falla en el conjunto'`);
    const objects = await metaObjects(row!.id);
    await reader.deleteCampaign(objects['campaign:0']!);
    expect((await call('DELETE', `${campaigns()}/${row!.id}`)).statusCode).toBe(204);
  });
});

describe('isolation and renewal', () => {
  it("answers 404 for another store's campaigns and files", async () => {
    const foreign = await addStore(server.db, 'Tienda Ajena');
    expect((await call('GET', campaigns(foreign))).statusCode).toBe(404);
    expect((await call('POST', campaigns(foreign), campaignInput())).statusCode).toBe(404);
    expect((await call('DELETE', `${campaigns(foreign)}/${multiple}`)).statusCode).toBe(404);
    expect((await upload(pngImage(1200, 628), 'image/png', 'x.png', owner, foreign)).statusCode).toBe(404);
  });

  it('asks for renewal once Meta no longer takes the token, and sends nothing more', async () => {
    meta.sandbox.revoke(ids.users.camila);
    const response = await call('POST', campaigns(), campaignInput({ name: 'Sin token' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('social_ads_renewal_required');
    expect(liveCampaigns('Sin token')).toHaveLength(0);
    expect(await server.db.query('select 1 from ad_campaigns where name = $1', [`Sin token`])).toHaveLength(0);
    const [row] = await server.db.query<{ renewal_reason: string }>('select renewal_reason from meta_connections where store_id = $1', [
      store,
    ]);
    expect(row!.renewal_reason).toBe('revoked');
    expect((await call('GET', campaigns())).json().code).toBe('social_ads_renewal_required');
    expect((await call('PUT', `${campaigns()}/${multiple}/activation`, { active: false })).json().code).toBe('social_ads_renewal_required');
    expect((await upload(pngImage(1200, 628), 'image/png')).json().code).toBe('social_ads_renewal_required');
  });
});
