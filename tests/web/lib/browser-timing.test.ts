import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/web/lib/browser-timing';

describe('afterPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Frames run only when the test says, so what ran after how many of them is exact. */
  function framesByHand() {
    const waiting: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => waiting.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((handle) => {
      waiting[handle - 1] = () => {};
    });
    return {
      /** Runs the frame's callbacks, then the task queued after its paint. */
      async paint() {
        for (const callback of waiting.splice(0)) callback(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    };
  }

  it('runs after the next frame is painted, or after as many frames as asked', async () => {
    const frames = framesByHand();
    const once = vi.fn();
    const twice = vi.fn();
    afterPaint(once);
    afterPaint(twice, 2);
    expect(once).not.toHaveBeenCalled();
    await frames.paint();
    expect(once).toHaveBeenCalledOnce();
    expect(twice).not.toHaveBeenCalled();
    await frames.paint();
    expect(twice).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, between frames too', async () => {
    const frames = framesByHand();
    const callback = vi.fn();
    const cancel = afterPaint(callback, 2);
    await frames.paint();
    cancel();
    await frames.paint();
    await frames.paint();
    expect(callback).not.toHaveBeenCalled();
  });
});
