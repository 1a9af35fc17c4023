import { fn } from 'storybook/test';
import { HEADER_IMAGE_URL } from '../../mocks/fixtures/whatsapp-templates';
import type { WhatsappTemplateMediaFormat } from '../../src/shared/whatsapp-templates';
import {
  EMPTY_TEMPLATE_FORM,
  emptyButton,
  type HeaderFile,
  type TemplateFormValues,
} from '../../src/web/features/whatsapp/forms/template-form';
import type { TemplateFormScreenProps } from '../../src/web/features/whatsapp/screens/template-form-screen';

/* What the template form's screen stories share: the callbacks, a filled template, and header files in each state. */

export const baseArgs: TemplateFormScreenProps = {
  mode: 'create',
  whatsappHref: '/whatsapp?tab=templates',
  integrationsHref: '/integrations',
  onUploadHeaderFile: fn(async () => ({ mediaId: 950, url: HEADER_IMAGE_URL })),
  onButtonLimit: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

export const filled: TemplateFormValues = {
  name: 'carrito_abandonado',
  description: 'Recordatorio 24 horas después de abandonar el carro.',
  category: 'MARKETING',
  header: {
    format: 'IMAGE',
    text: '',
    file: { name: 'cafe-otono.jpg', size: 482_113, upload: { state: 'uploaded', mediaId: 901 }, url: HEADER_IMAGE_URL },
  },
  body: 'Hola {{client_first_name}}, dejaste {{product_name}} en tu carro. Te lo guardamos hasta mañana: termina tu compra con despacho gratis.',
  footer: 'Café Austral',
  variables: [
    { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
    { name: 'product_name', type: 'PRODUCT_NAME', example: 'Café de grano 1 kg' },
  ],
  buttons: [
    { ...emptyButton('CHECKOUT_URL'), text: 'Terminar mi compra' },
    { ...emptyButton('PHONE_NUMBER'), text: 'Llamar a la tienda', phoneNumber: '223456789' },
  ],
};

const FILES: Record<WhatsappTemplateMediaFormat, { name: string; size: number; refused: string }> = {
  IMAGE: { name: 'cafe-otono.jpg', size: 482_113, refused: 'El archivo pesa más de 5 MB.' },
  VIDEO: { name: 'cyberday.mp4', size: 9_410_222, refused: 'Formato no permitido. Usa MP4, 3GP.' },
  DOCUMENT: { name: 'catalogo-otono.pdf', size: 2_104_000, refused: 'El archivo no es un PDF válido: está incompleto o dañado.' },
};

/** The form on its message step with a header of `format` whose file is in `state`. */
export function withHeaderFile(
  format: WhatsappTemplateMediaFormat,
  state: HeaderFile['upload']['state'],
): Partial<TemplateFormScreenProps> {
  const { name, size, refused } = FILES[format];
  const upload: HeaderFile['upload'] =
    state === 'uploaded' ? { state, mediaId: 901 } : state === 'failed' ? { state, message: refused } : { state };
  return {
    defaultStep: 1,
    defaultValues: {
      ...filled,
      header: { format, text: '', file: { name, size, upload, url: format === 'IMAGE' ? HEADER_IMAGE_URL : undefined } },
    },
  };
}

export const atMessage = (values: Partial<TemplateFormValues> = {}): Partial<TemplateFormScreenProps> => ({
  defaultStep: 1,
  defaultValues: { ...filled, ...values },
});

export { EMPTY_TEMPLATE_FORM };
