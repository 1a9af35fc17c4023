import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appContract, backendContract, type Contract } from '../../../../src/server/platform/http/contract.ts';
import { ACCOUNT_NAME_MAX, accountDetailsUpdateSchema, passwordChangeSchema } from '../../../../src/shared/account.ts';
import { adCampaignInputSchema } from '../../../../src/shared/ad-campaigns.ts';
import {
  collaboratorInvitationSchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
} from '../../../../src/shared/auth.ts';
import { AD_CAMPAIGN_LIMITS } from '../../../../src/shared/constants.ts';
import { MARKETING_INVESTMENT_MAX, marketingInvestmentSchema } from '../../../../src/shared/marketing-investment.ts';
import { segmentInputSchema } from '../../../../src/shared/segments.ts';
import { SHOPIFY_SETTINGS_LIMITS, shopifyInstallSchema, shopifySettingsSchema } from '../../../../src/shared/shopify-settings.ts';
import { socialAdsSchema } from '../../../../src/shared/social-ads.ts';

/*
 * A limit lives twice: in the contract, which the server validates every request against, and in
 * the shared zod schema the forms validate with. Edge inputs run through both must get the same
 * verdict, so a limit changed on one side only fails here instead of in a merchant's browser.
 */

const app = appContract();
const backend = backendContract();

