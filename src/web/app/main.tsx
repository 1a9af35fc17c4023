import '../styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../i18n';
import { nextTask } from '../lib/browser-timing';
import { preloadPageAt } from './pages';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Start-up is a series of short tasks rather than one long one: running the app's code, asking for
// the page, creating the root and rendering each take a turn, and a phone paints and answers taps
// in between.
const queryClient = createQueryClient();
void nextTask().then(() => preloadPageAt(window.location, queryClient));
void initI18n().then(async () => {
  const root = createRoot(container);
  await nextTask();
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread until the whole shell is drawn; the entry page's loading screen
  // stays meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});
