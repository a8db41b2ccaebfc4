/**
 * The spoken answer mode's button: «Ответить голосом». The speaking part (recognition, recording,
 * the marking and its texts) is a chunk of its own, loaded when the learner presses it, so the
 * screens that offer it, and the start-up, carry only this button.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useLocalT } from '@/i18n';
import { speakButton } from '@/i18n/messages/speak-button';
import type { SpeakPanelProps } from './types';

/** What shows when the chunk does not load (an update removed it while offline). */
function LoadFailed() {
  const t = useLocalT(speakButton);
  return (
    <p className="speak-error" role="alert">
      {t('loadFailed')}
    </p>
  );
}

/**
 * The English a recogniser listens for, best first: the accent the learner chose (or the device
 * voice's), then the other one.
 */
export function listeningLangs(accent: string, voiceLang?: string): string[] {
  const british = accent === 'en-GB' || (accent === 'auto' && /^en[-_]GB$/i.test(voiceLang ?? ''));
  return british ? ['en-GB', 'en-US'] : ['en-US', 'en-GB'];
}

const SpeakPanel = lazy(() =>
  import('./speak-panel').catch((error: unknown) => {
    console.error('Loading the speaking part failed', error);
    return { default: LoadFailed };
  }),
);

/** A microphone, drawn here so that the shared icons do not grow for one button. */
function MicIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}

export function SpeakLauncher(props: SpeakPanelProps & { className?: string }) {
  const t = useLocalT(speakButton);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { className, ...panel } = props;
  return (
    <div className={`speak${className ? ` ${className}` : ''}`}>
      {open ? null : (
        <button
          type="button"
          className="btn btn-block speak-open"
          aria-controls={panelId}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <MicIcon />
          <span>{t('open')}</span>
        </button>
      )}
      <div id={panelId}>
        {open ? (
          <Suspense fallback={<p className="muted">{t('loading')}</p>}>
            <SpeakPanel {...panel} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
