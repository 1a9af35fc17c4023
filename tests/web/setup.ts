import { configure } from '@testing-library/dom';

// Screens load their parts lazily and render heavy data in the background; on a two-core machine
// running other work beside the check that can take many times an idle machine's time. Only what
// never comes may fail a wait: a wait that fails still fails, later.
configure({ asyncUtilTimeout: 15_000 });

// Node has no EventSource. MSW's `sse` handlers only ask that one exists: the app reads its live stream
// with fetch (src/web/api/live.ts), which MSW answers as any other request.
if (typeof globalThis.EventSource === 'undefined')
  Object.defineProperty(globalThis, 'EventSource', { value: class EventSource {}, configurable: true, writable: true });
