import { sse } from 'msw';
import type { components } from '../../src/shared/api/app.gen';

type LiveEvent = components['schemas']['LiveEvent'];

/** What a story or test holds to speak on the store's live stream. */
export interface LiveChannel {
  /** Sends an event to every stream open now, numbered after the last. */
  send(event: LiveEvent): void;
  /** Ends every stream open now, as the server does every few minutes. */
  end(): void;
  /** Streams open now. */
  readonly open: number;
  /** The `Last-Event-ID` each stream was opened with, in order (null: a new tab). */
  readonly openedWith: (string | null)[];
}

/**
 * The store's live stream (`GET /api/private/stores/{id}/live`): quiet, as it is on a store where
 * nothing is happening, until the holder of the channel sends something.
 */
export function liveChannel(): { channel: LiveChannel; handler: ReturnType<typeof sse> } {
  const clients = new Set<{ send(message: { id: string; data: LiveEvent }): void; close(): void }>();
  const openedWith: (string | null)[] = [];
  let seq = 0;
  const handler = sse<{ message: LiveEvent }>('/api/private/stores/:id/live', ({ client, request }) => {
    openedWith.push(request.headers.get('last-event-id'));
    clients.add(client);
    request.signal.addEventListener('abort', () => clients.delete(client));
  });
  return {
    handler,
    channel: {
      send(event) {
        seq += 1;
        for (const client of clients) client.send({ id: String(seq), data: event });
      },
      end() {
        for (const client of clients) client.close();
        clients.clear();
      },
      get open() {
        return clients.size;
      },
      openedWith,
    },
  };
}

export const liveHandlers = [liveChannel().handler];
