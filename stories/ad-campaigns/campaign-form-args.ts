import { fn } from 'storybook/test';
import {
  CAMPAIGN_FORM_NOW,
  campaignSegments,
  formAdAccount,
  metaInterests,
  metaLocations,
  productCatalogs,
  productSets,
} from '../../mocks/fixtures/campaign-form';
import type { AdCampaignType } from '../../src/shared/ad-campaigns';
import { DEFAULT_SEGMENT_NAMES } from '../../src/shared/segment-names';
import { type CampaignFormValues, EMPTY_CAMPAIGN_FORM } from '../../src/web/features/ad-campaigns/forms/campaign-form';
import type { CampaignSegment, MetaSearch } from '../../src/web/features/ad-campaigns/screens/campaign-form-props';
import type { MediaItem } from '../../src/web/ui/file-upload';

/*
 * What the wizard's screen stories share: the options the container would read, the fields filled for
 * each type, and files in each state of their upload.
 */

const MB = 1024 * 1024;

export const segmentOptions: CampaignSegment[] = campaignSegments.map((segment) => ({
  id: segment.id,
  name: segment.key ? DEFAULT_SEGMENT_NAMES[segment.key] : (segment.name ?? ''),
  customers: segment.customers,
}));

export const idleSearch = <T>(): MetaSearch<T> => ({ query: '', onQueryChange: fn(), results: [], searching: false, failed: false });

export const baseArgs = {
  mode: 'create' as const,
  now: CAMPAIGN_FORM_NOW,
  campaignsHref: '/campaigns',
  integrationsHref: '/integrations',
  adAccount: { status: 'success' as const, data: formAdAccount },
  segments: { status: 'success' as const, data: segmentOptions },
  locationSearch: idleSearch<(typeof metaLocations)[number]>(),
  interestSearch: idleSearch<(typeof metaInterests)[number]>(),
  onUploadMedia: fn(async () => ({ mediaId: 999 })),
  onChoicesChange: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

export const catalogArgs = {
  catalogs: { status: 'success' as const, data: productCatalogs },
  productSets: { status: 'success' as const, data: productSets['3100000000000001'] ?? [] },
};

export const imageItem: MediaItem = {
  id: 'img-1',
  name: 'cafe-grano-1080.jpg',
  type: 'image/jpeg',
  size: 2 * MB,
  width: 1080,
  height: 1080,
  upload: { state: 'uploaded', mediaId: 501 },
};
export const secondImageItem: MediaItem = {
  ...imageItem,
  id: 'img-2',
  name: 'molinillo-manual.png',
  type: 'image/png',
  upload: { state: 'uploaded', mediaId: 504 },
};
export const videoItem: MediaItem = {
  id: 'vid-1',
  name: 'tostado-artesanal.mp4',
  type: 'video/mp4',
  size: 48 * MB,
  width: 1920,
  height: 1080,
  duration: 32,
  thumbnail: 'miniatura-tostado.jpg',
  upload: { state: 'uploaded', mediaId: 502 },
  thumbnailUpload: { state: 'uploaded', mediaId: 503 },
};

/** Every step filled for a campaign of `type` (retargeting adds its catalog and shows a carousel). */
export function filledValues(type: AdCampaignType): CampaignFormValues {
  const retargeting = type === 'retargeting';
  return {
    ...EMPTY_CAMPAIGN_FORM,
    type,
    name: type === 'cyberdays' ? 'Cyberday de junio' : retargeting ? 'Carros abandonados 24/7' : 'Recompra de otoño',
    startDate: '2026-03-20',
    startTime: '09:00',
    noEnd: retargeting,
    endDate: retargeting ? '' : '2026-04-30',
    endTime: retargeting ? '' : '23:59',
    dailyBudget: '10000',
    productCatalogId: retargeting ? '3100000000000001' : null,
    productSetId: retargeting ? '3200000000000011' : null,
    segmentId: type === 'remarketing' ? '3' : '2',
    locations: [metaLocations[0], metaLocations[7]].filter((location) => location !== undefined),
    ageMin: '25',
    ageMax: '54',
    gender: 'all',
    interests: metaInterests.slice(0, 2).map(({ id, name }) => ({ id, name })),
    format: retargeting ? 'CAROUSEL' : 'MULTIPLE_ADS',
    media: retargeting ? [imageItem, secondImageItem] : [imageItem, videoItem],
    mainText: 'Tu café favorito te espera. Vuelve por tu bolsa de grano recién tostado con despacho en 24 horas.',
    title: 'Café recién tostado',
    description: 'Despacho gratis sobre $30.000',
    callToAction: 'SHOP_NOW',
    url: 'https://cafeaustral.cl/collections/cafe-en-grano',
  };
}

/** The story args for `type` on step `step` (0 type … 4 tracking). */
export const at = (type: AdCampaignType, step: number, values: Partial<CampaignFormValues> = {}) => ({
  defaultValues: { ...filledValues(type), ...values },
  defaultStep: step,
  ...(type === 'retargeting' ? catalogArgs : {}),
});

export { MB };
