import { WHATSAPP_CAMPAIGN_ERRORS, WHATSAPP_CAMPAIGN_LIMITS, type WhatsappCampaignErrorKey } from '../../../shared/whatsapp-campaigns.ts';
import {
  WHATSAPP_TEMPLATE_ERRORS,
  WHATSAPP_TEMPLATE_LIMITS,
  WHATSAPP_TEMPLATE_MEDIA,
  type WhatsappTemplateErrorKey,
} from '../../../shared/whatsapp-templates.ts';

/*
 * Every Spanish sentence the WhatsApp feature's server answers with: the shared template rules' keys
 * (src/shared/whatsapp-templates.ts) in the server's words, what only the server judges (the header's
 * file, the template's state), and Meta's refusals told to the merchant with Meta's own words appended
 * (SPEC §8: a creation error carries the server's message). The form words the same keys itself.
 */

const E = WHATSAPP_TEMPLATE_ERRORS;
const L = WHATSAPP_TEMPLATE_LIMITS;
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

const dateTime = (at: Date) =>
  at.toLocaleString('es-CL', { timeZone: 'America/Santiago', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export const whatsappMessages = {
  /** The shared rules' message keys in the server's words. */
  rules: {
    [E.required]: 'Este campo es obligatorio.',
    [E.nameRequired]: 'Este campo es obligatorio.',
    [E.nameInvalid]: 'Usa solo letras minúsculas sin tildes, números y guiones bajos (_).',
    [E.nameTooLong]: `El nombre puede tener hasta ${L.nameMaxLength} caracteres.`,
    [E.descriptionTooLong]: `La descripción puede tener hasta ${L.descriptionMaxLength} caracteres.`,
    [E.controlCharacters]: 'No puede contener caracteres de control.',
    [E.categoryRequired]: 'Elige una categoría.',
    [E.headerTextRequired]: 'Escribe el texto del encabezado.',
    [E.headerTextTooLong]: `El encabezado puede tener hasta ${L.headerTextMaxLength} caracteres.`,
    [E.headerTooManyVariables]: `El encabezado puede tener hasta ${L.headerVariablesMax} variable.`,
    [E.headerFileRequired]: 'Sube el archivo del encabezado.',
    [E.bodyRequired]: 'Escribe el contenido del mensaje.',
    [E.bodyTooLong]: `El contenido puede tener hasta ${L.bodyMaxLength} caracteres.`,
    [E.footerTooLong]: `El pie de página puede tener hasta ${L.footerMaxLength} caracteres.`,
    [E.tooManyVariables]: 'El mensaje tiene demasiadas variables para su largo. Agrega más texto o quita variables.',
    [E.variableAtEdge]: 'El mensaje no puede empezar ni terminar con una variable.',
    [E.variablesTogether]: 'Separa las variables con texto: no pueden ir una junto a otra.',
    [E.variableRepeated]: 'Cada variable puede aparecer una sola vez en el mensaje.',
    [E.variableUnknown]: 'El mensaje usa una variable que no existe. Insértala desde el menú de variables.',
    [E.variableUnused]: 'Esta variable no aparece en el mensaje.',
    [E.exampleRequired]: 'Escribe un ejemplo para esta variable.',
    [E.exampleTooLong]: `El ejemplo puede tener hasta ${L.exampleMaxLength} caracteres.`,
    [E.tooManyButtons]: `Puedes agregar hasta ${L.buttonsMax} botones.`,
    [E.buttonTypeLimit]: 'Alcanzaste el máximo de botones de este tipo.',
    [E.buttonTextRequired]: 'Escribe el texto del botón.',
    [E.buttonTextTooLong]: `El texto del botón puede tener hasta ${L.buttonTextMaxLength} caracteres.`,
    [E.urlRequired]: 'Ingresa la URL del botón.',
    [E.urlInvalid]: 'Ingresa una URL válida, que empiece con https:// o http://.',
    [E.urlTooLong]: `La URL puede tener hasta ${L.urlMaxLength} caracteres.`,
    [E.urlExampleRequired]: 'Escribe un ejemplo de la parte variable de la URL.',
    [E.countryCodeInvalid]: 'Usa el código de país, solo números (56 para Chile).',
    [E.phoneInvalid]: 'El número de teléfono no es válido.',
  } satisfies Record<WhatsappTemplateErrorKey, string>,

  /** What only the server knows. */
  nameTaken: 'Ya existe una plantilla con ese nombre.',
  nameFixed: 'El nombre de una plantilla no se puede cambiar. Crea una nueva con el otro nombre.',
  categoryFixed: 'La categoría de una plantilla aprobada no se puede cambiar.',
  mediaNotFound: 'No encontramos este archivo. Súbelo de nuevo.',
  mediaWrongKind: 'El archivo no corresponde al tipo de encabezado elegido.',
  storeRequired: 'Conecta tu tienda en Integraciones: los botones de carrito y de volver a comprar llevan a ella.',

  /** A template's state (Meta's edit rules). */
  notEditable: {
    inReview: 'Meta está revisando esta plantilla; podrás editarla cuando termine la revisión.',
    disabled: 'Meta desactivó esta plantilla y ya no se puede editar. Crea una nueva.',
    editedToday: (at: Date) => `Meta permite editar una plantilla aprobada una vez al día. Podrás editarla desde el ${dateTime(at)}.`,
    monthlyLimit: (at: Date) => `Meta permite editar una plantilla aprobada 10 veces en 30 días. Podrás editarla desde el ${dateTime(at)}.`,
  },

  /** A header's file, checked from its own bytes. */
  media: {
    badFormat: 'El formato del archivo no es válido. Usa JPG o PNG para imágenes, MP4 o 3GP para videos y PDF para documentos.',
    tooLarge: {
      image: `La imagen puede pesar hasta ${megabytes(WHATSAPP_TEMPLATE_MEDIA.IMAGE.maxBytes)} MB.`,
      video: `El video puede pesar hasta ${megabytes(WHATSAPP_TEMPLATE_MEDIA.VIDEO.maxBytes)} MB.`,
      document: `El documento puede pesar hasta ${megabytes(WHATSAPP_TEMPLATE_MEDIA.DOCUMENT.maxBytes)} MB.`,
    },
    damaged: 'No pudimos leer el archivo: parece dañado. Prueba con otro.',
  },

  /** Meta's refusals (SPEC §8), each followed by Meta's own words when it gave any. */
  meta: {
    tooManyVariables: 'Meta rechazó la plantilla: tiene demasiadas variables para el largo del mensaje.',
    nameTaken:
      'Meta rechazó la plantilla: ya existe una plantilla con ese nombre en tu cuenta de WhatsApp (o se eliminó hace menos de 30 días).',
    invalidPhoneNumber: 'Meta rechazó la plantilla: el número de teléfono del botón no es válido.',
    refused: 'Meta rechazó la plantilla.',
    notEditable: 'Meta no permite editar esta plantilla ahora.',
    withWords: (message: string, words: string | null) => (words ? `${message} Meta dice: «${words}»` : message),
  },
  deleteFailed: 'Ocurrió un error al eliminar la plantilla. Inténtalo de nuevo en unos minutos.',
};

const CE = WHATSAPP_CAMPAIGN_ERRORS;
const CL = WHATSAPP_CAMPAIGN_LIMITS;

/** Every Spanish sentence of the campaigns: the shared rules' keys (src/shared/whatsapp-campaigns.ts) and the server's own. */
export const campaignMessages = {
  rules: {
    [CE.required]: 'Este campo es obligatorio.',
    [CE.nameRequired]: 'Este campo es obligatorio.',
    [CE.nameTooLong]: `El nombre puede tener hasta ${CL.nameMaxLength} caracteres.`,
    [CE.controlCharacters]: 'No puede contener caracteres de control.',
    [CE.templateRequired]: 'Elige una plantilla.',
    [CE.templateNotApproved]: 'Solo puedes usar plantillas aprobadas por Meta.',
    [CE.templateNeedsCart]: 'Esta plantilla tiene un botón de carrito abandonado: úsala en una campaña automática de carrito abandonado.',
    [CE.segmentRequired]: 'Elige un segmento.',
    [CE.eventRequired]: 'Elige el evento que envía la campaña.',
    [CE.dateRequired]: 'Elige la fecha de envío.',
    [CE.timeRequired]: 'Elige la hora de envío.',
    [CE.sendInPast]: 'La fecha y hora de envío ya pasaron. Elige una futura.',
    [CE.delayInvalid]: 'Escribe un número entero mayor que cero.',
    [CE.delayTooLong]: 'La espera puede ser de hasta 30 días.',
    [CE.windowInvalid]: 'La hora de término debe ser posterior a la de inicio.',
    [CE.variableTextRequired]: 'Escribe el texto de esta variable.',
    [CE.variableTextTooLong]: `El texto puede tener hasta ${CL.variableTextMaxLength} caracteres.`,
    [CE.variableNotNeeded]: 'Esta variable no lleva texto en esta campaña.',
    [CE.fileRequired]: 'Sube el archivo del encabezado.',
    [CE.fileFormat]: 'El archivo no corresponde al tipo de encabezado de la plantilla.',
  } satisfies Record<WhatsappCampaignErrorKey, string>,
  templateNotFound: 'No encontramos esta plantilla. Elige otra.',
  segmentNotFound: 'No encontramos este segmento. Elige otro.',
  mediaNotFound: 'No encontramos este archivo. Súbelo de nuevo.',
  /** The answer to a customer who asked to stop WhatsApp marketing (sent once, within their conversation). */
  optOutConfirmation:
    'Listo, no te enviaremos más mensajes promocionales por WhatsApp. Si cambias de opinión, puedes volver a suscribirte en tu próxima compra.',
};
