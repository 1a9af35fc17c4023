import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../../../mocks/fixtures/chat';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { type ChatStoreOptions, chatStore } from '../../../../mocks/handlers/chat';
import { meAs } from '../../../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../../../mocks/handlers/whatsapp-campaigns';
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

const renderChat = (route = '/chat', options: ChatStoreOptions = {}) => {
  server.use(meAs(sessionUsers.admin), ...chatStore(options), ...whatsappCampaignsStore());
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

  it('explains a closed window instead of offering the composer', async () => {
    await renderChat(`/chat?c=${conversations.valentina.id}`);
    expect(await screen.findByText('Ventana de 24 horas cerrada')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();
  });
});
