import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Link } from '../../src/web/ui/link';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'UI/Actions/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/integrations', children: 'Ir a integraciones' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Small: Story = { args: { size: 'sm', children: 'Ver tutorial' } };
export const Disabled: Story = { args: { href: undefined, 'aria-disabled': true, role: 'link', children: 'Ir a integraciones' } };
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link')).toHaveFocus();
  },
};
