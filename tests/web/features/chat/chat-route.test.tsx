import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversations, messagesByConversation } from '../../../../mocks/fixtures/chat';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { type ChatStoreOptions, chatStore } from '../../../../mocks/handlers/chat';
import { meAs } from '../../../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../../../mocks/handlers/whatsapp-campaigns';
import { noteServerDate } from '../../../../src/web/api/server-clock';
import { ChatRoute } from '../../../../src/web/features/chat/routes/chat-route';
import { Toaster } from '../../../../src/web/ui/toast';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

// The fixtures' windows are around Storybook's frozen now; only the date is fixed, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-03-15T15:00:00.000Z'));
});

afterEach(() => {
  cleanup();
  toaster.store.remove();
  vi.useRealTimers();
});

/** `first` answer before the store's handlers. */
const renderChat = (route = '/chat', options: ChatStoreOptions = {}, first: RequestHandler[] = []) => {
  server.use(...first, meAs(sessionUsers.admin), ...chatStore(options), ...whatsappCampaignsStore());
  return renderWithApp(
    <>
      <Routes>
        <Route path="/chat" element={<ChatRoute />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );
};

describe('ChatRoute', () => {
  it('opens the conversation the address names and reads it', async () => {
    await renderChat(`/chat?c=${conversations.camila.id}`);
    expect(await screen.findByRole('heading', { name: 'Camila González', level: 2 })).toBeTruthy();
    expect(screen.getByText('Teléfono +56 9 1234 5678')).toBeTruthy();
    expect(await screen.findByText('Talla M')).toBeTruthy();
    const inbox = within(screen.getByRole('region', { name: 'Conversaciones' }));
    await waitFor(() => expect(inbox.queryByRole('img', { name: '2 mensajes sin leer' })).toBeNull());
  });

  it('sends within the window: the message shows once, as the server answered it', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje' }), 'Llega el jueves.{Enter}');
    await waitFor(() => expect(screen.getAllByText('Llega el jueves.')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('log')).getAllByText('Enviado')).not.toHaveLength(0));
    expect((screen.getByRole('textbox', { name: 'Mensaje' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('says in Spanish that the message could not be sent when Meta failed it, and shows Meta’s error', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`, { sendFails: 'meta' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje' }), 'Llega el jueves.{Enter}');
    expect(await screen.findByText('Error 131026: Message undeliverable')).toBeTruthy();
    expect((await screen.findAllByText('Ocurrió un error al enviar el mensaje.')).length).toBeGreaterThan(0);
  });

  it('searches by name once the merchant stops typing, and says when nothing matches', async () => {
    await renderChat();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar por nombre o teléfono' }), 'Rodrigo');
    expect(await screen.findByText('No encontramos conversaciones para «Rodrigo»')).toBeTruthy();
  });

  it('counts the window on the server’s clock, not the device’s', async () => {
    // The server says it is 19 hours later than this device thinks: Joaquín wrote 5.5 hours before the device's now.
    const serverNow = new Date(Date.now() + 19 * 3_600_000).toUTCString();
    const conversation = http.get('*/api/private/stores/:id/conversations/:conversationId', () =>
      HttpResponse.json(conversations.joaquin, { headers: { date: serverNow } }),
    );
    try {
      await renderChat(`/chat?c=${conversations.joaquin.id}`, {}, [conversation]);
      expect(await screen.findByText('Ventana de 24 horas cerrada')).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();
    } finally {
      // The device's clock agrees with the server's again, for the tests after this one.
      noteServerDate(new Response(null, { headers: { date: new Date().toUTCString() } }));
    }
  });

  it('explains a closed window and offers approved templates instead of free text', async () => {
    await renderChat(`/chat?c=${conversations.valentina.id}`);
    expect(await screen.findByText('Ventana de 24 horas cerrada')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Plantilla' })).toBeTruthy();
  });
});

async function chooseTemplate(name: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Plantilla' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('templates from the chat', () => {
  it('fills the customer’s name, asks for the rest, and shows the template sent in the conversation', async () => {
    await renderChat(`/chat?c=${conversations.valentina.id}`);
    await chooseTemplate('seguimiento_pedido');
    const name = (await screen.findByRole('textbox', { name: /Nombre del cliente/ })) as HTMLInputElement;
    expect(name.value).toBe('Valentina');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar plantilla' }));
    expect(await screen.findByText('Escribe este valor para enviar la plantilla.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Texto libre/ }), '10234');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar plantilla' }));
    const log = within(screen.getByRole('log'));
    expect(await log.findByText('Hola Valentina, tu pedido 10234 ya va en camino. Te avisaremos cuando llegue.')).toBeTruthy();
    expect(log.getByText('Plantilla «seguimiento_pedido»')).toBeTruthy();
  });

  it('does not offer marketing templates to a customer who stopped them, and says why', async () => {
    const pedro = { ...conversations.pedro, windowClosesAt: '2026-03-14T10:00:00.000Z' };
    await renderChat(`/chat?c=${pedro.id}`, { conversations: [pedro] });
    expect(
      await screen.findByText('Las plantillas de marketing no están disponibles: este cliente pidió no recibir mensajes de marketing.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Plantilla' }));
    const blocked = await screen.findByRole('option', { name: 'novedades_semana (marketing: el cliente pidió no recibirlo)' });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
  });

  it('says so when the template chosen was deleted meanwhile', async () => {
    await renderChat(`/chat?c=${conversations.valentina.id}`, { deletedTemplates: [803] });
    await chooseTemplate('encuesta_satisfaccion');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar plantilla' }));
    expect((await screen.findAllByText('La plantilla que elegiste ya no existe. Elige otra.')).length).toBeGreaterThan(0);
  });

  it('names the campaign a message came from, and says a campaign sent it once the store no longer has the campaign', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`);
    expect(await screen.findByText('Campaña «Recordatorio de carro abandonado»')).toBeTruthy();
    cleanup();
    const noCampaigns = http.get('*/private/stores/:id/whatsappCampaigns', () =>
      HttpResponse.json({ campaigns: [], timeZone: 'America/Santiago' }),
    );
    await renderChat(`/chat?c=${conversations.joaquin.id}`, {}, [noCampaigns]);
    expect(await screen.findByText('Enviado por una campaña')).toBeTruthy();
    expect(screen.queryByText(/^Campaña «/)).toBeNull();
  });

  it('says of a message whose template no longer exists', async () => {
    await renderChat(`/chat?c=${conversations.francisca.id}`);
    expect(await screen.findByText('La plantilla usada ya no existe.')).toBeTruthy();
  });
});

describe('attachments', () => {
  const photo = (bytes = 2048, type = 'image/jpeg', name = 'polera-talla-m.jpg') => new File([new Uint8Array(bytes)], name, { type });
  const fileInput = () => screen.findByLabelText('Archivo para adjuntar');

  it('sends a file with its caption, and it joins the conversation', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`);
    await userEvent.upload(await fileInput(), photo());
    expect(await screen.findByText('Imagen: polera-talla-m.jpg (2 KB)')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto bajo el archivo (opcional)' }), 'Así queda en talla M{Enter}');
    expect(await within(screen.getByRole('log')).findByText('Así queda en talla M')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Imagen: polera-talla-m.jpg (2 KB)')).toBeNull());
  });

  it('refuses in the browser a file over WhatsApp’s limit for its kind, and a type WhatsApp does not send', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`);
    fireEvent.change(await fileInput(), { target: { files: [photo(5 * 1024 * 1024 + 1)] } });
    expect((await screen.findByRole('alert')).textContent).toBe('La imagen es demasiado grande: WhatsApp acepta imágenes de hasta 5 MB.');
    expect(screen.queryByText(/polera-talla-m\.jpg/)).toBeNull();
    fireEvent.change(await fileInput(), { target: { files: [photo(10, 'image/gif', 'animada.gif')] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^WhatsApp no envía ese tipo de archivo/);
  });

  it('draws a customer’s video as a frame to play: its player, and its file, come once the merchant plays it', async () => {
    await renderChat(`/chat?c=${conversations.camila.id}`);
    const log = within(await screen.findByRole('log'));
    const play = await log.findByRole('button', { name: 'Reproducir (Video)' });
    expect(log.queryByLabelText('Video')).toBeNull();
    await userEvent.click(play);
    const video = log.getByLabelText('Video');
    expect(video.tagName).toBe('VIDEO');
    const kept = messagesByConversation[conversations.camila.id]?.find((message) => message.kind === 'video')?.media;
    expect(video.getAttribute('src')).toBe(kept?.url);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(log.queryByRole('button', { name: 'Reproducir (Video)' })).toBeNull();
  });

  it('says when WhatsApp did not take the upload, and keeps the file to try again', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`, { uploadFails: true });
    await userEvent.upload(await fileInput(), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findAllByText('Ocurrió un error al subir el archivo.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Imagen: polera-talla-m.jpg (2 KB)')).toBeTruthy();
  });
});

describe('reactions', () => {
  it('reacts to a customer’s message within the window, and takes the reaction back', async () => {
    await renderChat(`/chat?c=${conversations.joaquin.id}`);
    const [react] = await screen.findAllByRole('button', { name: 'Reaccionar' });
    await userEvent.click(react!);
    await userEvent.click(await screen.findByRole('button', { name: 'Reaccionar con 👍' }));
    expect(await screen.findByRole('img', { name: 'Reacción 👍 de tu tienda' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Elige una reacción' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reaccionar' })[0]!);
    const current = await screen.findByRole('button', { name: 'Reaccionar con 👍' });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(current);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Reacción 👍 de tu tienda' })).toBeNull());
  });

  it('offers no reaction once the window is closed', async () => {
    await renderChat(`/chat?c=${conversations.valentina.id}`);
    expect(await within(await screen.findByRole('log')).findByText('¿Tienen despacho a Concepción?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reaccionar' })).toBeNull();
  });
});
