/**
 * Runs `callback` once the browser has nothing more urgent to do (what it was drawing is on screen),
 * at the latest after `timeoutMs`; returns a cancel. Safari has no idle callback: it runs on the next
 * turn of the event loop there.
 */
export function whenIdle(callback: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/** Runs `callback` once the browser has painted its next frame; returns a cancel. */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Resolves in a later task: what follows runs after the browser has had a turn (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
