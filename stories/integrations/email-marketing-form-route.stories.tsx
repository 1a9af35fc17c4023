import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { readOnlyKlaviyoKey } from '../../mocks/fixtures/integrations';
import {
  connectEmailMarketingAnswer,
  connectEmailMarketingFails,
  connectEmailMarketingNeverAnswers,
} from '../../mocks/handlers/integrations';
import { EmailMarketingFormRoute } from '../../src/web/features/integrations/routes/email-marketing-form-route';
import { userEvent } from '../support/user-event';

/** The container against the mocked contract: each answer of `connectEmailMarketing` as the form shows it. */
const meta = {
  title: 'Screens/Integrations/EmailMarketingFormRoute',
  render: () => <EmailMarketingFormRoute storeId={1} onSaved={() => undefined} />,
  parameters: { providers: ['query'], msw: { handlers: [connectEmailMarketingAnswer()] } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

async function submitKey(canvasElement: HTMLElement, apiKey: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Clave privada de API'), apiKey);
  await userEvent.click(canvas.getByRole('button', { name: 'Conectar' }));
  return canvas;
}

export const InvalidKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submitKey(canvasElement, 'pk_equivocada');
    await expect(await canvas.findByText(/Klaviyo no reconoce esta clave/)).toBeVisible();
  },
};

export const MissingPermissions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submitKey(canvasElement, readOnlyKlaviyoKey);
    await expect(await canvas.findByText(/Profiles:write y List:write/)).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [connectEmailMarketingFails(502)] } },
  play: async ({ canvasElement }) => {
    const canvas = await submitKey(canvasElement, 'pk_cualquiera');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Klaviyo no respondió. Inténtalo de nuevo más tarde.');
  },
};

export const GenericError: Story = {
  parameters: { msw: { handlers: [connectEmailMarketingFails(500)] } },
  play: async ({ canvasElement }) => {
    const canvas = await submitKey(canvasElement, 'pk_cualquiera');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Ocurrió un error en el sistema. Inténtalo de nuevo más tarde.');
  },
};

export const Saving: Story = {
  parameters: { msw: { handlers: [connectEmailMarketingNeverAnswers()] }, visual: { waitFor: 'button[aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    const canvas = await submitKey(canvasElement, 'pk_cualquiera');
    await expect(await canvas.findByRole('button', { name: 'Revisando la clave con Klaviyo…' })).toBeVisible();
  },
};
