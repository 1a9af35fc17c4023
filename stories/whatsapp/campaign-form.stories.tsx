import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FROZEN_NOW } from '../../.storybook/frozen-time';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  campaignTemplates,
  promotionTemplate,
  STORE_TIME_ZONE,
  whatsappCampaignAudienceFixture,
} from '../../mocks/fixtures/whatsapp-campaigns';
import { HEADER_IMAGE_URL } from '../../mocks/fixtures/whatsapp-templates';
import {
  EMPTY_WHATSAPP_CAMPAIGN_FORM,
  headerFileOf,
  type WhatsappCampaignFormValues,
} from '../../src/web/features/whatsapp/forms/campaign-form';
import {
  WhatsappCampaignFormScreen,
  type WhatsappCampaignFormScreenProps,
} from '../../src/web/features/whatsapp/screens/campaign-form-screen';
import { userEvent } from '../support/user-event';

const approved = campaignTemplates.filter((template) => template.status === 'APPROVED');

const args: WhatsappCampaignFormScreenProps = {
  whatsappHref: '/whatsapp',
  createTemplateHref: '/whatsapp/templates/create',
  integrationsHref: '/integrations',
  now: FROZEN_NOW,
  timeZone: STORE_TIME_ZONE,
  segments: {
    status: 'success',
    data: [
      { id: 1, name: 'Clientes de alto valor' },
      { id: 4, name: 'Clientes nuevos' },
      { id: 22, name: 'Clientes VIP' },
      { id: 21, name: 'Amantes del café' },
    ],
  },
  templates: { status: 'success', data: approved },
  audience: null,
  onChoicesChange: fn(),
  onUploadHeaderFile: fn(async () => ({ mediaId: 950, url: HEADER_IMAGE_URL })),
  onSubmit: fn(),
  onCancel: fn(),
};

/** A unique campaign filled to its message: the VIP segment on 20 March at 10:00, the promotion with its texts. */
const unique: WhatsappCampaignFormValues = {
  ...EMPTY_WHATSAPP_CAMPAIGN_FORM,
  name: 'CyberDay clientes VIP',
  kind: 'unique',
  segmentId: '22',
  sendDate: '2026-03-20',
  sendTime: '10:00',
  templateId: String(promotionTemplate.id),
  variables: { descuento: '20 % de descuento', codigo: 'CYBERVIP' },
  headerFile: headerFileOf(promotionTemplate.header.media),
};

/** An automated campaign greeting the new customers an hour after they arrive, from 9:00 to 21:00. */
const automated: WhatsappCampaignFormValues = {
  ...EMPTY_WHATSAPP_CAMPAIGN_FORM,
  name: 'Bienvenida a clientes nuevos',
  kind: 'automated',
  event: 'segmentEntry',
  segmentId: '4',
  hasDelay: true,
  delayAmount: '1',
  delayUnit: 'hours',
  hasWindow: true,
  windowStart: '09:00',
  windowEnd: '21:00',
  templateId: String(promotionTemplate.id),
  variables: { descuento: '10 % en tu segunda compra' },
  headerFile: headerFileOf(promotionTemplate.header.media),
};

const audienceOf = (segmentId: number | null, event: 'segmentEntry' | null = null) => ({
  status: 'success' as const,
  data: whatsappCampaignAudienceFixture(promotionTemplate, segmentId, event),
});

/** /whatsapp/campaigns/create: general data, then the message, beside the preview filled with a real customer's values. */
const meta = {
  title: 'Screens/WhatsApp/CampaignForm',
  component: WhatsappCampaignFormScreen,
  args,
} satisfies Meta<typeof WhatsappCampaignFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1 of a new campaign: its name and the two kinds explained. */
export const GeneralStep: Story = {};
export const GeneralStepOnPhone: Story = onPhone<Story>({});
/** Unique: the segment, and the day and hour on the store's clock (named). */
export const UniqueGeneral: Story = { args: { defaultValues: unique } };
export const UniqueGeneralOnPhone: Story = onPhone<Story>({ args: { defaultValues: unique } });
/** Automated: the event, its wait and the notification window. */
export const AutomatedGeneral: Story = { args: { defaultValues: automated } };
export const AutomatedGeneralOnPhone: Story = onPhone<Story>({ args: { defaultValues: automated } });

/** "Siguiente" checks the step: each missing piece on its field. */
export const GeneralErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByText('Escribe un nombre para la campaña.')).toBeVisible();
    await expect(canvas.getByText('Este campo es obligatorio.')).toBeVisible();
  },
};
export const UniqueGeneralErrors: Story = {
  args: { defaultValues: { ...EMPTY_WHATSAPP_CAMPAIGN_FORM, name: 'Promo', kind: 'unique', sendDate: '2026-03-15', sendTime: '09:00' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByText('Esa hora ya pasó en tu tienda. Elige una hora futura.')).toBeVisible();
    await expect(canvas.getByText('Elige un segmento.')).toBeVisible();
  },
};
export const AutomatedGeneralErrors: Story = {
  args: {
    defaultValues: { ...automated, event: 'cartAbandoned', delayAmount: '0', windowStart: '21:00', windowEnd: '09:00' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByText('Escribe un número entero de al menos 1.')).toBeVisible();
    await expect(canvas.getByText(/el inicio antes del fin/)).toBeVisible();
  },
};
export const AutomatedGeneralErrorsOnPhone: Story = onPhone<Story>({
  args: AutomatedGeneralErrors.args,
  play: AutomatedGeneralErrors.play,
});

