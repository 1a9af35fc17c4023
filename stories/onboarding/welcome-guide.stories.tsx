import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { StoreFormScreen } from '../../src/web/features/integrations/screens/store-form-screen';
import { WelcomeGuideScreen } from '../../src/web/features/onboarding/screens/welcome-guide-screen';

const meta = {
  title: 'Screens/Onboarding/WelcomeGuide',
  component: WelcomeGuideScreen,
  args: { step: 0, storeForm: <StoreFormScreen mode="create" install={{ onInstall: fn() }} onSubmit={fn()} />, accountHref: '/account' },
} satisfies Meta<typeof WelcomeGuideScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Step1: Story = {};

export const Step2: Story = { args: { step: 1 } };

/** Step1, at a phone's width. */
export const Step1OnPhone: Story = onPhone(Step1);

/** Step2, at a phone's width. */
export const Step2OnPhone: Story = onPhone(Step2);
