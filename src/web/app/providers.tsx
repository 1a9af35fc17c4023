import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../api/errors';
import { i18n } from '../i18n';
import { LazyToaster } from '../ui/lazy-toaster';

const isRefusal = (error: unknown) => error instanceof ApiError && error.kind === 'CLIENT_ERROR';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failure is asked again once; a refusal (4xx: no plan, no access, not found) would only be refused again.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: (failures, error) => failures < 1 && !isRefusal(error) },
    },
  });
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* The one toast region of the page; containers call `toaster.show(…)`. */}
        <LazyToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
