import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
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
