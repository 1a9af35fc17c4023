import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { conversations, longConversation } from '../../mocks/fixtures/chat';
import { poleraPhoto } from '../../mocks/fixtures/chat-files';
import { sessionUsers } from '../../mocks/fixtures/session';
import { type ChatStoreOptions, chatStore } from '../../mocks/handlers/chat';
import { meAs } from '../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../mocks/handlers/whatsapp-campaigns';
import { ChatRoute } from '../../src/web/features/chat/routes/chat-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

const store = (options: ChatStoreOptions = {}) => ({
  msw: { handlers: [meAs(sessionUsers.admin), ...chatStore(options), ...whatsappCampaignsStore()] },
});

/** The container against the mocked contract, at /chat; the open conversation is the URL's `c`. */
const meta = {
  title: 'Screens/Chat/ChatRoute',
  component: ChatRoute,
  parameters: { providers: ['query', 'router'], route: '/chat', ...store(), visual: { viewport: 'laptop' } },
  render: () => (
    <>
      <Routes>
        <Route path="/chat" element={<ChatRoute />} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof ChatRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The inbox, nothing open. */
export const Inbox: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /Camila González/ })).toBeVisible();
  },
};
export const InboxOnPhone: Story = onPhone<Story>({ play: Inbox.play });

/** A conversation opened from the list: its messages, and it is read (its unread count goes). */
export const OpensConversation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Camila González/ }));
    await expect(await canvas.findByText('Talla M')).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('img', { name: '2 mensajes sin leer' })).toBeNull());
  },
};
/** On a phone the open conversation takes the page; back returns to the list. */
export const OpensConversationOnPhone: Story = onPhone<Story>({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Joaquín Muñoz/ }));
    await expect(await canvas.findByText('Te confirmo en un rato.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Volver a las conversaciones' })).toBeVisible();
  },
});

/** Sent within the window: the message joins the conversation, sent. */
export const SendsMessage: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensaje' }), 'Llega el jueves.{Enter}');
    await expect(await canvas.findByText('Llega el jueves.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  },
};

/** Meta failed the send (502): the toast says so, and the message shows failed with Meta's error. */
export const SendError: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}`, ...store({ sendFails: 'meta' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensaje' }), 'Llega el jueves.');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    await toastShown(canvasElement, 'Ocurrió un error al enviar el mensaje.');
    await expect(await canvas.findByText('Error 131026: Message undeliverable')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  },
};
export const SendErrorOnPhone: Story = onPhone<Story>(SendError);

/** Up to the top of the conversation, where the older page's button is, as the merchant scrolls; the list sees it. */
async function scrollToTop(log: HTMLElement) {
  log.scrollTop = 0;
  // The scroll is told before the next frame's callbacks.
  for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Where a message starts in the list's view; found by id, as the page draws a message anew when its window moves. */
function topIn(log: HTMLElement, row: HTMLElement): number {
  const drawn = log.querySelector(`[data-message-id="${row.dataset.messageId}"]`);
  if (!drawn) throw new Error(`El mensaje ${row.dataset.messageId} no está en la página.`);
  return drawn.getBoundingClientRect().top - log.getBoundingClientRect().top;
}

/**
 * Squeezes the page narrow a moment and gives it back its width, as a window resized (or a full-page picture) does:
 * the messages wrap onto more lines, then fewer, and the view is pulled up to the end of the shorter content.
 */
async function squeezeAMoment(canvasElement: HTMLElement) {
  const frames = async (count: number) => {
    for (let frame = 0; frame < count; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  };
  canvasElement.style.width = '160px';
  await frames(2);
  canvasElement.style.width = '';
  await frames(2);
}

/**
 * A long conversation: the older page joins above, and the message being read stays where it was, also once the page
 * was squeezed narrow a moment.
 */
export const LoadsOlderMessages: Story = {
  parameters: { route: `/chat?c=${conversations.camila.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('log');
    await scrollToTop(log);
    const reading = log.querySelector<HTMLElement>('[data-message-id]');
    if (!reading) throw new Error('No hay mensajes en la conversación.');
    const before = topIn(log, reading);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cargar mensajes anteriores' }));
    await expect(await canvas.findByText('Consulta 1 sobre mi pedido.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Cargar mensajes anteriores' })).toBeNull();
    await waitFor(() => expect(topIn(log, reading)).toBeCloseTo(before, 0));
    await squeezeAMoment(canvasElement);
    await waitFor(() => expect(topIn(log, reading)).toBeCloseTo(before, 0));
  },
};

/**
 * A long conversation read back to its first message: each older page joins above while the message being read
 * stays where it is (a narrower page a moment too), and the page holds only the messages near the view (240 read,
 * far fewer in the page).
 */
