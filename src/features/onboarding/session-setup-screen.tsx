/** /session-setup: the word pool of the selection, size, mode and direction, then Start. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SESSION_SIZE_MAX, SESSION_SIZE_MIN } from '@/domain/constants';
import { roleLabel } from '@/domain/roles';
import { splitPool, wordsForMode } from '@/domain/session';
import type { DirectionSetting, SessionMode } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { selectionPool, studyDueBy, useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { divisionLabel } from '@/ui/division-label';
import { DivisionIcon } from '@/ui/icons';
import { wordCount } from './labels';
import { StepHeader } from './step-header';
import './onboarding.css';

const MODES: readonly { mode: SessionMode; label: MessageKey; hint: MessageKey }[] = [
  { mode: 'mixed', label: 'onboarding.setup.mode.mixed', hint: 'onboarding.setup.mode.mixedHint' },
  {
    mode: 'review',
    label: 'onboarding.setup.mode.review',
    hint: 'onboarding.setup.mode.reviewHint',
  },
  { mode: 'new', label: 'onboarding.setup.mode.new', hint: 'onboarding.setup.mode.newHint' },
];

const DIRECTIONS: readonly { direction: DirectionSetting; label: MessageKey }[] = [
  { direction: 'random', label: 'onboarding.setup.direction.random' },
  { direction: 'ru-en', label: 'onboarding.setup.direction.ru-en' },
  { direction: 'en-ru', label: 'onboarding.setup.direction.en-ru' },
];

/** Why Start is off: the selection has no words, or the chosen mode finds none of them. */
const EMPTY_REASONS: Readonly<Record<SessionMode | 'pool', MessageKey>> = {
  pool: 'onboarding.setup.noWords',
  review: 'onboarding.setup.noReview',
  new: 'onboarding.setup.noNew',
  // Mixed takes every word of the pool: it is empty only when the pool is.
  mixed: 'onboarding.setup.noWords',
};

