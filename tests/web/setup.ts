import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { restartMockStates } from '../../mocks/handlers/mock-state';
import { toaster } from '../../src/web/ui/toaster';

// Screens load their parts lazily and render heavy data in the background; on a two-core machine
// running other work beside the check that can take many times an idle machine's time. Only what
// never comes may fail a wait: a wait that fails still fails, later.
configure({ asyncUtilTimeout: 15_000 });

// Node has no EventSource. MSW's `sse` handlers only ask that one exists: the app reads its live stream
// with fetch (src/web/api/live.ts), which MSW answers as any other request.
if (typeof globalThis.EventSource === 'undefined')
  Object.defineProperty(globalThis, 'EventSource', { value: class EventSource {}, configurable: true, writable: true });

// A worker runs its files one after another with the same modules (isolate: false in vitest.config.ts: two thirds of the
// step's time otherwise). Each test leaves nothing mounted, and each file leaves the next what a file of its own would
// find: an empty page and storage, no toast, and mocked servers that know only what they first knew.
afterEach(cleanup);
afterAll(() => {
  toaster.store.remove();
  restartMockStates();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
