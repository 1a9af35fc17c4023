import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs } from '../../src/web/ui/tabs';

const items = [
  { value: 'default', label: 'Predeterminados', content: 'Segmentos que Recompra calcula por ti.' },
  { value: 'custom', label: 'Personalizados', content: 'Segmentos creados por tu equipo.' },
];

const meta = {
  title: 'UI/Navigation/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { id: 'segment-tabs', label: 'Tipos de segmento', items },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstSelected: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'custom' } };
export const WithDisabledTab: Story = {
  args: {
    label: 'Detalle de métricas',
    items: [
      { value: 'products', label: 'Productos', content: 'Ventas por producto.' },
      { value: 'location', label: 'Ubicación del comprador', content: 'Ventas por región.' },
      { value: 'discounts', label: 'Descuentos', content: 'Ventas con descuento.', disabled: true },
    ],
  },
};
