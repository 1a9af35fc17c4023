/*
 * Every Spanish sentence the chat's server answers with: its refusals, and the list's preview of a message
 * that has no text of its own.
 */

export const chatMessages = {
  windowClosed:
    'Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo permite enviarle una plantilla aprobada. El mensaje no se envió.',
  conversationNotFound: 'No encontramos esa conversación.',
  sendFailed: 'WhatsApp no pudo enviar el mensaje. Inténtalo de nuevo en unos minutos.',
  messageNotFound: 'No encontramos ese mensaje en esta conversación.',
  reactionNotAllowed: 'Solo puedes reaccionar a los mensajes del cliente.',
  templateNotFound: 'La plantilla que elegiste ya no existe.',
  templateNotApproved:
    'Esta plantilla no está aprobada por WhatsApp en este momento (está en revisión, pausada o deshabilitada): elige otra.',
  optedOut:
    'Este cliente pidió no recibir mensajes de marketing: no puedes enviarle plantillas de marketing. Elige una plantilla de utilidad. El mensaje no se envió.',
  templateValueMissing: 'Escribe el valor de esta variable: los datos del cliente no lo tienen.',
  mediaNotFound: 'Este archivo no está disponible: aún se está descargando de WhatsApp o no se pudo guardar.',
  attachment: {
    invalidType:
      'WhatsApp no envía ese tipo de archivo. Adjunta una imagen JPG o PNG, un video MP4 o 3GP, un audio (AAC, AMR, MP3, M4A u OGG) o un documento (PDF, TXT, Word, Excel o PowerPoint).',
    tooLarge: {
      image: 'La imagen es demasiado grande: WhatsApp acepta imágenes de hasta 5 MB.',
      video: 'El video es demasiado grande: WhatsApp acepta videos de hasta 16 MB.',
      audio: 'El audio es demasiado grande: WhatsApp acepta audios de hasta 16 MB.',
      document: 'El documento es demasiado grande: WhatsApp acepta documentos de hasta 100 MB.',
    },
    empty: 'El archivo está vacío.',
    damaged: 'El archivo está dañado o incompleto: no se puede enviar.',
    uploadFailed: 'Ocurrió un error al subir el archivo a WhatsApp. No se envió nada; inténtalo de nuevo en unos minutos.',
  },
  /** What the list shows for a message without text, by its kind. */
  previews: {
    text: 'Mensaje',
    image: 'Imagen',
    video: 'Video',
    audio: 'Audio',
    document: 'Documento',
    sticker: 'Sticker',
    location: 'Ubicación',
    contacts: 'Contacto',
    button: 'Respuesta',
    interactive: 'Respuesta',
    template: 'Plantilla',
    unsupported: 'Mensaje no compatible con WhatsApp',
  },
} as const;
