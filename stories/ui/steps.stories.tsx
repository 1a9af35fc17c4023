import type { Meta, StoryObj } from '@storybook/react-vite';
import { Steps } from '../../src/web/ui/steps';

const twoSteps = [
  { value: 'general', title: 'Información general' },
  { value: 'message', title: 'Mensaje' },
];

const fiveSteps = [
  { value: 'type', title: 'Tipo' },
  { value: 'info', title: 'Información' },
  { value: 'audience', title: 'Audiencia' },
  { value: 'media', title: 'Contenido' },
  { value: 'tracking', title: 'Seguimiento' },
];

const meta = {
  title: 'UI/Navigation/Steps',
  component: Steps,
  tags: ['autodocs'],
  args: { id: 'wizard', items: twoSteps, step: 0 },
} satisfies Meta<typeof Steps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TwoStepsFirst: Story = {};
export const TwoStepsSecond: Story = { args: { step: 1 } };
export const FiveStepsFirst: Story = { args: { items: fiveSteps, step: 0 } };
export const FiveStepsThird: Story = { args: { items: fiveSteps, step: 2 } };
export const FiveStepsLast: Story = { args: { items: fiveSteps, step: 4 } };
/** Five names do not fit a phone: only the current step says its name there (the others keep it for screen readers). */
export const FiveStepsOnPhone: Story = {
  args: { items: fiveSteps, step: 2, phoneTitles: 'current' },
  parameters: { visual: { viewport: 'phone' } },
};
export const FiveStepsCurrentTitleOnDesktop: Story = { args: { items: fiveSteps, step: 2, phoneTitles: 'current' } };
