/**
 * Pronunciation on this device: which voice speaks the English (one that works without a network
 * first), British or American English where the device has both, a slower pace for learners, and
 * a sample; with no English voice, why the listen buttons are hidden and how to add a voice.
 */
import type { CSSProperties } from 'react';
import type { Accent } from '@/domain/speech';
import { useT } from '@/i18n';
import { useSpeechStore } from '@/stores/speech-store';

const ACCENT_LABELS = {
  auto: 'settings.speech.auto',
  'en-GB': 'settings.speech.gb',
  'en-US': 'settings.speech.us',
} as const;

/** An anchoring order of the built-in vocabulary (IMO SMCP), to try the voice with. */
const SAMPLE = 'Let go port anchor!';

export function SpeechCard() {
  const t = useT();
  const { supported, voice, accents, settings, speak, setAccent, setPace } = useSpeechStore();

  return (
    <section className="card settings-card" aria-labelledby="speech-title">
      <h2 id="speech-title">{t('settings.speech.title')}</h2>
      {!voice ? (
        <>
          <p className="notice notice-warning" role="status">
            {t(supported ? 'settings.speech.none' : 'settings.speech.unsupported')}
          </p>
          <ul className="speech-help">
            <li>{t('settings.speech.howAndroid')}</li>
            <li>{t('settings.speech.howIos')}</li>
          </ul>
        </>
      ) : (
        <>
          <p className="muted" data-testid="speech-voice">
            {t('settings.speech.voice', { name: voice.name, lang: voice.lang })} ·{' '}
            {t(voice.localService ? 'settings.speech.onDevice' : 'settings.speech.network')}
          </p>
          {accents.length > 1 ? (
            <fieldset className="choice-group">
              <legend>{t('settings.speech.accent')}</legend>
              <div className="segmented" style={{ '--segments': 3 } as CSSProperties}>
                {(['auto', ...accents] as Accent[]).map((accent) => (
                  <label key={accent} className="segment">
                    <input
                      type="radio"
                      name="speech-accent"
                      value={accent}
                      checked={settings.accent === accent}
                      onChange={() => setAccent(accent)}
                    />
                    <span>{t(ACCENT_LABELS[accent])}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <label className="check-row">
            <input
              type="checkbox"
              checked={settings.pace === 'slow'}
              onChange={(event) => setPace(event.target.checked ? 'slow' : 'normal')}
            />
            <span>{t('settings.speech.slow')}</span>
          </label>
          <button type="button" className="btn" onClick={() => speak(SAMPLE)}>
            {t('settings.speech.test')}
          </button>
        </>
      )}
    </section>
  );
}
