import { AD_SUBCODES, MetaError } from '../../integrations/meta/errors.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { campaignRuleMessages } from './campaign-rules.ts';

/*
 * Meta's refusals of what a merchant sent, told in Spanish on the field to fix (a 422), with Meta's own
 * words kept as the answer's `detail`. Each is matched by Meta's code and subcode (AD_SUBCODES), never by
 * its English text; only an invalid targeting spec, whose subcode covers every part of the targeting, is
 * placed by the parameter its text names. A refusal not listed here stays the caller's to report.
 */

export const metaRefusalMessages = {
  budgetTooLow: 'Meta pide un presupuesto diario mayor para esta cuenta publicitaria. Súbelo e inténtalo de nuevo.',
  unknownLocation: 'Meta no reconoce una de las ubicaciones. Quítala y búscala de nuevo.',
  unknownInterest: 'Meta ya no ofrece uno de los intereses. Quítalo y elige otro.',
  ageRange: 'Meta no acepta ese rango de edad.',
  audienceMissing: 'Meta no encontró la audiencia del segmento. Guarda de nuevo para crearla otra vez.',
  targeting: 'Meta no aceptó la segmentación de la campaña. Revisa las ubicaciones, los intereses y las edades.',
  tooManyInterests: 'Elegiste más intereses de los que Meta acepta en una campaña. Quita algunos.',
  audienceNotReady: 'Meta todavía está procesando la audiencia del segmento. Inténtalo de nuevo en unos minutos.',
  audienceTooSmall:
    'Meta considera que la audiencia del segmento es demasiado pequeña para mostrar anuncios. Elige un segmento más grande.',
  imageTooSmall: (width: number, height: number) => `Meta pide imágenes de al menos ${width}×${height} px para sus anuncios.`,
  notAnImage: 'Meta no reconoce el archivo como una imagen JPG o PNG. Vuelve a exportarlo y súbelo de nuevo.',
  carouselCards: 'Meta no aceptó la cantidad de archivos del carrusel.',
  textTooLong: 'El texto es más largo de lo que Meta acepta. Acórtalo.',
  invalidUrl: 'Meta no acepta esta URL. Escribe la dirección completa, empezando por https://.',
  videoNotReady: 'Meta todavía está procesando el video. Inténtalo de nuevo en unos minutos.',
  productSetNotFound: 'El conjunto de productos ya no existe en el catálogo de Meta. Elige otro.',
  setupInvalid:
    'La página de Facebook, la cuenta de Instagram o el píxel conectados ya no se pueden usar con esta cuenta publicitaria. Revísalos en Integraciones.',
  cantEdit: 'Meta ya no permite editar esta campaña: solo se editan las activas o pausadas.',
};

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
  if (/geo_locations|location/i.test(text)) return onField('targeting_refused', 'locations', metaRefusalMessages.unknownLocation);
  if (/flexible_spec|interest/i.test(text)) return onField('targeting_refused', 'interests', metaRefusalMessages.unknownInterest);
  if (/age_(min|max)/i.test(text)) return onField('targeting_refused', 'ageMin', metaRefusalMessages.ageRange);
  if (/custom.?audience/i.test(text)) return onField('targeting_refused', 'segmentId', metaRefusalMessages.audienceMissing);
  return { status: 422, code: 'targeting_refused', message: metaRefusalMessages.targeting };
}

/** The creative text Meta's refusal names, as our field. */
const textField = (text: string) => (/\bdescription\b/i.test(text) ? 'description' : /\b(name|title)\b/i.test(text) ? 'title' : 'mainText');

const setupInvalid: Placed = { status: 422, code: 'meta_setup_invalid', message: metaRefusalMessages.setupInvalid };
const mediaNotFound = onField('media_not_found', 'media', campaignRuleMessages.mediaNotFound);

/** The refusals whose subcode alone says what to fix (targeting and text lengths also read Meta's text). */
const BY_SUBCODE = new Map<number, Placed>([
  [AD_SUBCODES.budgetTooLow, onField('budget_below_minimum', 'dailyBudget', metaRefusalMessages.budgetTooLow)],
  [AD_SUBCODES.tooManyInterests, onField('too_many_interests', 'interests', metaRefusalMessages.tooManyInterests)],
  [AD_SUBCODES.audienceNotReady, onField('audience_not_ready', 'segmentId', metaRefusalMessages.audienceNotReady)],
  [AD_SUBCODES.audienceTooSmall, onField('audience_too_small', 'segmentId', metaRefusalMessages.audienceTooSmall)],
  [AD_SUBCODES.startTooEarly, onField('start_in_past', 'startAt', campaignRuleMessages.startInPast)],
  [AD_SUBCODES.endBeforeStart, onField('end_before_start', 'endAt', campaignRuleMessages.endBeforeStart)],
  [
    AD_SUBCODES.imageTooSmall,
    onField('media_too_small', 'media', metaRefusalMessages.imageTooSmall(META_IMAGE_MIN.width, META_IMAGE_MIN.height)),
  ],
  [AD_SUBCODES.notAnImage, onField('media_bad_format', 'media', metaRefusalMessages.notAnImage)],
  [AD_SUBCODES.carouselCards, onField('carousel_refused', 'media', metaRefusalMessages.carouselCards)],
  [AD_SUBCODES.imageNotFound, mediaNotFound],
  [AD_SUBCODES.videoNotFound, mediaNotFound],
  [AD_SUBCODES.videoNotReady, onField('video_processing', 'media', metaRefusalMessages.videoNotReady)],
  [AD_SUBCODES.invalidUrl, onField('invalid_url', 'url', metaRefusalMessages.invalidUrl)],
  [AD_SUBCODES.productSetNotFound, onField('product_set_not_found', 'productSetId', metaRefusalMessages.productSetNotFound)],
  [AD_SUBCODES.invalidPage, setupInvalid],
  [AD_SUBCODES.invalidInstagramAccount, setupInvalid],
  [AD_SUBCODES.invalidPixel, setupInvalid],
  [AD_SUBCODES.cantEdit, { status: 409, code: 'campaign_not_editable', message: metaRefusalMessages.cantEdit }],
]);

function placed(error: MetaError): Placed | null {
  if (error.code !== 100 || error.subcode === null) return null;
  const text = `${error.graph?.message ?? ''} ${error.userMessage}`;
  if (error.subcode === AD_SUBCODES.invalidTargeting) return targetingRefusal(text);
  if (error.subcode === AD_SUBCODES.textTooLong) return onField('text_too_long', textField(text), metaRefusalMessages.textTooLong);
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
