import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { SegmentedControl } from '../../src/web/ui/segmented-control';
import { userEvent } from '../support/user-event';

const OPTIONS = [
  { value: 'previousPeriod', label: 'Período anterior' },
  { value: 'samePeriodLastYear', label: 'Mismo período del año anterior' },
] as const;

type Comparison = (typeof OPTIONS)[number]['value'];

function Controlled({ initial }: { initial: Comparison }) {
  const [value, setValue] = useState<Comparison>(initial);
  return <SegmentedControl label="Comparar con" options={OPTIONS} value={value} onValueChange={setValue} />;
}

const meta = {
  title: 'UI/Forms/SegmentedControl',
  component: Controlled,
  args: { initial: 'previousPeriod' },
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstChosen: Story = {};
export const SecondChosen: Story = { args: { initial: 'samePeriodLastYear' } };
/** A click chooses; the chosen button says so to assistive technology. */
export const Chooses: Story = {
  play: async ({ canvasElement }) => {
    const group = within(within(canvasElement).getByRole('group', { name: 'Comparar con' }));
    await userEvent.click(group.getByRole('button', { name: 'Mismo período del año anterior' }));
    await expect(group.getByRole('button', { name: 'Mismo período del año anterior' })).toHaveAttribute('aria-pressed', 'true');
    await expect(group.getByRole('button', { name: 'Período anterior' })).toHaveAttribute('aria-pressed', 'false');
  },
};
