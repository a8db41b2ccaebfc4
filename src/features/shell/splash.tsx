/** The start-up splash: an animation for 3 s; a tap or a key skips it. */
import { useEffect } from 'react';
import { SPLASH_MS } from '@/domain/constants';
import { useT } from '@/i18n';
import { AnchorIcon } from '@/ui/icons';

export function Splash({ onDone }: { onDone: () => void }) {
  const t = useT();

  useEffect(() => {
    const timer = setTimeout(onDone, SPLASH_MS);
    const skip = () => onDone();
    window.addEventListener('keydown', skip);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', skip);
    };
  }, [onDone]);

  return (
    <button type="button" className="splash" aria-label={t('splash.label')} onClick={onDone}>
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