function bodyValidator(contract: Contract, operationId: string) {
  const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${operationId} is not in the ${contract.name} contract`);
  return (body: unknown) => operation.validateBody(body).length === 0;
}

interface Parity {
  contract: Contract;
  operationId: string;
  schema: z.ZodType;
  /** A body both accept. */
  valid: Record<string, unknown>;
  /** Field values at and past each edge, each tried in `valid` in place of the field. */
  edges: Record<string, unknown[]>;
  /** Wraps the form's object into the request body (the store form's body nests it). */
  wrap?: (fields: Record<string, unknown>) => unknown;
}

const CONTROL = ['a\u0000b', 'a\u001fb', 'a\u007fb', 'línea\nnueva'];
/** Days at and past each end of the years every date keeps to (src/shared/date-rules.ts), and days that are not real. */
const DAYS = ['2000-01-01', '2100-12-31', '1999-12-31', '2101-01-01', '0000-01-01', '2026-02-29', '2026-2-1'];
/** The same for instants. */
const INSTANTS = [
  '2000-01-01T00:00:00Z',
  '2100-12-31T23:59:59-03:00',
  '1999-12-31T23:59:59Z',
  '2101-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
];
/** A segment's rules with one purchase period between `from` and `to`. */
const purchasedBetween = (from: string, to: string) => ({
  join: 'and',
  blocks: [{ join: 'and', conditions: [{ field: 'purchase', operator: 'is', period: { kind: 'between', from, to } }] }],
});
const long = (length: number, unit = 'a') => unit.repeat(length);
const email = (length: number) => `${long(length - '@tienda.cl'.length)}@tienda.cl`;

const parities: Parity[] = [
  {
    contract: app,
    operationId: 'login',
    schema: loginRequestSchema,
    valid: { email: 'camila@tienda.cl', password: 'x' },
    edges: { email: ['', 'no-es-correo', email(254), email(255)], password: ['', 'x', long(200), long(201), ...CONTROL] },
  },
  {
    contract: app,
    operationId: 'signup',
    schema: signupRequestSchema,
    valid: { name: 'Camila', email: 'camila@tienda.cl', password: 'secreta123' },
    edges: {
      name: ['', 'C', long(100), long(101), ...CONTROL],
      email: ['', email(254), email(255)],
      password: [
        '',
        'corta12',
        'secreta1',
        'sinnumeros',
        '12345678',
        `${long(198)}12`,
        `${long(199)}12`,
        ...CONTROL.map((c) => `${c}123456`),
      ],
    },
  },
  {
    contract: app,
    operationId: 'requestPasswordReset',
    schema: passwordResetRequestSchema,
    valid: { email: 'camila@tienda.cl' },
    edges: { email: ['', 'camila', email(254), email(255)] },
  },
  {
    contract: app,
    operationId: 'inviteCollaborator',
    schema: collaboratorInvitationSchema,
    valid: { email: 'pedro@tienda.cl' },
    edges: { email: ['', 'pedro', email(254), email(255)] },
  },
  {
    contract: app,
    operationId: 'setMarketingInvestment',
    schema: marketingInvestmentSchema,
    valid: { year: 2026, amount: 1_000_000 },
    edges: { year: [0, 1999, 2000, 2100, 2101], amount: [-1, 0, MARKETING_INVESTMENT_MAX, MARKETING_INVESTMENT_MAX + 1] },
  },
  {
    contract: backend,
    operationId: 'createStoreWithShopify',
    schema: shopifySettingsSchema,
    valid: { name: 'Tienda', url: 'tienda.myshopify.com', accessToken: 'shpat_123' },
    wrap: (fields) => ({ store: fields }),
    edges: {
      name: ['', 'T', long(SHOPIFY_SETTINGS_LIMITS.name), long(SHOPIFY_SETTINGS_LIMITS.name + 1), ...CONTROL],
      url: ['', long(SHOPIFY_SETTINGS_LIMITS.url), long(SHOPIFY_SETTINGS_LIMITS.url + 1), ...CONTROL],
      accessToken: ['', long(SHOPIFY_SETTINGS_LIMITS.accessToken), long(SHOPIFY_SETTINGS_LIMITS.accessToken + 1), 'shpat_ñ', ...CONTROL],
      webhookSecret: [
        '',
        long(SHOPIFY_SETTINGS_LIMITS.webhookSecret),
        long(SHOPIFY_SETTINGS_LIMITS.webhookSecret + 1),
        'shpss_ñ',
        ...CONTROL,
      ],
    },
  },
  {
    contract: backend,
    operationId: 'startShopifyInstall',
    schema: shopifyInstallSchema,
    valid: { url: 'tienda.myshopify.com' },
    wrap: (fields) => ({ ...fields, returnTo: '/integrations' }),
    edges: { url: ['', ' ', 'T', long(SHOPIFY_SETTINGS_LIMITS.url), long(SHOPIFY_SETTINGS_LIMITS.url + 1), ...CONTROL] },
  },
  {
    contract: backend,
    operationId: 'updateShopifySettings',
    schema: shopifySettingsSchema,
    valid: { name: 'Tienda', url: 'tienda.myshopify.com', accessToken: 'shpat_123' },
    wrap: (fields) => ({ shopifySettings: fields }),
    edges: {
      name: ['', long(SHOPIFY_SETTINGS_LIMITS.name), long(SHOPIFY_SETTINGS_LIMITS.name + 1)],
      accessToken: [long(SHOPIFY_SETTINGS_LIMITS.accessToken), long(SHOPIFY_SETTINGS_LIMITS.accessToken + 1)],
    },
  },
  {
    contract: app,
    operationId: 'updateMetaSettings',
    schema: socialAdsSchema,
    valid: { businessId: '1500000000000001', adAccountId: 'act_2400000000000001', pageId: '1', instagramAccountId: '2', pixelId: '3' },
    edges: {
      businessId: ['', '1', 'act_1', 'act_', 'abc', '1 2', '9'.repeat(30), '9'.repeat(31)],
      adAccountId: ['', 'act_2400000000000001', 'act_x', `act_${'9'.repeat(30)}`, `act_${'9'.repeat(31)}`],
    },
  },
  {
    contract: app,
    operationId: 'createAdCampaign',
    schema: adCampaignInputSchema,
    valid: {
      type: 'conversion',
      name: 'Recompra de otoño',
      startAt: '2026-03-20T12:00:00.000Z',
      endAt: null,
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
    },
    edges: {
      name: ['', ' ', '   ', 'C', ' C ', long(AD_CAMPAIGN_LIMITS.nameMaxLength), long(AD_CAMPAIGN_LIMITS.nameMaxLength + 1), ...CONTROL],
      mainText: [
        '',
        'a',
        'línea\nnueva',
        long(AD_CAMPAIGN_LIMITS.mainTextMaxLength),
        long(AD_CAMPAIGN_LIMITS.mainTextMaxLength + 1),
        'a\u0000b',
      ],
      title: ['', long(AD_CAMPAIGN_LIMITS.titleMaxLength), long(AD_CAMPAIGN_LIMITS.titleMaxLength + 1), ...CONTROL],
      description: ['', long(AD_CAMPAIGN_LIMITS.descriptionMaxLength), long(AD_CAMPAIGN_LIMITS.descriptionMaxLength + 1), ...CONTROL],
      url: [
        '',
        'https://a.cl',
        'http://a.cl',
        'a.cl',
        'https://',
        'https://a b',
        `https://${long(AD_CAMPAIGN_LIMITS.urlMaxLength - 8)}`,
        `https://${long(AD_CAMPAIGN_LIMITS.urlMaxLength - 7)}`,
      ],
      ageMin: [17, 18, 65, 66, 70, 18.5],
      ageMax: [17, 18, 65, 66],
      dailyBudget: [0, 1, 1_000_000_000, 1_000_000_001, 10.5],
      segmentId: [0, 1, 9007199254740991, 9007199254740992],
      interests: [
        Array.from({ length: AD_CAMPAIGN_LIMITS.interestsMax }, (_, index) => ({ id: String(index + 1), name: 'Café' })),
        Array.from({ length: AD_CAMPAIGN_LIMITS.interestsMax + 1 }, (_, index) => ({ id: String(index + 1), name: 'Café' })),
        [{ id: 'abc', name: 'Café' }],
      ],
      media: [
        [],
        Array.from({ length: AD_CAMPAIGN_LIMITS.mediaMax }, (_, index) => ({ mediaId: index + 1, thumbnailMediaId: null })),
        Array.from({ length: AD_CAMPAIGN_LIMITS.mediaMax + 1 }, (_, index) => ({ mediaId: index + 1, thumbnailMediaId: null })),
      ],
      startAt: ['2026-03-20T12:00:00.000Z', '2026-03-20T09:00:00-03:00', '2026-03-20', 'mañana', ...INSTANTS],
      // Not the first instant: an end before the valid body's start is a rule of its own.
      endAt: [null, ...INSTANTS.slice(1)],
      productCatalogId: [null, '3100000000000001', 'abc'],
    },
  },
  {
    contract: app,
    operationId: 'createSegment',
    schema: segmentInputSchema,
    valid: { name: 'Compraron en 2025', form: 'simple', rules: purchasedBetween('2025-01-01', '2025-12-31') },
    edges: {
      // Each day as the period's start (the end the last day of 2100) and as its end (the start the first of 2000).
      rules: DAYS.flatMap((day) => [purchasedBetween(day, '2100-12-31'), purchasedBetween('2000-01-01', day)]),
    },
  },
  {
    contract: app,
    operationId: 'updateAccountDetails',
    schema: accountDetailsUpdateSchema,
    valid: { name: 'Camila Soto' },
    edges: { name: ['', ' ', '   ', 'C', ' C ', long(ACCOUNT_NAME_MAX), long(ACCOUNT_NAME_MAX + 1), ...CONTROL] },
  },
  {
    contract: app,
    operationId: 'changePassword',
    schema: passwordChangeSchema,
    valid: { currentPassword: 'actual', newPassword: 'secreta123' },
    edges: {
      currentPassword: ['', 'x', long(200), long(201), ...CONTROL],
      newPassword: ['', 'corta12', 'secreta1', 'sinnumeros', `${long(198)}12`, `${long(199)}12`, ...CONTROL.map((c) => `${c}123456`)],
    },
  },
];

describe.each(parities)('$operationId: the contract and the form agree', ({ contract, operationId, schema, valid, edges, wrap }) => {
  const contractAccepts = bodyValidator(contract, operationId);
  const body = (fields: Record<string, unknown>) => (wrap ? wrap(fields) : fields);

  it('on the valid body', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(contractAccepts(body(valid))).toBe(true);
  });

  for (const [field, values] of Object.entries(edges))
    it(`on every edge of ${field}`, () => {
      const verdicts = values.map((value) => {
        const fields = { ...valid, [field]: value };
        return { value, form: schema.safeParse(fields).success, contract: contractAccepts(body(fields)) };
      });
      expect(verdicts.filter((verdict) => verdict.form !== verdict.contract)).toEqual([]);
      // The edges are edges: each list holds both verdicts.
      expect(new Set(verdicts.map((verdict) => verdict.form)).size).toBe(2);
    });
});
