import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PasswordInput } from '../../src/web/ui/field';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'UI/Forms/PasswordInput',
  component: PasswordInput,
  tags: ['autodocs'],
  args: { label: 'Contraseña', name: 'password', autoComplete: 'current-password' },
} satisfies Meta<typeof PasswordInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'secreta123' } };
export const Invalid: Story = { args: { error: 'Ingresa tu contraseña.' } };
export const Revealed: Story = {
  args: { defaultValue: 'secreta123' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(canvas.getByLabelText('Contraseña')).toHaveAttribute('type', 'text');
  },
};
