// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '@/ui/after-paint';

/** The frames asked for, run by the test when it says a frame has come. */
function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  return () => {
    for (const frame of frames.splice(0)) frame(performance.now());
  };
}

describe('afterPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('resolves in a task after the next frame, not before it', async () => {
    vi.useFakeTimers();
    const frame = heldFrames();
    let done = false;
    void afterPaint(10_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    frame();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('does not hold its caller when no frame comes', async () => {
    vi.useFakeTimers();
    heldFrames();
    let done = false;
    void afterPaint(100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves at once on a hidden page, which paints nothing', async () => {
    heldFrames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    let done = false;
    void afterPaint(10_000).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(true);
  });
});
