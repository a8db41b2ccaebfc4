/** The router instance and its type registration. */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routes/tree';

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
