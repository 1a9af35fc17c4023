import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppBanner } from '../../src/web/app/shell/app-banner';
import { BANNERS } from '../../src/web/app/shell/banners';
import { Banner } from '../../src/web/ui/banner';

const meta = {
  title: 'UI/Banners/Banner',
  component: AppBanner,
  tags: ['autodocs'],
  args: { banner: { ...BANNERS.trialEnding, days: 3 } },
} satisfies Meta<typeof AppBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TrialEnding: Story = {};
export const TrialEndsToday: Story = { args: { banner: { ...BANNERS.trialEnding, days: 0 } } };
export const PastDue: Story = { args: { banner: BANNERS.pastDue } };
export const Canceled: Story = { args: { banner: BANNERS.canceled } };
export const IntegrationRequired: Story = { args: { banner: BANNERS.integrationRequired } };
export const SubscriptionRequired: Story = { args: { banner: BANNERS.subscriptionRequired } };
export const SocialAdsTokenExpired: Story = { args: { banner: BANNERS.socialAdsTokenExpired } };
export const MessagingIntegrationMissing: Story = { args: { banner: BANNERS.messagingIntegrationMissing } };

/** A page's own news, closed by the merchant once read. */
export const SuccessDismissible: StoryObj<typeof Banner> = {
  render: () => <Banner tone="success" message="Tu suscripción está activa." onDismiss={fn()} />,
};
