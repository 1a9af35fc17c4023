import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { type FirstStep, FirstStepsGuide } from '../../src/web/app/first-steps/first-steps-guide';

const steps = (done: Partial<Record<FirstStep['key'], boolean>>): FirstStep[] => [
  { key: 'connectStore', done: done.connectStore ?? false, action: { href: '/integrations' } },
  { key: 'setInvestment', done: done.setInvestment ?? false, action: { onClick: fn() } },
  { key: 'inviteTeam', done: done.inviteTeam ?? false, action: { href: '/account?tab=store' } },
];

const meta = {
  title: 'Screens/Shell/FirstStepsGuide',
  component: FirstStepsGuide,
  args: { id: 'primeros-pasos', steps: steps({ connectStore: true }) },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FirstStepsGuide>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Right after the first import: the store is in, the investment and the team are left. */
export const StoreConnected: Story = {};

export const NothingDone: Story = { args: { steps: steps({}) } };

export const OneStepLeft: Story = { args: { steps: steps({ connectStore: true, setInvestment: true }) } };

/** Reached from the help menu once everything is done. */
export const AllDone: Story = { args: { steps: steps({ connectStore: true, setInvestment: true, inviteTeam: true }) } };

/** A role that cannot open the integrations: only its own steps. */
export const WithoutStoreStep: Story = { args: { steps: steps({}).slice(1) } };

export const StoreConnectedOnPhone: Story = onPhone(StoreConnected);
