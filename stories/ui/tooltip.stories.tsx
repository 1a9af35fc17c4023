import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { css } from 'styled-system/css';
import { Button } from '../../src/web/ui/button';
import { TOOLTIP_OPEN_DELAY_MS, Tooltip } from '../../src/web/ui/tooltip';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'UI/Overlays/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  args: {
    id: 'roas-help',
    content: 'Ingresos por cada peso invertido en anuncios',
    children: <Button variant="outline">ROAS</Button>,
  },
  decorators: [
    (Story) => (
      <div className={css({ p: '16' })}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
/** Opens only after the pointer rests on the trigger for SPEC §9's delay. */
export const OpensAfterDelay: Story = {
  play: async ({ canvasElement }) => {
    const started = performance.now();
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'ROAS' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toBeVisible());
    await expect(performance.now() - started).toBeGreaterThanOrEqual(TOOLTIP_OPEN_DELAY_MS);
  },
};
