import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  abandonedCartTemplate,
  disabledTemplate,
  editedTodayTemplate,
  pausedTemplate,
  pendingTemplate,
  rejectedTemplate,
  whatsappTemplateFixture,
} from '../../mocks/fixtures/whatsapp-templates';
import { TemplateDetailScreen, type TemplateDetailScreenProps } from '../../src/web/features/whatsapp/screens/template-detail-screen';

const loaded = (summary: Parameters<typeof whatsappTemplateFixture>[0]) => ({
  template: { status: 'success' as const, data: whatsappTemplateFixture(summary) },
});

const args: TemplateDetailScreenProps = {
  ...loaded(abandonedCartTemplate),
  onRetry: fn(),
  whatsappHref: '/whatsapp?tab=templates',
  editHref: '/whatsapp/templates/301?editar',
  deleteOpen: false,
  onDeleteOpenChange: fn(),
  deleting: false,
  onDeleteConfirm: fn(),
};

/** /whatsapp/templates/:id: the preview, header, content, buttons and status history (SPEC §2). */
const meta = {
  title: 'Screens/WhatsApp/TemplateDetail',
  component: TemplateDetailScreen,
  args,
} satisfies Meta<typeof TemplateDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An approved template with an image header, two variables, a checkout and a phone button. */
export const Approved: Story = {};
export const ApprovedOnPhone: Story = onPhone<Story>({});
/** A text header with its variable. */
export const TextHeaderEditedToday: Story = { args: loaded(editedTodayTemplate) };
export const VideoHeaderPending: Story = { args: loaded(pendingTemplate) };
export const DocumentHeaderPaused: Story = { args: loaded(pausedTemplate) };
export const DocumentHeaderPausedOnPhone: Story = onPhone<Story>({ args: loaded(pausedTemplate) });
/** Rejected: Meta's reason in Spanish, editable and sent again. */
export const Rejected: Story = { args: loaded(rejectedTemplate) };
export const Disabled: Story = { args: loaded(disabledTemplate) };
export const Loading: Story = {
  args: { template: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const LoadError: Story = { args: { template: { status: 'error', cause: 'server' } } };
export const DeleteConfirmation: Story = { args: { deleteOpen: true } };
