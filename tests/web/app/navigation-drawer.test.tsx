import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { meAs } from '../../../mocks/handlers/session';
import { AppRoutes } from '../../../src/web/app/router';
import { setupMockServer } from '../msw';
import { renderWithProviders } from '../render';

const server = setupMockServer();

async function openShellAt(path: string) {
  server.use(meAs(sessionUsers.user));
  await renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  // The WhatsApp page, once shown under its title.
  await screen.findByText('Tus campañas de WhatsApp y las plantillas de mensaje que Meta aprobó para enviarlas.');
  const menu = screen.getByRole('button', { name: 'Abrir menú' });
  const drawer = document.getElementById(menu.getAttribute('aria-controls')!)!;
  return { menu, drawer, main: screen.getByRole('main') };
}

describe('the navigation drawer of narrow screens', () => {
  it('opens from the menu button over a page out of reach, and closes with Escape back on the button', async () => {
    const { menu, drawer, main } = await openShellAt('/whatsapp');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(drawer.getAttribute('data-state')).toBe('closed');
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.getAttribute('data-state')).toBe('open');
    expect(main.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'WhatsApp' }));
    await userEvent.keyboard('{Escape}');
    expect(drawer.getAttribute('data-state')).toBe('closed');
    expect(main.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(menu);
  });

  it('closes once the page it led to opens', async () => {
    const { menu, drawer } = await openShellAt('/whatsapp');
    await userEvent.click(menu);
    // The entry carries the store's unread count (the fixtures' two unread conversations).
    await userEvent.click(within(drawer).getByRole('link', { name: 'Chat 2 conversaciones sin leer' }));
    // The navigation waits for the page's code and texts, then the drawer closes on it.
    await waitFor(() => expect(within(drawer).getByRole('link', { name: /^Chat/ }).getAttribute('aria-current')).toBe('page'));
    expect(drawer.getAttribute('data-state')).toBe('closed');
  });

  it('lets the keyboard skip the navigation to the page', async () => {
    await openShellAt('/whatsapp');
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip.getAttribute('href')).toBe(`#${screen.getByRole('main').id}`);
  });
});
