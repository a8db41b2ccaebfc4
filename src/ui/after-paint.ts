/**
 * Resolves once what is rendered now has been painted: a task after the next frame. Where no
 * frame comes (a hidden page, which paints nothing; a document without frames) it resolves within
 * `limitMs`, so nothing waiting on it is held.
 */
export function afterPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    const limit = setTimeout(resolve, limitMs);
    requestAnimationFrame(() => {
      setTimeout(() => {
        clearTimeout(limit);
        resolve();
      }, 0);
    });
  });
}
