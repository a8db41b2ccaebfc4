/** Bootstrap: styles, the service worker, and the app. */
// The shared styles come first so that feature styles, imported by the screens, win ties.
import '@/styles/app.css';
import '@/styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/service-worker';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The start-up benchmark reads this mark (the first frame after the first render).
requestAnimationFrame(() => performance.mark('app:first-paint'));

registerServiceWorker();
