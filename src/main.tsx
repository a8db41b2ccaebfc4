/** Bootstrap: styles, the service worker, and the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/service-worker';
import '@/styles/app.css';
import '@/styles/shell.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
