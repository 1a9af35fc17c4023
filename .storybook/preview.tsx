// Installed first so that every module below, and every story, reads the fixed clock.
import { resetClock } from './frozen-time';
import '../src/web/styles.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isCommonAssetRequest } from 'msw';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { configure } from 'storybook/test';
import { restartMockStates } from '../mocks/handlers/mock-state.ts';
import { initI18n, LANGUAGE, loadAllNamespaces } from '../src/web/i18n/index.ts';
import { toaster } from '../src/web/ui/toaster.ts';
import { pageSettled } from '../stories/support/page-still.ts';
import type { VisualParameters } from './visual-parameters';

/** App-wide providers a story may ask for; theme and i18n are always there. */
type StoryProvider = 'query' | 'router';

declare module 'storybook/internal/csf' {
  interface Parameters {
    /**
     * What the story's component needs beyond theme and i18n: stories of containers (routes/), the
     * role guard and the shell's data parts ask for a QueryClient and a MemoryRouter. Screens and
     * design-system parts ask for nothing: that they render without them proves they are stateless.
     */
    providers?: readonly StoryProvider[];
    /** Initial location of the story's MemoryRouter (`providers: ['router']`); `/` when absent. */
    route?: string;
    /** How the test runner screenshots this story; see .storybook/visual-parameters.ts. */
    visual?: VisualParameters;
  }
}

document.documentElement.lang = LANGUAGE;
window.__STORY_PAGE_SETTLED__ = (timeoutMs) => pageSettled(document, timeoutMs);
void initI18n();

// Play functions wait for what a screen shows (findBy…, waitFor) up to 15 s rather than Testing
// Library's 1 s: a machine running other work beside two browsers may be many times slower than an
// idle one, and only something that never comes should fail a story.
configure({ asyncUtilTimeout: 15_000 });

// Storybook's own files and the page's assets (the browser's icon among them) are not API calls.
function isStorybookRequest(request: Request): boolean {
  return /\.mdx$|sb-common-assets|sb-addons|sb-manager|iframe\.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\.|index\.json$|\/favicon\.ico$/.test(
    request.url,
  );
}

const msw = mswLoader(async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    // A request no handler answers fails instead of reaching a network that is not there; the
    // test runner also fails the story on the "[MSW] Error" it logs.
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || isStorybookRequest(request)) return;
      print.error();
    },
  });
  return worker;
});

function StoryQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: {
        queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
        mutations: { retry: false },
      },
    });
    window.__STORY_QUERY_CLIENT__ = client;
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

// Only the providers the story asks for. Keyed by story so that each story gets a fresh cache and
// router, never the previous story's.
const withProviders: Decorator = (Story, context) => {
  const providers = context.parameters.providers ?? [];
  const { route } = context.parameters;
  if (route !== undefined && !providers.includes('router')) {
    throw new Error(`Story "${context.id}" sets parameters.route but has no router: add providers: ['router'].`);
  }
  let story = <Story />;
  if (providers.includes('router')) {
    story = (
      <MemoryRouter key={context.id} initialEntries={[route ?? '/']}>
        {story}
      </MemoryRouter>
    );
  }
  if (providers.includes('query')) story = <StoryQueryClient key={context.id}>{story}</StoryQueryClient>;
  return story;
};

/**
 * Storybook hides the whole page (display: none) when a story takes over 100 ms to prepare, and shows it
 * again once the story has mounted. On a busy machine that timer fires while the story renders: a field
 * focused on mount is hidden and loses its focus, and whatever measures itself (a popover, the scroll)
 * measures a page that is not there. Cancelled once the story is about to mount (beforeEach runs after
 * the loaders, before the mount, which shows the page), so a story always renders on a shown page.
 */
function keepStoryShown(): void {
  type WebView = { preparingTimeout?: ReturnType<typeof setTimeout>; showPreparingStory?: unknown };
  const view = (window as { __STORYBOOK_PREVIEW__?: { view?: WebView } }).__STORYBOOK_PREVIEW__?.view;
  if (typeof view?.showPreparingStory !== 'function') {
    throw new Error("Storybook's preview has no view.showPreparingStory any more: find how it now hides a story being prepared.");
  }
  clearTimeout(view.preparingTimeout);
}

const preview: Preview = {
  decorators: [withProviders],
  loaders: [
    // Every text group up front, so stories render their Spanish text without suspending.
    async () => {
      await loadAllNamespaces();
      return {};
    },
    msw,
  ],
  beforeEach() {
    keepStoryShown();
    resetClock();
    // The page outlives the story: the previous story's client must not be waited on, and its toasts
    // (held open for their capture) must not show up, or push the next story's, in the next one.
    delete window.__STORY_QUERY_CLIENT__;
    toaster.store.remove();
    // Mocked servers start again from what they first knew (mocks/handlers/mock-state.ts).
    restartMockStates();
  },
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: {
      // Same rule set as the test runner: `region` is noise for component stories.
      config: { rules: [{ id: 'region', enabled: false }] },
      // The accessibility panel lists every violation as a warning; the test runner
      // (.storybook/test-runner.ts) is what fails a story, on serious and critical ones.
      test: 'todo',
    },
  },
};

export default preview;
