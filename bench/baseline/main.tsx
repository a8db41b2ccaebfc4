/**
 * The start-up benchmark's floor: the least a React 19 PWA can do. One screen, rendered at once,
 * with the same marks as the app (`app:first-paint`, then `app:ready` when its screen is shown)
 * and the app's service worker precaching the build.
 */

import { registerSW } from 'virtual:pwa-register';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

function Screen() {
  useEffect(() => {
    if (performance.getEntriesByName('app:ready').length === 0) performance.mark('app:ready');
  }, []);
  return (
    <main>
      <h1>Морской английский</h1>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Screen />
  </StrictMode>,
);
requestAnimationFrame(() => performance.mark('app:first-paint'));
registerSW({ immediate: true });
