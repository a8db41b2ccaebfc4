/**
 * Bootstrap: the styles, React and a start screen (unless index.html painted home), nothing else.
 * The application (router, stores, texts, the first screen) is one chunk loaded at once; when it
 * arrives it starts opening the database and restoring the session before its first render, so
 * the start screen paints after parsing React alone and the database work overlaps the loading
 * of the rest.
 */
// The shared styles come first so that feature styles, imported by the screens, win ties.
import '@/styles/app.css';
import '@/styles/shell.css';
// Home's styles too: a snapshot of home (index.html) is painted before the application chunk.
import '@/features/home/home.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartFailed, StartScreen } from '@/app/start-screen';
import { paintedSnapshot } from '@/ui/home-snapshot';
import { captureInstallPrompt } from '@/ui/install-prompt';

// The browser may offer the install before the application chunk arrives.
captureInstallPrompt();

// A later start may already show home from its snapshot (index.html): it stays until the app
// renders, which shows it again while the database opens and then the live home.
const snapshot = paintedSnapshot();
const root = createRoot(document.getElementById('root') as HTMLElement);
if (snapshot === null) {
  root.render(
    <StrictMode>
      <StartScreen />
    </StrictMode>,
  );
}
// The start-up benchmark reads this mark (the first frame after the first render).
requestAnimationFrame(() => performance.mark('app:first-paint'));

// Rendered directly, not through React.lazy: Suspense would hold the revealed app back for its
// fallback throttle.
import('@/app/app').then(
  ({ App, startApp }) => {
    startApp();
    root.render(
      <StrictMode>
        <App snapshot={snapshot} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('Loading the app failed', error);
    root.render(<StartFailed />);
  },
);
