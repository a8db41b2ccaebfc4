/** Bootstrap: open the local database, register the service worker, mount the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/service-worker';
import { openMarineDB } from '@/db/open';

const root = createRoot(document.getElementById('root') as HTMLElement);

openMarineDB().then(
  (db) => {
    root.render(
      <StrictMode>
        <App db={db} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(
      <main className="fatal" role="alert">
        <h1>Не удалось открыть локальную базу данных</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
  },
);

registerServiceWorker();
