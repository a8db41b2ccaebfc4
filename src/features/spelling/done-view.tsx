/**
 * The end of a session: a heading true to the result (the congratulations only when every word
 * was learned), the learned words, and a repeat of chosen words or finish. «Выучено» is what the
 * learner's records say now (the words store's fold, as home, progress and the rank read it):
 * a word answered wrong in the choice round and right in spelling took no step and is not
 * learned, however the session went.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { type SessionOutcome, sessionOutcome } from '@/domain/quiz-run';
import { spokenText } from '@/domain/speech';
import { type MessageKey, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { figuresAheadSoon } from '@/stores/figures-refresh';
import { learnedWords, type RunningSession, useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useWordsStore } from '@/stores/words-store';
import { AnchorIcon, CheckIcon } from '@/ui/icons';
import { ListenButton } from '@/ui/listen-button';

const HEADINGS: Readonly<Record<SessionOutcome, { title: MessageKey; lead: MessageKey }>> = {
  'all-learned': { title: 'quiz.done.title', lead: 'quiz.done.lead' },
  'some-right': { title: 'quiz.done.title.some', lead: 'quiz.done.lead.some' },
  'none-right': { title: 'quiz.done.title.plain', lead: 'quiz.done.lead.none' },
  'all-skipped': { title: 'quiz.done.title.plain', lead: 'quiz.done.lead.skipped' },
};

export function DoneView({ session }: { session: RunningSession }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useUser();
  const repeatWords = useSessionStore((s) => s.repeatWords);
  const finish = useSessionStore((s) => s.finish);
  const unsaved = useSessionStore((s) => s.unsavedAnswers);
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  const listenTo = (word: { langB: string }) =>
    canSpeak ? (
      <ListenButton
        label={t('speech.listen', { text: spokenText(word) })}
        onListen={() => speak(spokenText(word))}
        className="done-listen"
      />
    ) : null;
  const records = useWordsStore((s) => s.words);
  // The progress screen is often the next: its figures are worked out now, in the background.
  useEffect(() => figuresAheadSoon(), []);
  // The session's own results say what went right; the records say what is learned.
  const rightInSession = learnedWords(session);
  const learned = useMemo(
    () =>
      session.words.filter((word) => {
        const record = records.get(word.id);
        return record?.status === 'learned' && !record.deleted;
      }),
    [session.words, records],
  );
  // A word stuck when it came out right and its record says learned.
  const learnedIds = new Set(
    rightInSession.filter((w) => learned.some((l) => l.id === w.id)).map((w) => w.id),
  );
  const outcome = sessionOutcome(session);
  const heading =
    HEADINGS[
      outcome === 'all-learned' && learned.length < session.words.length ? 'some-right' : outcome
    ];
  // The words that did not stick start ticked for a repeat.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(session.words.filter((w) => !learnedIds.has(w.id)).map((w) => w.id)),
  );

  function toggle(id: string, on: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function repeat() {
    if (repeatWords([...chosen])) await navigate({ to: '/quiz' });
  }

  async function done() {
    finish();
    await navigate({ to: '/' });
  }

  return (
    <main className="page spelling done">
      <header className="done-hero">
        <span className="done-badge" aria-hidden="true">
          <AnchorIcon width={40} height={40} />
        </span>
        <h1>{t(heading.title)}</h1>
        <p className="done-lead">{t(heading.lead)}</p>
      </header>

      <dl className="done-stats">
        <div>
          <dt>{t('quiz.done.quizScore')}</dt>
          <dd>
            {session.correctCount} / {session.words.length}
          </dd>
        </div>
        <div>
          <dt>{t('quiz.done.learnedCount')}</dt>
          <dd>{learned.length}</dd>
        </div>
      </dl>

      {user ? null : <p className="notice notice-danger done-guest">{t('quiz.done.guest')}</p>}
      {unsaved > 0 ? (
        <p className="notice notice-danger" role="alert">
          {t('quiz.done.unsaved', { count: unsaved })}
        </p>
      ) : null}

      <section className="card done-section" aria-labelledby="done-learned">
        <h2 id="done-learned">{t('quiz.done.learned')}</h2>
        {learned.length === 0 ? (
          <p className="muted">{t('quiz.done.noneLearned')}</p>
        ) : (
          <ul className="done-words">
            {learned.map((word) => (
              <li key={word.id}>
                <CheckIcon className="done-check" width={18} height={18} />
                <span lang="en" className="done-en">
                  {word.langB}
                </span>
                <span lang="ru" className="done-ru">
                  {word.langA}
                </span>
                {listenTo(word)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <form
        className="card done-section"
        onSubmit={(event) => {
          event.preventDefault();
          void repeat();
        }}
      >
        <fieldset>
          <legend className="done-legend">{t('quiz.done.repeat')}</legend>
          <ul className="done-repeat">
            {session.words.map((word) => (
              <li key={word.id}>
                <label className="done-option">
                  <input
                    type="checkbox"
                    checked={chosen.has(word.id)}
                    onChange={(event) => toggle(word.id, event.target.checked)}
                  />
                  <span className="done-option-text">
                    <span lang="en" className="done-en">
                      {word.langB}
                    </span>
                    <span lang="ru" className="done-ru">
                      {word.langA}
                    </span>
                  </span>
                </label>
                {listenTo(word)}
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="done-actions">
          <button type="submit" className="btn" disabled={chosen.size === 0}>
            {t('quiz.done.repeatSelected')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void done()}>
            {t('quiz.done.finish')}
          </button>
        </div>
      </form>
    </main>
  );
}
