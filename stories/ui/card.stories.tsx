import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '../../src/web/ui/card';

const meta = {
  title: 'UI/Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Integración con tu tienda',
    description: 'Conecta tu tienda para importar productos, clientes y pedidos.',
    children: <p>El contenido de la tarjeta va aquí.</p>,
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const TitleOnly: Story = { args: { description: undefined } };
export const BodyOnly: Story = { args: { title: undefined, description: undefined } };
