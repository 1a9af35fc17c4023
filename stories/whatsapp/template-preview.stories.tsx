import type { Meta, StoryObj } from '@storybook/react-vite';
import { onPhone } from '../../.storybook/visual-parameters';
import { HEADER_IMAGE_URL } from '../../mocks/fixtures/whatsapp-templates';
import { TemplatePreview } from '../../src/web/features/whatsapp/screens/template-preview';

const content = {
  header: { format: 'IMAGE' as const, text: null, url: HEADER_IMAGE_URL },
  body: 'Hola {{client_first_name}}, volvió {{product_name}} a nuestra tienda. Te guardamos uno hasta el domingo.',
  footer: 'Café Austral',
  variables: [
    { name: 'client_first_name', type: 'CLIENT_FIRST_NAME' as const, example: 'Camila' },
    { name: 'product_name', type: 'PRODUCT_NAME' as const, example: 'Café de grano 1 kg' },
  ],
  buttons: [
    { type: 'URL' as const, text: 'Ver el producto' },
    { type: 'CHECKOUT_URL' as const, text: 'Terminar mi compra' },
    { type: 'PHONE_NUMBER' as const, text: 'Llamar a la tienda' },
  ],
};

/** The live WhatsApp preview of the template form and detail: variables filled with their examples. */
const meta = {
  title: 'Screens/WhatsApp/TemplatePreview',
  component: TemplatePreview,
  args: { content },
} satisfies Meta<typeof TemplatePreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Up to three buttons show under the message. */
export const ThreeButtons: Story = {};
export const ThreeButtonsOnPhone: Story = onPhone<Story>({});
/**
 * More than three buttons show behind "Ver todas las opciones", as WhatsApp does (SPEC §9). Meta's limits on the five
 * button types keep the form at three; a template with more (quick replies made in WhatsApp Manager) shows so.
 */
export const MoreThanThreeButtonsAsList: Story = {
  args: { content: { ...content, buttons: [...content.buttons, { type: 'WHATSAPP_NUMBER' as const, text: 'Escríbenos' }] } },
};
export const MoreThanThreeButtonsAsListOnPhone: Story = onPhone<Story>({
  args: { content: { ...content, buttons: [...content.buttons, { type: 'WHATSAPP_NUMBER' as const, text: 'Escríbenos' }] } },
});
