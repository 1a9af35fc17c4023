import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessagePreview } from '../../src/web/ui/message-preview';

const meta = {
  title: 'UI/Messaging/MessagePreview',
  component: MessagePreview,
  tags: ['autodocs'],
  args: {
    header: { type: 'text', text: '¡Te extrañamos!' },
    body: 'Hola {{1}}, hace tiempo que no pasas por {{2}}. Usa el código {{3}} y obtén 10 % de descuento en tu próxima compra.',
    variables: { '1': 'Camila', '2': 'Café del Sur', '3': 'VUELVE10' },
    footer: 'Responde SALIR para no recibir más mensajes.',
    buttons: [
      { type: 'url', text: 'Ir a la tienda' },
      { type: 'quickReply', text: 'No, gracias' },
    ],
  },
} satisfies Meta<typeof MessagePreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TextHeader: Story = {};
export const ImageHeader: Story = { args: { header: { type: 'image' } } };
export const VideoHeader: Story = { args: { header: { type: 'video' } } };
export const DocumentHeader: Story = { args: { header: { type: 'document', fileName: 'catalogo-otono.pdf' } } };
export const NoHeader: Story = { args: { header: undefined, footer: undefined, buttons: [] } };
/** Variables without a value yet show their placeholder, highlighted. */
export const MissingVariables: Story = { args: { variables: { '1': 'Camila' } } };
export const ThreeButtons: Story = {
  args: {
    buttons: [
      { type: 'url', text: 'Ir a la tienda' },
      { type: 'phone', text: 'Llamar' },
      { type: 'quickReply', text: 'No, gracias' },
    ],
  },
};
/** More than three buttons display as a list (SPEC §9). */
export const ButtonsAsList: Story = {
  args: {
    buttons: [
      { type: 'url', text: 'Ir a la tienda' },
      { type: 'phone', text: 'Llamar' },
      { type: 'quickReply', text: 'Ver ofertas' },
      { type: 'quickReply', text: 'No, gracias' },
    ],
  },
};
