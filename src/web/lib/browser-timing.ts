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

/**
 * Runs `callback` once the browser has painted its next `frames` frames; returns a cancel. A frame painted is
 * handed to the screen a moment later: waiting one more frame means the one before is on screen.
 */
export function afterPaint(callback: () => void, frames = 1): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let left = frames;
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  const onFrame = () => {
    left -= 1;
    if (left > 0) frame = requestAnimationFrame(onFrame);
    else timer = setTimeout(callback, 0);
  };
  frame = requestAnimationFrame(onFrame);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Resolves in a later task: what follows runs after the browser has had a turn (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
