import { useSyncExternalStore } from 'react';
import { useNow } from '../lib/use-now';

/*
 * The server's time as this tab counts it. What the server decides by its clock (the chat's 24-hour window) is shown
 * by the same clock: a device whose clock is off by minutes would otherwise offer free text the server refuses, or
 * hold back what it still takes. Each answer says the server's time (HTTP's Date header); the tab keeps how far its
 * own clock is from it, and counts on from there.
 */

/** The header's whole seconds and the answer's way here: a smaller difference is not a clock apart. */
const PRECISION_MS = 2000;

let offsetMs = 0;
const listeners = new Set<() => void>();

/** Takes the server's time from an answer of the API (a JSON answer or the live stream, never a cached file). */
export function noteServerDate(response: Response): void {
  const header = response.headers.get('date');
  const serverAt = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(serverAt)) return;
  const offset = serverAt - Date.now();
  if (Math.abs(offset - offsetMs) < PRECISION_MS) return;
  offsetMs = offset;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's time now, read again every `intervalMs` and whenever an answer moves it. */
export function useServerNow(intervalMs?: number): number {
  const offset = useSyncExternalStore(
    subscribe,
    () => offsetMs,
    () => 0,
  );
  return useNow(intervalMs) + offset;
}
