import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/web/ui/button';

const meta = {
  title: 'UI/Actions/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Guardar cambios' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Solid: Story = {};
export const Outline: Story = { args: { variant: 'outline', children: 'Cancelar' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Ver detalle' } };
export const Small: Story = { args: { size: 'sm', children: 'Reintentar' } };
export const Disabled: Story = { args: { disabled: true } };
export const FullWidth: Story = { args: { fullWidth: true, children: 'Ingresar' } };
