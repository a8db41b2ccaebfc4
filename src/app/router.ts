/** The router instance (made on first use) and its type registration. */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routes/tree';

const makeRouter = () =>
  createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

let router: ReturnType<typeof makeRouter> | null = null;

/**
 * The app's router. Made on first use, not when the application chunk is evaluated: building the
 * route tree is the largest part of that evaluation, and the start makes it in a task of its own
 * while the database opens.
 */
export function getRouter(): ReturnType<typeof makeRouter> {
  router ??= makeRouter();
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
