import type { Meta, StoryObj } from '@storybook/react-vite';
import { onPhone } from '../../.storybook/visual-parameters';
import { LegalDocumentScreen } from '../../src/web/features/legal/screens/legal-document-screen';

const meta = {
  title: 'Screens/Legal/LegalDocument',
  component: LegalDocumentScreen,
  parameters: { layout: 'fullscreen' },
  args: { document: 'terms', homeHref: '/dashboard', otherHref: '/privacy' },
} satisfies Meta<typeof LegalDocumentScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Términos del servicio", at /terms. */
export const Terms: Story = {};

/** "Política de privacidad", at /privacy: what is stored, for how long, who processes it, and the merchant's rights. */
export const Privacy: Story = { args: { document: 'privacy', otherHref: '/terms' } };

export const TermsOnPhone: Story = onPhone(Terms);

export const PrivacyOnPhone: Story = onPhone(Privacy);