export function SessionSetupScreen() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const user = useUser();
  const division = useSessionStore((s) => s.division);
  const role = useSessionStore((s) => s.role);
  const topics = useSessionStore((s) => s.topics);
  const size = useSessionStore((s) => s.size);
  const mode = useSessionStore((s) => s.mode);
  const direction = useSessionStore((s) => s.direction);
  const stepSize = useSessionStore((s) => s.stepSize);
  const setMode = useSessionStore((s) => s.setMode);
  const setDirection = useSessionStore((s) => s.setDirection);
  const startSession = useSessionStore((s) => s.startSession);
  const canSpeak = useCanSpeak();
  const listening = useSpeechStore((s) => s.settings.listening);
  const setListening = useSpeechStore((s) => s.setListening);
  const loaded = useVocabStore((s) => s.loaded);
  const vocab = useVocabStore((s) => s.vocab);
  const divisions = useVocabStore((s) => s.divisions);
  const userWords = useWordsStore((s) => s.words);

  const pool = useMemo(
    () => selectionPool({ division, role, topics }, vocab, userWords),
    [division, role, topics, vocab, userWords],
  );
  const split = useMemo(
    () => splitPool(pool, userWords, studyDueBy(Date.now())),
    [pool, userWords],
  );
  const review = split.review.length;
  const fresh = split.fresh.length;
  // The session this mode would prepare: none means Start would open an empty quiz.
  const empty = loaded && wordsForMode(split, mode) === 0;

  async function start() {
    startSession();
    await navigate({ to: '/quiz' });
  }

  const sizeLabelId = 'session-size-label';

  return (
    <main className="page onboarding">
      <StepHeader step={4} title={t('onboarding.setup.title')} />

      {user ? null : (
        <p className="notice notice-danger guest-warning">
          <span className="guest-warning-mark" aria-hidden="true">
            !
          </span>
          {t('onboarding.setup.guest')}
        </p>
      )}

      <section className="card setup-summary" aria-labelledby="setup-pool">
        {division ? (
          <p className="onboarding-context">
            <DivisionIcon division={division} width={20} height={20} />
            <span>{divisionLabel(t, division, divisions)}</span>
            {role ? <span className="onboarding-context-sep">·</span> : null}
            {role ? <span>{roleLabel(role, lang)}</span> : null}
          </p>
        ) : null}
        <p className="setup-topics">
          {division ? (
            <>
              {topics.length > 0
                ? t('onboarding.setup.topics', { count: topics.length })
                : t('onboarding.setup.allTopics')}
              <Link to="/select-topic" search={{ division, role }} className="onboarding-change">
                {t('onboarding.setup.change')}
              </Link>
            </>
          ) : (
            <Link to="/select-division" className="onboarding-change">
              {t('onboarding.role.pickDivision')}
            </Link>
          )}
        </p>
        <p id="setup-pool" className="setup-pool">
          {loaded
            ? t('onboarding.setup.available', { count: pool.length })
            : t('onboarding.loading')}
        </p>
        {loaded ? (
          <p className="muted setup-split">{t('onboarding.setup.split', { review, fresh })}</p>
        ) : null}
      </section>

      <div className="setup-grid">
        <section className="card setup-block setup-size" aria-labelledby={sizeLabelId}>
          <h2 id={sizeLabelId} className="setup-heading">
            {t('onboarding.setup.size')}
          </h2>
          <div className="stepper">
            <button
              type="button"
              className="stepper-btn"
              aria-label={t('onboarding.setup.fewer')}
              disabled={size <= SESSION_SIZE_MIN}
              onClick={() => stepSize(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="stepper-value" aria-live="polite">
              {wordCount(t, lang, size)}
            </output>
            <button
              type="button"
              className="stepper-btn"
              aria-label={t('onboarding.setup.more')}
              disabled={size >= SESSION_SIZE_MAX}
              onClick={() => stepSize(1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </section>

        <fieldset className="card setup-block setup-mode">
          <legend className="setup-heading setup-legend">{t('onboarding.setup.mode')}</legend>
          <div className="mode-cards">
            {MODES.map((item) => (
              <label key={item.mode} className="mode-card">
                <input
                  type="radio"
                  name="session-mode"
                  value={item.mode}
                  checked={mode === item.mode}
                  onChange={() => setMode(item.mode)}
                />
                <span className="mode-card-text">
                  <span className="mode-card-title">{t(item.label)}</span>
                  <span className="mode-card-hint">{t(item.hint)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="card setup-block setup-direction">
          <legend className="setup-heading setup-legend">{t('onboarding.setup.direction')}</legend>
          <div className="direction-choice">
            {DIRECTIONS.map((item) => (
              <label key={item.direction} className="direction-option">
                <input
                  type="radio"
                  name="session-direction"
                  value={item.direction}
                  checked={direction === item.direction}
                  onChange={() => setDirection(item.direction)}
                />
                <span>{t(item.label)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {canSpeak ? (
          <div className="card setup-block setup-listening">
            <label className="check-row">
              <input
                type="checkbox"
                checked={listening}
                onChange={(event) => setListening(event.target.checked)}
                aria-describedby="listening-hint"
              />
              <span>{t('onboarding.setup.listening')}</span>
            </label>
            <p id="listening-hint" className="muted">
              {t('onboarding.setup.listeningHint')}
            </p>
          </div>
        ) : null}
      </div>

      <div role="status">
        {empty ? (
          <p id="setup-empty" className="notice notice-warning">
            {t(EMPTY_REASONS[pool.length === 0 ? 'pool' : mode])}
          </p>
        ) : null}
      </div>

      <div className="onboarding-actions">
        <button
          type="button"
          className="btn btn-primary btn-block btn-large"
          onClick={() => void start()}
          disabled={!loaded || empty}
          aria-describedby={empty ? 'setup-empty' : undefined}
        >
          {t('onboarding.setup.start')}
        </button>
      </div>
    </main>
  );
}