export const LongConversation: Story = {
  parameters: { route: `/chat?c=${conversations.camila.id}`, ...store({ messages: { [conversations.camila.id]: longConversation } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('log');
    await canvas.findByText(/^Mensaje 240:/);
    const rows = () => [...log.querySelectorAll<HTMLElement>('[data-message-id]')];
    for (let read = 30; read < longConversation.length; read += 30) {
      // The oldest message read is drawn at the top.
      await scrollToTop(log);
      await waitFor(() => expect(log.querySelector('[data-message-spacer]')).toBeNull());
      const reading = rows()[0];
      if (!reading) throw new Error('No hay mensajes en la conversación.');
      const before = topIn(log, reading);
      await userEvent.click(canvas.getByRole('button', { name: 'Cargar mensajes anteriores' }));
      await canvas.findByText(new RegExp(`^Mensaje ${longConversation.length - read}:`));
      await waitFor(() => expect(topIn(log, reading)).toBeCloseTo(before, 0));
      // Once the page holds only the messages near the view, a narrower page a moment keeps the place too, and the
      // spacers their heights: what was measured at this width still holds.
      if (read === 180) {
        const height = log.scrollHeight;
        await squeezeAMoment(canvasElement);
        await waitFor(() => expect(topIn(log, reading)).toBeCloseTo(before, 0));
        // Once the window placed at the narrow width is placed again at this one.
        await waitFor(() => expect(log.scrollHeight).toBe(height));
      }
    }
    await expect(canvas.queryByRole('button', { name: 'Cargar mensajes anteriores' })).toBeNull();
    await expect(rows().length).toBeLessThan(100);
  },
};
export const LongConversationOnPhone: Story = onPhone<Story>(LongConversation);

/** Nothing was sent (no WhatsApp connected): the toast says why, and what was written is back in the composer. */
export const SendRefused: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}`, ...store({ sendFails: 'notConnected' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensaje' }), 'Llega el jueves.{Enter}');
    await toastShown(canvasElement, 'Conecta tu número de WhatsApp en Integraciones para responder desde el chat.');
    await expect(canvas.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('Llega el jueves.');
  },
};

/** The window closed: a template chosen, its order number typed, sent; it shows in the conversation. */
export const SendsTemplate: Story = {
  parameters: { route: `/chat?c=${conversations.valentina.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Plantilla' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'seguimiento_pedido' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Texto libre/ }), '10234');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar plantilla' }));
    await expect(
      await within(canvas.getByRole('log')).findByText('Hola Valentina, tu pedido 10234 ya va en camino. Te avisaremos cuando llegue.'),
    ).toBeInTheDocument();
  },
};
export const SendsTemplateOnPhone: Story = onPhone<Story>(SendsTemplate);

/** The template chosen was deleted meanwhile: the toast says so. */
export const TemplateGone: Story = {
  parameters: { route: `/chat?c=${conversations.valentina.id}`, ...store({ deletedTemplates: [803] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Plantilla' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'encuesta_satisfaccion' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar plantilla' }));
    await toastShown(canvasElement, 'La plantilla que elegiste ya no existe. Elige otra.');
  },
};

/** A photo attached and sent with its caption: it joins the conversation, kept as it went. */
export const SendsAttachment: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const photo = new File([poleraPhoto], 'polera-talla-m.png', { type: 'image/png' });
    await userEvent.upload(await canvas.findByLabelText('Archivo para adjuntar'), photo);
    await expect(await canvas.findByText('Imagen: polera-talla-m.png (1,2 KB)')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Texto bajo el archivo (opcional)' }), 'Así queda en talla M{Enter}');
    await expect(await within(canvas.getByRole('log')).findByText('Así queda en talla M')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Imagen: polera-talla-m.png (1,2 KB)')).toBeNull());
    // Kept as it went: the photo itself shows in the conversation.
    await waitFor(() =>
      expect(
        within(canvas.getByRole('log')).getByRole<HTMLImageElement>('img', { name: 'Así queda en talla M' }).naturalWidth,
      ).toBeGreaterThan(0),
    );
  },
};
export const SendsAttachmentOnPhone: Story = onPhone<Story>(SendsAttachment);

/** WhatsApp did not take the upload: the toast says so, and the file stays attached to try again. */
export const UploadError: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}`, ...store({ uploadFails: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const photo = new File([new Uint8Array(2048)], 'polera-talla-m.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await canvas.findByLabelText('Archivo para adjuntar'), photo);
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    await toastShown(canvasElement, 'Ocurrió un error al subir el archivo.');
    await expect(canvas.getByText('Imagen: polera-talla-m.jpg (2 KB)')).toBeVisible();
  },
};
export const UploadErrorOnPhone: Story = onPhone<Story>(UploadError);

/** The store reacts to the customer's message: the reaction shows on it, beside the customer's. */
export const ReactsToMessage: Story = {
  parameters: { route: `/chat?c=${conversations.joaquin.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [react] = await canvas.findAllByRole('button', { name: 'Reaccionar' });
    await userEvent.click(react!);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reaccionar con ❤️' }));
    await expect(await canvas.findByRole('img', { name: 'Reacción ❤️ de tu tienda' })).toBeVisible();
  },
};
export const ReactsToMessageOnPhone: Story = onPhone<Story>(ReactsToMessage);

/** The inbox could not be read. */
export const ListError: Story = { parameters: store({ failing: ['list'] }) };
