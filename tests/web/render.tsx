import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useCurrentStore } from '../../src/web/api/current-store';
import { useLiveUpdates } from '../../src/web/api/live';
import { AppProviders } from '../../src/web/app/providers';
import { loadAllNamespaces } from '../../src/web/i18n';

/** The app's providers with a fresh cache and every text group loaded. */
export async function renderWithProviders(ui: ReactElement) {
  await loadAllNamespaces();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const result = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { ...result, queryClient };
}

/** As above, inside a router at `route`. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return renderWithProviders(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>);
}

/** The signed-in app's live channel for the session's store, as the role guard keeps it, beside a route rendered alone. */
export function LiveUpdates() {
  useLiveUpdates(useCurrentStore().storeId);
  return null;
}
