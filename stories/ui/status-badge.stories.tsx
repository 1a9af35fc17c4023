import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { Badge, STATUS_TONES, StatusBadge, type StatusKind } from '../../src/web/ui/badge';

function AllStatuses({ kind }: { kind: StatusKind }) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
      {Object.keys(STATUS_TONES[kind]).map((status) => (
        <StatusBadge key={status} {...({ kind, status } as Parameters<typeof StatusBadge>[0])} />
      ))}
    </div>
  );
}

const meta = {
  title: 'UI/Data/StatusBadge',
  component: AllStatuses,
  tags: ['autodocs'],
  args: { kind: 'adCampaign' },
} satisfies Meta<typeof AllStatuses>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Active, finished, paused (shown as "Desactivada") and scheduled. */
export const AdCampaign: Story = {};
export const Template: Story = { args: { kind: 'template' } };
export const MessagingCampaign: Story = { args: { kind: 'messagingCampaign' } };
export const Subscription: Story = { args: { kind: 'subscription' } };
export const Scraping: Story = { args: { kind: 'scraping' } };
/** The tones behind the statuses, for other labels. */
export const Tones: Story = {
  render: () => (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
      <Badge tone="neutral">Neutral</Badge>
      <Badge tone="info">Información</Badge>
      <Badge tone="success">Éxito</Badge>
      <Badge tone="warning">Atención</Badge>
      <Badge tone="danger">Error</Badge>
    </div>
  ),
};
