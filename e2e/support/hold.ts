/** Holding a download back: what a page shows while part of the app is still on its way. */
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Holds every request for `url` (of a page, or of a whole context, its workers included) until
 * the returned `release` is called; then they go through unchanged.
 */
export async function holdBack(target: Page | BrowserContext, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
