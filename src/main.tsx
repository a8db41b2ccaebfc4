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
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StartFailed, StartScreen } from '@/app/start-screen';
import { paintedPicture, removePicture } from '@/ui/home-snapshot';
import { captureInstallPrompt } from '@/ui/install-prompt';

// The browser may offer the install before the application chunk arrives.
captureInstallPrompt();

// The page may already show a picture of home (index.html, beside the root): it stays while the
// database opens, until the app's own screen is up.
const picture = paintedPicture() !== null;
const root = createRoot(document.getElementById('root') as HTMLElement);
if (!picture) {
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
  async ({ App, nextTask, startApp }) => {
    // In a task after the chunk's evaluation, not at the end of that long one.
    await nextTask();
    startApp();
    // A transition: React renders the app in slices (the page shows the start screen or the
    // picture of home meanwhile), not in one task that blocks the page.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App picture={picture} />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => {
    console.error('Loading the app failed', error);
    removePicture();
    root.render(<StartFailed />);
  },
);
