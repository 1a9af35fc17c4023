import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { Tabs } from '../../src/web/ui/tabs';
import { userEvent } from '../support/user-event';

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

/** More tabs than a phone's width: they go on to a second line, none cut off; arrows still move between them. */
export const ManyTabsOnPhone: Story = onPhone<Story>({
  args: {
    id: 'campaign-status-tabs',
    label: 'Estado',
    items: [
      { value: 'all', label: 'Todas', content: 'Todas las campañas.' },
      { value: 'active', label: 'Activas', content: 'Campañas activas.' },
      { value: 'finished', label: 'Finalizadas', content: 'Campañas finalizadas.' },
      { value: 'deactivated', label: 'Desactivadas', content: 'Campañas desactivadas.' },
      { value: 'scheduled', label: 'Programadas', content: 'Campañas programadas.' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const tab of canvas.getAllByRole('tab')) {
      const box = tab.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
    await userEvent.click(canvas.getByRole('tab', { name: 'Desactivadas' }));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Programadas' })).toHaveFocus());
  },
});
