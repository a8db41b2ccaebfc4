/**
 * The first visit's picture, rendered when the app is built (vite.config.ts, firstPaint): a
 * guest's home in the default language as the app draws it before anything is stored, the
 * splash, and the start screen's message for an application that cannot be loaded. index.html
 * paints them on a device that has never shown home, so a first visit has its home on the
 * screen before any script has loaded; the app then takes their place. Runs in Node through
 * Vite's module loader, never in the page.
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { DEFAULT_UI_LANG, type UiLang } from '@/domain/settings-schema';
import { Splash } from '@/features/shell/splash';
import { routeTree } from '@/routes/tree';
import { Providers } from './providers';
import { StartFailed } from './start-screen';

export interface FirstVisit {
  lang: UiLang;
  /** The frame and a guest's home, as `#root` holds them. */
  html: string;
  /** The splash, for a start with the splash on. */
  splash: string;
  /** What the page says when the application cannot be loaded (both languages). */
  failed: string;
}

/**
 * The markup of a tree once everything in it has resolved (the router's Suspense boundary too).
 * A part that fails to render fails the build: React would leave it to the client, blank.
 */
async function markup(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(tree, { onError: (error) => void errors.push(error) });
  if (errors.length) throw new Error('The first visit could not be rendered', { cause: errors[0] });
  return new Response(prelude).text();
}

export async function renderFirstVisit(): Promise<FirstVisit> {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  const lang = DEFAULT_UI_LANG;
  const html = await markup(
    <Providers lang={lang}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const splash = await markup(
    <Providers lang={lang}>
      <Splash onDone={() => undefined} />
    </Providers>,
  );
  const failed = await markup(<StartFailed />);
  return { lang, html, splash, failed };
}
