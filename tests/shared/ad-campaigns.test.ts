import { describe, expect, it } from 'vitest';
import {
  type AdCampaignInput,
  adCampaignInputSchema,
  audienceTooSmall,
  budgetBelowMinimum,
  startIsInPast,
} from '../../src/shared/ad-campaigns';
import { AD_CAMPAIGN_LIMITS } from '../../src/shared/constants';

const valid: AdCampaignInput = {
  type: 'conversion',
  name: 'Recompra de otoño',
  startAt: '2026-03-20T12:00:00.000Z',
  endAt: '2026-04-30T02:59:00.000Z',
  dailyBudget: 10000,
  segmentId: 2,
  locations: [],
  ageMin: 18,
  ageMax: 65,
  gender: 'all',
  interests: [],
  format: 'MULTIPLE_ADS',
  media: [{ mediaId: 501, thumbnailMediaId: null }],
  mainText: 'Vuelve por tu café.',
  title: 'Café de otoño',
  description: 'Despacho en 24 horas',
  callToAction: 'SHOP_NOW',
  url: 'https://cafeaustral.cl',
  productCatalogId: null,
  productSetId: null,
};

/** The text keys the schema answers for `input`, by field. */
function problems(input: Partial<AdCampaignInput>): Record<string, string> {
  const result = adCampaignInputSchema.safeParse({ ...valid, ...input });
  if (result.success) return {};
  // The first problem of each field, as the form shows it.
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('adCampaignInputSchema (SPEC §5)', () => {
  it('takes a complete campaign', () => {
    expect(problems({})).toEqual({});
  });

  it('requires the name, refuses only spaces and names longer than the limit', () => {
    expect(problems({ name: '' })).toEqual({ name: 'errors.required' });
    expect(problems({ name: '   ' })).toEqual({ name: 'errors.nameOnlySpaces' });
    expect(problems({ name: 'a'.repeat(AD_CAMPAIGN_LIMITS.nameMaxLength + 1) })).toEqual({ name: 'errors.nameTooLong' });
  });

  it('wants the end after the start, or no end at all', () => {
    expect(problems({ endAt: valid.startAt })).toEqual({ endAt: 'errors.endBeforeStart' });
    expect(problems({ endAt: null })).toEqual({});
  });

  it('keeps the start and the end within the years 2000 to 2100', () => {
    expect(problems({ startAt: '1999-12-31T23:59:59Z', endAt: null })).toEqual({ startAt: 'errors.dateOutOfRange' });
    expect(problems({ endAt: '2101-01-01T00:00:00Z' })).toEqual({ endAt: 'errors.dateOutOfRange' });
    expect(problems({ endAt: '2100-12-31T23:59:00-03:00' })).toEqual({});
    // Not a date-time at all: required, not out of range.
    expect(problems({ endAt: '' })).toEqual({ endAt: 'errors.dateRequired' });
  });

  it('keeps ages within 18–65 and the maximum not below the minimum', () => {
    expect(problems({ ageMin: 17 })).toEqual({ ageMin: 'errors.ageBelowMinimum' });
    expect(problems({ ageMax: 66 })).toEqual({ ageMax: 'errors.ageAboveMaximum' });
    expect(problems({ ageMin: 40, ageMax: 30 })).toEqual({ ageMax: 'errors.ageMaxBelowMin' });
  });

  it('counts interests and files', () => {
    const interests = Array.from({ length: AD_CAMPAIGN_LIMITS.interestsMax + 1 }, (_, index) => ({
      id: String(index + 1),
      name: `Interés ${index}`,
    }));
    expect(problems({ interests })).toEqual({ interests: 'errors.tooManyInterests' });
    expect(problems({ media: [] })).toEqual({ media: 'errors.mediaRequired' });
    expect(problems({ format: 'CAROUSEL' })).toEqual({ media: 'errors.carouselTooShort' });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ mediaId: index + 1, thumbnailMediaId: null }));
    expect(problems({ media: eleven })).toEqual({ media: 'errors.tooManyFiles' });
  });

  it('requires a catalog and a product set for retargeting only', () => {
    expect(problems({ type: 'retargeting' })).toEqual({
      productCatalogId: 'errors.catalogRequired',
      productSetId: 'errors.productSetRequired',
    });
    expect(problems({ type: 'retargeting', productCatalogId: '3100000000000001', productSetId: '3200000000000011' })).toEqual({});
  });

  it('judges a rule between fields as soon as those fields are valid, whatever the others hold', () => {
    // A wizard on its second step: the later steps are still empty, and the info step's rules answer all the same.
    const laterStepsEmpty = { segmentId: Number.NaN, media: [], mainText: '', title: '', description: '', url: '' };
    expect(problems({ ...laterStepsEmpty, endAt: valid.startAt }).endAt).toBe('errors.endBeforeStart');
    expect(problems({ ...laterStepsEmpty, type: 'retargeting' })).toMatchObject({
      productCatalogId: 'errors.catalogRequired',
      productSetId: 'errors.productSetRequired',
    });
    expect(problems({ ...laterStepsEmpty, ageMin: 45, ageMax: 30 }).ageMax).toBe('errors.ageMaxBelowMin');
    // A field the rule reads is itself wrong: its own problem is enough.
    expect(problems({ ageMin: 70, ageMax: 20 })).toEqual({ ageMin: 'errors.ageAboveMaximum' });
  });

  it('checks the texts and the address', () => {
    expect(problems({ mainText: 'a'.repeat(501) })).toEqual({ mainText: 'errors.mainTextTooLong' });
    expect(problems({ mainText: 'Primera línea\nsegunda' })).toEqual({});
    expect(problems({ title: 'a\u0000b' })).toEqual({ title: 'errors.controlCharacters' });
    expect(problems({ url: 'cafeaustral.cl' })).toEqual({ url: 'errors.urlInvalid' });
  });
});

describe('the rules that depend on the moment and the store', () => {
  const now = Date.parse('2026-03-15T15:00:00Z');
  it('gives a start "now" the grace of the minutes spent saving', () => {
    expect(startIsInPast('2026-03-15T14:56:00Z', now)).toBe(false);
    expect(startIsInPast('2026-03-15T14:54:00Z', now)).toBe(true);
  });
  it('takes the ad account minimum as the smallest budget', () => {
    expect(budgetBelowMinimum(4999, 5000)).toBe(true);
    expect(budgetBelowMinimum(5000, 5000)).toBe(false);
  });
  it('refuses segments under Meta’s minimum audience, and segments without a size yet', () => {
    expect(audienceTooSmall(AD_CAMPAIGN_LIMITS.audienceMin - 1)).toBe(true);
    expect(audienceTooSmall(AD_CAMPAIGN_LIMITS.audienceMin)).toBe(false);
    expect(audienceTooSmall(null)).toBe(true);
  });
});
