import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { stores } from '../../../mocks/fixtures/team';
import { storesAnswer } from '../../../mocks/handlers/team';
import { ShellStore } from '../../../src/web/app/shell/shell-store';
import { pageNavigation } from '../../../src/web/lib/navigation';
import { setupMockServer } from '../msw';
import { renderWithApp } from '../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ShellStore', () => {
  it('lets the provider admin switch store, then reloads the dashboard', async () => {
    server.use(storesAnswer(stores));
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<ShellStore user={sessionUsers.recompraAdmin} />, { route: '/dashboard' });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Tienda' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Moda Austral' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it("names a single store's member's store, with nothing to switch", async () => {
    server.use(storesAnswer([stores[0]!]));
    const { queryClient } = await renderWithApp(<ShellStore user={sessionUsers.admin} />, { route: '/dashboard' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText(stores[0]!.name)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
