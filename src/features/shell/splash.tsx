/**
 * The start-up splash: an animation for 3 s; a tap or a key skips it. Its markup is kept for the
 * home snapshot, so that index.html can paint it at the next start before any script has run.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { SPLASH_MS } from '@/domain/constants';
import { useT } from '@/i18n';
import { rememberSplash } from '@/ui/home-snapshot';
import { AnchorIcon } from '@/ui/icons';

/** `shownAt`: when the splash was first painted (by index.html), in ms since navigation. */
export function Splash({
  onDone,
  shownAt = null,
}: {
  onDone: () => void;
  shownAt?: number | null;
}) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (ref.current) rememberSplash(ref.current);
  }, []);

  useEffect(() => {
    const left = shownAt === null ? SPLASH_MS : SPLASH_MS - (performance.now() - shownAt);
    // Shown long enough already (painted by index.html while the app loaded): it ends now.
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(onDone, left);
    return () => clearTimeout(timer);
  }, [onDone, shownAt]);

  // Listening from the commit that shows this splash: the app removes the splash index.html
  // painted, and with it that one's key listener, in the same commit. Attached in a passive
  // effect, which runs in a later task, a key pressed in between was lost and the splash stayed.
  useLayoutEffect(() => {
    const skip = () => onDone();
    window.addEventListener('keydown', skip);
    return () => window.removeEventListener('keydown', skip);
  }, [onDone]);

  return (
    <button
      ref={ref}
      type="button"
      className="splash"
      aria-label={t('splash.label')}
      onClick={onDone}
    >
      <AnchorIcon className="splash-logo" />
      <span className="splash-title">{t('app.name')}</span>
      <span>{t('app.tagline')}</span>
      <span className="splash-hint">{t('splash.skip')}</span>
      <svg
        className="splash-waves"
        viewBox="0 0 1200 80"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <path
          d="M0 40 Q 75 10 150 40 T 300 40 T 450 40 T 600 40 T 750 40 T 900 40 T 1050 40 T 1200 40 V80 H0Z"
          fill="#fff"
        />
      </svg>
    </button>
  );
}
