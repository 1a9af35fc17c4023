import { AD_CAMPAIGN_ERRORS } from '../../../shared/ad-campaigns.ts';
import { AD_SUBCODES, MetaError } from '../../integrations/meta/errors.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { adCampaignMessages as messages } from './messages.ts';

/*
 * Meta's refusals of what a merchant sent, told in Spanish on the field to fix (a 422: an outside platform
 * refused it, unlike our own rules' 400), with Meta's own words kept as the answer's `detail`. Each is
 * matched by Meta's code and subcode (AD_SUBCODES), never by its English text; only an invalid targeting
 * spec, whose subcode covers every part of the targeting, is placed by the parameter its text names. A
 * refusal not listed here stays the caller's to report.
 */

const meta = messages.meta;
const rules = messages.rules;

/** Where Meta's sandbox and its reference put the smallest image an ad takes: 600 px wide, 1.91:1 at that width. */
export const META_IMAGE_MIN = { width: 600, height: 314 } as const;

interface Placed {
  status: 409 | 422;
  code: string;
  message: string;
  /** The input field to fix, when there is one. */
  field?: string;
}

const onField = (code: string, field: string, message: string): Placed => ({ status: 422, code, field, message });

/** The targeting parameter Meta's text names, as the field of our campaign it comes from. */
function targetingRefusal(text: string): Placed {
  if (/geo_locations|location/i.test(text)) return onField('targeting_refused', 'locations', meta.unknownLocation);
  if (/flexible_spec|interest/i.test(text)) return onField('targeting_refused', 'interests', meta.unknownInterest);
  if (/age_(min|max)/i.test(text)) return onField('targeting_refused', 'ageMin', meta.ageRange);
  if (/custom.?audience/i.test(text)) return onField('targeting_refused', 'segmentId', meta.audienceMissing);
  return { status: 422, code: 'targeting_refused', message: meta.targeting };
}

/** The creative text Meta's refusal names, as our field. */
const textField = (text: string) => (/\bdescription\b/i.test(text) ? 'description' : /\b(name|title)\b/i.test(text) ? 'title' : 'mainText');

const setupInvalid: Placed = { status: 422, code: 'meta_setup_invalid', message: meta.setupInvalid };
const mediaNotFound = onField('media_not_found', 'media', messages.mediaNotFound);

/** The refusals whose subcode alone says what to fix (targeting and text lengths also read Meta's text). */
const BY_SUBCODE = new Map<number, Placed>([
  [AD_SUBCODES.budgetTooLow, onField('budget_below_minimum', 'dailyBudget', meta.budgetTooLow)],
  [AD_SUBCODES.tooManyInterests, onField('too_many_interests', 'interests', meta.tooManyInterests)],
  [AD_SUBCODES.audienceNotReady, onField('audience_not_ready', 'segmentId', meta.audienceNotReady)],
  [AD_SUBCODES.audienceTooSmall, onField('audience_too_small', 'segmentId', meta.audienceTooSmall)],
  [AD_SUBCODES.startTooEarly, onField('start_in_past', 'startAt', rules[AD_CAMPAIGN_ERRORS.startInPast])],
  [AD_SUBCODES.endBeforeStart, onField('end_before_start', 'endAt', rules[AD_CAMPAIGN_ERRORS.endBeforeStart])],
  [AD_SUBCODES.imageTooSmall, onField('media_too_small', 'media', meta.imageTooSmall(META_IMAGE_MIN.width, META_IMAGE_MIN.height))],
  [AD_SUBCODES.notAnImage, onField('media_bad_format', 'media', meta.notAnImage)],
  [AD_SUBCODES.carouselCards, onField('carousel_refused', 'media', meta.carouselCards)],
  [AD_SUBCODES.imageNotFound, mediaNotFound],
  [AD_SUBCODES.videoNotFound, mediaNotFound],
  [AD_SUBCODES.videoNotReady, onField('video_processing', 'media', meta.videoNotReady)],
  [AD_SUBCODES.invalidUrl, onField('invalid_url', 'url', meta.invalidUrl)],
  [AD_SUBCODES.productSetNotFound, onField('product_set_not_found', 'productSetId', meta.productSetNotFound)],
  [AD_SUBCODES.invalidPage, setupInvalid],
  [AD_SUBCODES.invalidInstagramAccount, setupInvalid],
  [AD_SUBCODES.invalidPixel, setupInvalid],
  [AD_SUBCODES.cantEdit, { status: 409, code: 'campaign_not_editable', message: meta.cantEdit }],
]);

function placed(error: MetaError): Placed | null {
  if (error.code !== 100 || error.subcode === null) return null;
  const text = `${error.graph?.message ?? ''} ${error.userMessage}`;
  if (error.subcode === AD_SUBCODES.invalidTargeting) return targetingRefusal(text);
  if (error.subcode === AD_SUBCODES.textTooLong) return onField('text_too_long', textField(text), meta.textTooLong);
  return BY_SUBCODE.get(error.subcode) ?? null;
}

/**
 * The refusal to answer for Meta's `error` when it is about what the merchant sent (or set up), in
 * Spanish, with Meta's words as its detail; null for anything else (our own request, Meta's trouble).
 * `onField` false leaves the field out, for a request whose body is the file itself.
 */
export function merchantRefusalOf(error: unknown, { onField = true } = {}): HttpError | null {
  if (!(error instanceof MetaError)) return null;
  const refusal = placed(error);
  if (!refusal) return null;
  const { status, code, message, field } = refusal;
  return new HttpError(status, code, message, field && onField ? [{ field, message }] : undefined, undefined, error.userMessage);
}