/**
 * Step 2 of a unique campaign: only approved templates (the checkout one refused, and why), the texts, the header's
 * file, "N de M" consented recipients, the cost, a limit that takes them all, and the preview with Valentina's values.
 */
export const UniqueMessage: Story = {
  args: { defaultValues: unique, defaultStep: 1, audience: audienceOf(22) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('180 clientes con permiso para WhatsApp, de 240 en el segmento')).toBeVisible();
    await expect(canvas.getByText(/Con los datos de Valentina Muñoz/)).toBeVisible();
    await expect(canvas.getByText(/solo sirve en campañas automatizadas de carro abandonado/)).toBeVisible();
  },
};
export const UniqueMessageOnPhone: Story = onPhone<Story>({ args: UniqueMessage.args });
export const UniqueMessageOnLaptop: Story = { args: UniqueMessage.args, parameters: { visual: { viewport: 'laptop' } } };
/** More recipients than today's messaging limit allows: what waits, and from when. */
export const MessagingLimitExceeded: Story = {
  args: { defaultValues: { ...unique, segmentId: '1' }, defaultStep: 1, audience: audienceOf(1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Los 320 mensajes que no caben salen el 21 mar 2026, 10:00/)).toBeVisible();
  },
};
export const MessagingLimitExceededOnPhone: Story = onPhone<Story>({ args: MessagingLimitExceeded.args });
/** The audience being read: the figures wait, the preview says it is looking for a customer. */
export const AudienceLoading: Story = {
  args: { defaultValues: unique, defaultStep: 1, audience: { status: 'loading' } },
  parameters: { visual: { waitFor: 'text=Calculando destinatarios…' } },
};

/** Automated on a segment's entry: the product variable the event cannot fill asks for a replacement, and says why. */
export const AutomatedMessage: Story = {
  args: { defaultValues: automated, defaultStep: 1, audience: audienceOf(4, 'segmentEntry') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/no trae un producto/)).toBeVisible();
  },
};
export const AutomatedMessageOnPhone: Story = onPhone<Story>({ args: AutomatedMessage.args });
/** A cart campaign: the checkout template is offered too. */
export const CartAbandonedMessage: Story = {
  args: {
    defaultValues: { ...automated, event: 'cartAbandoned', segmentId: null, templateId: '312', headerFile: null, variables: {} },
    defaultStep: 1,
    audience: audienceOf(null),
  },
};

/** Sending checks the message: each text and the template's rules. */
export const MessageErrors: Story = {
  args: {
    defaultValues: { ...automated, variables: {}, headerFile: null },
    defaultStep: 1,
    audience: audienceOf(4, 'segmentEntry'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Crear campaña' }));
    await expect((await canvas.findAllByText('Escribe el texto para esta variable.')).length).toBe(3);
    await expect(canvas.getByText('Sube el archivo del encabezado.')).toBeVisible();
  },
};
export const MessageErrorsOnPhone: Story = onPhone<Story>({ args: MessageErrors.args, play: MessageErrors.play });
export const NoTemplateChosen: Story = {
  args: { defaultValues: { ...unique, templateId: null, headerFile: null }, defaultStep: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Programar campaña' }));
    await expect(await canvas.findByText('Elige una plantilla.')).toBeVisible();
  },
};
/** No approved template: nothing to send with, and the way to create one. */
export const NoApprovedTemplates: Story = {
  args: { defaultValues: unique, defaultStep: 1, templates: { status: 'success', data: [] } },
};
export const NoApprovedTemplatesOnPhone: Story = onPhone<Story>({ args: NoApprovedTemplates.args });
export const TemplatesLoading: Story = {
  args: { defaultStep: 1, templates: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

/** The server refused the send time (it passed while the form was open): on its field, the form back on its step. */
export const ServerRefusedSendTime: Story = {
  args: {
    defaultValues: unique,
    defaultStep: 1,
    audience: audienceOf(22),
    serverErrors: { sendTime: 'Esa hora ya pasó en tu tienda. Elige una hora futura.' },
    failure: { kind: 'fields' },
  },
};
export const NotConnected: Story = {
  args: { defaultValues: unique, defaultStep: 1, audience: audienceOf(22), failure: { kind: 'notConnected' } },
};
export const Saving: Story = {
  args: { defaultValues: unique, defaultStep: 1, audience: audienceOf(22), saving: true },
  parameters: { visual: { waitFor: 'text=Creando la campaña…' } },
};
