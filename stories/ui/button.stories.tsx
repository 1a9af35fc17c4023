import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button, IconButton } from '../../src/web/ui/button';
import { Icon as Glyph } from '../../src/web/ui/icons';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'UI/Actions/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Guardar cambios' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'outline', children: 'Cancelar' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Ver detalle' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Eliminar segmento' } };
export const Small: Story = { args: { size: 'sm', children: 'Reintentar' } };
export const Disabled: Story = { args: { disabled: true } };
export const FullWidth: Story = { args: { fullWidth: true, children: 'Ingresar' } };
export const Loading: Story = {
  args: { loading: true, children: 'Guardando…' },
  // The button is busy on purpose: wait for it rather than for the page to go idle.
  parameters: { visual: { waitFor: 'button[data-loading]' } },
};
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};
export const Icon: Story = {
  render: () => (
    <IconButton aria-label="Cerrar">
      <Glyph name="close" />
    </IconButton>
  ),
};
