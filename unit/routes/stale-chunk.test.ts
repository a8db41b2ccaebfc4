import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, reloadForStaleChunk } from '@/routes/stale-chunk';

describe('a screen of an older version that can no longer load', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is recognised by the messages browsers give a failed dynamic import', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
    ]) {
      expect(isStaleChunkError(new TypeError(message))).toBe(true);
    }
    expect(isStaleChunkError(new Error('Network request failed'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the page once; a second failure right after shows the error instead of looping', () => {
    const data = new Map<string, string>();
    const reload = vi.fn();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    });
    vi.stubGlobal('window', { location: { reload } });
    const now = Date.UTC(2026, 10, 23, 9);
    expect(reloadForStaleChunk(now)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(reloadForStaleChunk(now + 5_000)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    // Much later (another update), it may reload again.
    expect(reloadForStaleChunk(now + 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
