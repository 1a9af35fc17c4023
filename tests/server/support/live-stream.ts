import { EventStreamParser } from '../../../src/shared/event-stream.ts';

/** A server-sent-events reader for tests: what a browser would hear on one connection. */

export interface StreamEvent {
  id: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  /** The next event, or throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Events received and not yet taken. */
  pending(): StreamEvent[];
  /** Where the stream stands (its last `id`, with or without an event). */
  lastEventId(): string;
  close(): void;
}

export async function openLiveStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const parser = new EventStreamParser();
  const queue: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  let ended: Error | null = null;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          for (const message of parser.push(decoder.decode(chunk, { stream: true })))
            queue.push({ id: message.lastEventId, data: JSON.parse(message.data) });
          wake();
        }
        ended = new Error('the stream ended');
      } catch (error) {
        ended = error as Error;
      }
      wake();
    })();
  }
  return {
    status: response.status,
    async next(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (ended) throw ended;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return queue.shift()!;
    },
    pending: () => [...queue],
    lastEventId: () => parser.lastEventId,
    close: () => controller.abort(),
  };
}
