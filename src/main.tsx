/**
 * Bootstrap: the styles, React and a start screen, nothing else. The application (router, stores,
 * texts, the first screen) is one chunk loaded at once; when it arrives it starts opening the
 * database and restoring the session before its first render, so the start screen paints after
 * parsing React alone and the database work overlaps the loading of the rest.
 */
// The shared styles come first so that feature styles, imported by the screens, win ties.
import '@/styles/app.css';
import '@/styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartFailed, StartScreen } from '@/app/start-screen';
import { captureInstallPrompt } from '@/ui/install-prompt';

// The browser may offer the install before the application chunk arrives.
captureInstallPrompt();

const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <StrictMode>
    <StartScreen />
  </StrictMode>,
);
// The start-up benchmark reads this mark (the first frame after the first render).
requestAnimationFrame(() => performance.mark('app:first-paint'));

// Rendered directly, not through React.lazy: Suspense would hold the revealed app back for its
// fallback throttle.
import('@/app/app').then(
  ({ App, startApp }) => {
    startApp();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('Loading the app failed', error);
    root.render(<StartFailed />);
  },
);
