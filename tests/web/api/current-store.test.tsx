import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers, userWithoutStore } from '../../../mocks/fixtures/session';
import { meAs, meNeverAnswers } from '../../../mocks/handlers/session';
import { useCurrentStore } from '../../../src/web/api/current-store';
import { useStoreSync } from '../../../src/web/api/store-sync';
import { setupMockServer } from '../msw';

const server = setupMockServer();

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The current store and its import, as a data screen reads them; the requests they made. */
function renderCurrentStoreSync() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
  const hook = renderHook(
    () => {
      const current = useCurrentStore();
      return { current, sync: useStoreSync(current.storeId) };
    },
    { wrapper },
  );
  return { ...hook, asked };
}

afterEach(() => server.events.removeAllListeners());

describe('useCurrentStore', () => {
  it('knows no store while the session loads, and the store queries wait without asking', async () => {
    server.use(meNeverAnswers());
    const { result, asked } = renderCurrentStoreSync();
    await waitFor(() => expect(asked).toEqual(['/api/auth/me']));
    expect(result.current.current).toMatchObject({ isPending: true, storeId: undefined, user: undefined, role: undefined });
    expect(result.current.sync).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
  });

  it('reads the store from the session, and the store queries ask for that store', async () => {
    server.use(meAs(sessionUsers.admin));
    const { result, asked } = renderCurrentStoreSync();
    await waitFor(() => expect(result.current.sync.status).toBe('success'));
    expect(result.current.current).toMatchObject({ isPending: false, storeId: sessionUsers.admin.store, role: 'admin' });
    expect(asked).toEqual(['/api/auth/me', `/api/private/stores/${sessionUsers.admin.store}/sync`]);
  });

  it('has no store for a user who has not connected one, and asks nothing about stores', async () => {
    server.use(meAs(userWithoutStore));
    const { result, asked } = renderCurrentStoreSync();
    await waitFor(() => expect(result.current.current.isPending).toBe(false));
    expect(result.current.current.storeId).toBeUndefined();
    expect(result.current.sync.fetchStatus).toBe('idle');
    expect(asked).toEqual(['/api/auth/me']);
  });
});
