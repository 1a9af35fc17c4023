import { AD_SUBCODES, MetaError } from '../../integrations/meta/errors.ts';
import { HttpError } from '../../platform/errors.ts';
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

/** The targeting parameter Meta's text names, as the field of our campaign it comes from. */
function targetingRefusal(text: string): Placed {
  if (/geo_locations|location/i.test(text))
    return { status: 422, code: 'targeting_refused', field: 'locations', message: metaRefusalMessages.unknownLocation };
  if (/flexible_spec|interest/i.test(text))
    return { status: 422, code: 'targeting_refused', field: 'interests', message: metaRefusalMessages.unknownInterest };
  if (/age_(min|max)/i.test(text))
    return { status: 422, code: 'targeting_refused', field: 'ageMin', message: metaRefusalMessages.ageRange };
  if (/custom.?audience/i.test(text))
    return { status: 422, code: 'targeting_refused', field: 'segmentId', message: metaRefusalMessages.audienceMissing };
  return { status: 422, code: 'targeting_refused', message: metaRefusalMessages.targeting };
}

/** The creative text Meta's refusal names, as our field. */
const textField = (text: string) => (/\bdescription\b/i.test(text) ? 'description' : /\b(name|title)\b/i.test(text) ? 'title' : 'mainText');

function placed(error: MetaError): Placed | null {
  if (error.code !== 100) return null;
  const text = `${error.graph?.message ?? ''} ${error.userMessage}`;
  switch (error.subcode) {
    case AD_SUBCODES.budgetTooLow:
      return { status: 422, code: 'budget_below_minimum', field: 'dailyBudget', message: metaRefusalMessages.budgetTooLow };
    case AD_SUBCODES.invalidTargeting:
      return targetingRefusal(text);
    case AD_SUBCODES.tooManyInterests:
      return { status: 422, code: 'too_many_interests', field: 'interests', message: metaRefusalMessages.tooManyInterests };
    case AD_SUBCODES.audienceNotReady:
      return { status: 422, code: 'audience_not_ready', field: 'segmentId', message: metaRefusalMessages.audienceNotReady };
    case AD_SUBCODES.audienceTooSmall:
      return { status: 422, code: 'audience_too_small', field: 'segmentId', message: metaRefusalMessages.audienceTooSmall };
    case AD_SUBCODES.startTooEarly:
      return { status: 422, code: 'start_in_past', field: 'startAt', message: campaignRuleMessages.startInPast };
    case AD_SUBCODES.endBeforeStart:
      return { status: 422, code: 'end_before_start', field: 'endAt', message: campaignRuleMessages.endBeforeStart };
    case AD_SUBCODES.imageTooSmall:
      return {
        status: 422,
        code: 'media_too_small',
        field: 'media',
        message: metaRefusalMessages.imageTooSmall(META_IMAGE_MIN.width, META_IMAGE_MIN.height),
      };
    case AD_SUBCODES.notAnImage:
      return { status: 422, code: 'media_bad_format', field: 'media', message: metaRefusalMessages.notAnImage };
    case AD_SUBCODES.carouselCards:
      return { status: 422, code: 'carousel_refused', field: 'media', message: metaRefusalMessages.carouselCards };
    case AD_SUBCODES.imageNotFound:
    case AD_SUBCODES.videoNotFound:
      return { status: 422, code: 'media_not_found', field: 'media', message: campaignRuleMessages.mediaNotFound };
    case AD_SUBCODES.videoNotReady:
      return { status: 422, code: 'video_processing', field: 'media', message: metaRefusalMessages.videoNotReady };
    case AD_SUBCODES.textTooLong:
      return { status: 422, code: 'text_too_long', field: textField(text), message: metaRefusalMessages.textTooLong };
    case AD_SUBCODES.invalidUrl:
      return { status: 422, code: 'invalid_url', field: 'url', message: metaRefusalMessages.invalidUrl };
    case AD_SUBCODES.productSetNotFound:
      return { status: 422, code: 'product_set_not_found', field: 'productSetId', message: metaRefusalMessages.productSetNotFound };
    case AD_SUBCODES.invalidPage:
    case AD_SUBCODES.invalidInstagramAccount:
    case AD_SUBCODES.invalidPixel:
      return { status: 422, code: 'meta_setup_invalid', message: metaRefusalMessages.setupInvalid };
    case AD_SUBCODES.cantEdit:
      return { status: 409, code: 'campaign_not_editable', message: metaRefusalMessages.cantEdit };
    default:
      return null;
  }
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
