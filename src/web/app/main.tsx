import '../styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '../i18n';
import { preloadPageAt } from './pages';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
preloadPageAt(window.location, queryClient);
void initI18n().then(() => {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread until the whole shell is drawn; the entry page's loading screen
  // stays meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={createAppRouter()} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
