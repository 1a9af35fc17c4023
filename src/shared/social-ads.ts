import { z } from 'zod';
import type { components } from './api/app.gen';

type MetaSettingsRequest = components['schemas']['MetaSettingsRequest'];

/** `MetaObjectId` of openapi/app.yaml: a Graph API id (digits), or an ad account's `act_<digits>`. */
export const META_OBJECT_ID = { maxLength: 40, pattern: /^(act_)?\d{1,30}$/ } as const;

/** One choice of the social ads form: required (SPEC §5), and one of Meta's ids. */
const metaObjectId = z
  .string()
  .min(1, 'socialAdsForm.errors.required')
  .max(META_OBJECT_ID.maxLength, 'socialAdsForm.errors.notAnOption')
  .regex(META_OBJECT_ID.pattern, 'socialAdsForm.errors.notAnOption');

/** Mirrors `MetaSettingsRequest`; the messages are keys of the `integrations` text group. */
export const socialAdsSchema = z.strictObject({
  businessId: metaObjectId,
  adAccountId: metaObjectId,
  pageId: metaObjectId,
  instagramAccountId: metaObjectId,
  pixelId: metaObjectId,
}) satisfies z.ZodType<MetaSettingsRequest, MetaSettingsRequest>;

export type SocialAdsInput = z.input<typeof socialAdsSchema>;
export type SocialAdsField = keyof SocialAdsInput;

/** The form's fields in the order it asks for them: the business manager first, its assets after it. */
export const SOCIAL_ADS_FIELDS = [
  'businessId',
  'adAccountId',
  'pageId',
  'instagramAccountId',
  'pixelId',
] as const satisfies readonly SocialAdsField[];
