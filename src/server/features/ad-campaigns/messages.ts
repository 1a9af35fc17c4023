import { AD_CAMPAIGN_ERRORS, type AdCampaignErrorKey } from '../../../shared/ad-campaigns.ts';
import { AD_CAMPAIGN_LIMITS, MEDIA_LIMITS } from '../../../shared/constants.ts';
import { CALENDAR_YEARS } from '../../../shared/date-rules.ts';
import { formatClp } from '../../../shared/format/number.ts';

/*
 * Every Spanish sentence the ad campaigns' server answers with, in one place: the shared rules' keys
 * (src/shared/ad-campaigns.ts) in the server's words, what only the server can judge, the files' checks,
 * Meta's refusals told to the merchant, and the failures of publishing. The wizard words the same keys
 * from its own text group.
 */

const E = AD_CAMPAIGN_ERRORS;
const L = AD_CAMPAIGN_LIMITS;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const count = (value: number) => value.toLocaleString('es-CL');

/** The keys whose words need the ad account's or the segment's figures (functions below). */
type WordedWithFigures = typeof E.budgetBelowMinimum | typeof E.audienceTooSmall;

/** As the contract's `CalendarDateTime` words it, which refuses such an instant first. */
const CALENDAR_DATE_TIME = `Usa una fecha y hora válidas entre los años ${CALENDAR_YEARS.first} y ${CALENDAR_YEARS.last}.`;

export const adCampaignMessages = {
  /** The shared rules' message keys in the server's words. */
  rules: {
    [E.required]: 'Este campo es obligatorio.',
    [E.nameOnlySpaces]: 'El nombre no puede tener solo espacios.',
    [E.nameTooLong]: `El nombre puede tener hasta ${L.nameMaxLength} caracteres.`,
    [E.controlCharacters]: 'No puede contener caracteres de control.',
    [E.dateRequired]: CALENDAR_DATE_TIME,
    [E.dateOutOfRange]: CALENDAR_DATE_TIME,
    [E.hourRequired]: 'Elige una hora.',
    [E.startInPast]: 'La fecha de inicio no puede ser anterior a este momento.',
    [E.endBeforeStart]: 'La fecha de término debe ser posterior a la de inicio.',
    [E.budgetRequired]: 'Ingresa el presupuesto diario.',
    [E.budgetTooLarge]: 'El presupuesto diario es demasiado alto.',
    [E.wholeNumber]: 'Debe ser un número entero.',
    [E.segmentRequired]: 'Elige un segmento.',
    [E.tooManyLocations]: `Puedes elegir hasta ${L.locationsMax} ubicaciones.`,
    [E.ageRequired]: 'Ingresa la edad.',
    [E.ageBelowMinimum]: `La edad mínima es ${L.ageMin} años.`,
    [E.ageAboveMaximum]: `La edad máxima es ${L.ageMax} años.`,
    [E.ageMaxBelowMin]: 'La edad máxima no puede ser menor que la mínima.',
    [E.tooManyInterests]: `Puedes elegir hasta ${L.interestsMax} intereses.`,
    [E.mediaRequired]: 'Sube al menos un archivo.',
    [E.carouselTooShort]: `Un carrusel necesita al menos ${L.carouselMin} archivos.`,
    [E.tooManyFiles]: `Puedes subir hasta ${L.mediaMax} archivos.`,
    [E.mainTextTooLong]: `El texto principal puede tener hasta ${L.mainTextMaxLength} caracteres.`,
    [E.titleTooLong]: `El título puede tener hasta ${L.titleMaxLength} caracteres.`,
    [E.descriptionTooLong]: `La descripción puede tener hasta ${L.descriptionMaxLength} caracteres.`,
    [E.urlInvalid]: 'Ingresa una URL válida, que empiece con https:// o http://.',
    [E.urlTooLong]: `La URL puede tener hasta ${L.urlMaxLength} caracteres.`,
    [E.catalogRequired]: 'Elige un catálogo de productos.',
    [E.productSetRequired]: 'Elige un conjunto de productos del catálogo.',
    [E.notAnOption]: 'Elige una opción de la lista.',
  } satisfies Record<Exclude<AdCampaignErrorKey, WordedWithFigures>, string>,
  budgetBelowMinimum: (minimum: number, currency: string) =>
    `El presupuesto diario debe ser de al menos ${currency === 'CLP' ? formatClp(minimum) : count(minimum)} ${currency}.`,
  audienceTooSmall: (reachable: number) =>
    `El segmento tiene ${count(reachable)} clientes con consentimiento y datos de contacto; Meta necesita al menos ${count(L.audienceMin)} para mostrar anuncios.`,

  /** What only the server knows: the store's segments and files, and what Meta fixes once a campaign exists. */
  segmentNotFound: 'El segmento no existe. Elige otro.',
  mediaNotFound: 'No encontramos este archivo en tu cuenta publicitaria. Súbelo de nuevo.',
  thumbnailRequired: 'Elige una imagen como miniatura del video.',
  thumbnailNotImage: 'La miniatura debe ser una imagen.',
  productSetFixed: 'El conjunto de productos no se puede cambiar una vez creada la campaña.',
  typeFixed: 'El tipo de campaña no se puede cambiar.',

  /** A campaign's state. */
  notEditable: {
    finished: 'Esta campaña ya terminó y no se puede editar.',
    segmentDeleted: 'El segmento de esta campaña fue eliminado, así que la campaña no se puede editar.',
  },
  finished: 'Esta campaña ya terminó y no se puede activar.',
  deleteFailed: 'Ocurrió un error al eliminar la campaña.',

  /** An ad's file, checked from its own bytes (SPEC §5). */
  media: {
    badFormat: 'El formato del archivo no es válido. Usa PNG, JPG, JPEG, MP4 o MOV.',
    imageTooLarge: `La imagen pesa más de ${megabytes(MEDIA_LIMITS.imageMaxBytes)} MB.`,
    videoTooLarge: `El video pesa más de ${megabytes(MEDIA_LIMITS.videoMaxBytes)} MB.`,
    imageTooSmall: `La imagen debe medir al menos ${MEDIA_LIMITS.imageMinWidth}×${MEDIA_LIMITS.imageMinHeight} px.`,
    videoTooSmall: `El video debe medir al menos ${MEDIA_LIMITS.videoMinWidth}×${MEDIA_LIMITS.videoMinHeight} px.`,
    videoTooLong: `El video dura más de ${MEDIA_LIMITS.videoMaxSeconds} segundos.`,
    damaged: 'El archivo está dañado o incompleto. Vuelve a exportarlo y súbelo de nuevo.',
    refusedByMeta: 'Meta no aceptó el archivo. Prueba con otro o vuelve a exportarlo.',
  },

  /** Meta's refusals of what the merchant sent or set up (meta-refusals.ts). */
  meta: {
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
  },

  /** A save or a budget change Meta failed (SPEC §8): the lead, the part, and where to look. */
  publication: {
    create: 'No pudimos crear la campaña en Meta',
    update: 'No pudimos guardar los cambios en Meta',
    budget: 'No pudimos cambiar el presupuesto diario en Meta',
    videoFailed: 'Meta no pudo procesar el video. Súbelo de nuevo.',
    check: 'Revisa el administrador de anuncios y la configuración de tu cuenta.',
    parts: {
      campaign: 'los datos de la campaña',
      adSet: 'el conjunto de anuncios',
      ad: 'el anuncio',
    },
  },
};
