/** /quiz/spelling: the letter-tile spelling quiz, its second pass, then the congratulations screen. */

import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  SPELLING_ADVANCE_CORRECT_MS,
  SPELLING_ADVANCE_FAILED_MS,
  SPELLING_ADVANCE_SKIPPED_MS,
  SPELLING_FLASH_MS,
  SPELLING_MAX_MISTAKES,
} from '@/domain/constants';
import { spokenText } from '@/domain/speech';
import { SPACE_TILE } from '@/domain/spelling';
import type { VocabItem } from '@/domain/types';
import { useT } from '@/i18n';
import {
  type LetterOutcome,
  type SpellingResult,
  type SpellingState,
  type SpellingWord,
  useSessionStore,
} from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { EmptyState } from '@/ui/empty-state';
import { CheckIcon, CloseIcon } from '@/ui/icons';
import { ListenButton } from '@/ui/listen-button';
import { DoneView } from './done-view';
import './spelling.css';

const ADVANCE_MS: Readonly<Record<SpellingResult, number>> = {
  correct: SPELLING_ADVANCE_CORRECT_MS,
  failed: SPELLING_ADVANCE_FAILED_MS,
  skipped: SPELLING_ADVANCE_SKIPPED_MS,
};

export function SpellingScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const phase = session?.phase;

  // The multiple choice comes first.
  useEffect(() => {
    if (phase === 'choice') void navigate({ to: '/quiz', replace: true });
  }, [phase, navigate]);

  if (!session || session.words.length === 0) {
    return (
      <main className="page spelling">
        <h1>{t('quiz.spelling.title')}</h1>
        <EmptyState>{t('quiz.empty')}</EmptyState>
        <p className="spelling-center">
          <Link to="/select-division" className="btn btn-primary">
            {t('quiz.chooseWords')}
          </Link>
        </p>
      </main>
    );
  }

  if (session.phase === 'done') return <DoneView session={session} />;

  const spelling = session.spelling;
  const word = spelling?.word;
  const item = word ? session.words.find((w) => w.id === word.vocabId) : undefined;
  if (session.phase !== 'spelling' || !spelling || !word || !item) {
    return (
      <main className="page spelling">
        <h1>{t('quiz.spelling.title')}</h1>
      </main>
    );
  }

  return (
    <SpellingWordView
      key={`${spelling.pass}-${spelling.position}`}
      spelling={spelling}
      word={word}
      item={item}
    />
  );
}

interface WordViewProps {
  spelling: SpellingState;
  word: SpellingWord;
  item: VocabItem;
}

/** A keyboard letter: the key itself, or on a non-Latin layout the Latin letter of its position. */
function keyLetter(event: KeyboardEvent): string | null {
  if (event.key === ' ' || event.key === 'Spacebar') return ' ';
  if (event.key.length !== 1 || !/\p{L}/u.test(event.key)) return null;
  if (/[a-z]/i.test(event.key)) return event.key;
  const code = /^Key([A-Z])$/.exec(event.code);
  return code ? (code[1] as string) : event.key;
}

function SpellingWordView({ spelling, word, item }: WordViewProps) {
  const t = useT();
  const tapTile = useSessionStore((s) => s.tapTile);
  const typeLetter = useSessionStore((s) => s.typeLetter);
  const skipSpelling = useSessionStore((s) => s.skipSpelling);
  const nextSpellingWord = useSessionStore((s) => s.nextSpellingWord);
  const [flash, setFlash] = useState<{ tile: number | null; at: number } | null>(null);
  const promptRef = useRef<HTMLDivElement>(null);
  const outcome = word.outcome;
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  // Listening to the finished word holds it on screen until «Далее».
  const [held, setHeld] = useState(false);
  const english = spokenText(item);

  useEffect(() => {
    promptRef.current?.focus({ preventScroll: true });
  }, []);

  // A finished word stays on screen for a moment (longer when the answer is revealed).
  useEffect(() => {
    if (!outcome || held) return;
    const timer = setTimeout(() => nextSpellingWord(), ADVANCE_MS[outcome]);
    return () => clearTimeout(timer);
  }, [outcome, held, nextSpellingWord]);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), SPELLING_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const show = useCallback((result: LetterOutcome) => {
    if (result.kind === 'wrong') setFlash({ tile: result.tileId, at: Date.now() });
  }, []);

  // A layout effect: the keys work from the moment the word is on screen.
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || outcome) return;
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      const letter = keyLetter(event);
      if (letter === null) return;
      // Space types a gap here; it must not also press a focused button or scroll the page.
      event.preventDefault();
      show(typeLetter(letter));
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [outcome, typeLetter, show]);

  const typed = word.target.slice(0, word.used.length);
  const groups = word.target.split(SPACE_TILE);
  const progress = t('quiz.spelling.progress', {
    n: spelling.position + 1,
    total: spelling.queue.length,
  });
  let offset = 0;

  return (
    <main className="page spelling">
      <header className="spelling-header">
        <h1 className="spelling-title">{t('quiz.spelling.title')}</h1>
        <p className="spelling-progress-text">{progress}</p>
        <span
          className="spelling-mistakes"
          role="img"
          aria-label={t('quiz.spelling.mistakes', {
            count: word.mistakes,
            max: SPELLING_MAX_MISTAKES,
          })}
        >
          {Array.from({ length: SPELLING_MAX_MISTAKES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of three marks.
            <span key={i} className={i < word.mistakes ? 'is-used' : undefined}>
              ✕
            </span>
          ))}
        </span>
      </header>
      {spelling.pass === 2 ? (
        <p className="spelling-pass">{t('quiz.spelling.secondPass')}</p>
      ) : null}
      <div
        className="spelling-bar"
        role="progressbar"
        aria-label={progress}
        aria-valuemin={0}
        aria-valuemax={spelling.queue.length}
        aria-valuenow={spelling.position}
      >
        <span style={{ width: `${(spelling.position / spelling.queue.length) * 100}%` }} />
      </div>

      <div className="card spelling-prompt" ref={promptRef} tabIndex={-1}>
        <p className="spelling-instruction">{t('quiz.spelling.instruction')}</p>
        <h2 className="spelling-word" lang="ru">
          {item.langA}
        </h2>
      </div>

      <div
        className={`spelling-answer${flash && flash.tile === null ? ' is-flash' : ''}${outcome ? ` is-${outcome}` : ''}`}
      >
        <span className="visually-hidden" aria-live="polite">
          {typed
            ? t('quiz.spelling.typed', { text: typed.replaceAll(SPACE_TILE, ' ') })
            : t('quiz.spelling.nothingTyped')}
        </span>
        {groups.map((group, g) => {
          const start = offset;
          offset += group.length + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed target.
            <span key={g} className="spelling-group" aria-hidden="true">
              {[...group].map((char, i) => {
                const at = start + i;
                const placed = at < word.used.length;
                const reveal = !placed && outcome !== null && outcome !== 'correct';
                return (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: slots of one fixed target.
                    key={i}
                    className={`spelling-slot${placed ? ' is-placed' : ''}${reveal ? ' is-revealed' : ''}${at === word.used.length && !outcome ? ' is-next' : ''}`}
                  >
                    {placed || reveal ? char : ''}
                  </span>
                );
              })}
            </span>
          );
        })}
      </div>

      <div className="spelling-feedback-slot" role="status">
        {outcome === 'correct' ? (
          <p className="spelling-feedback is-success">
            <CheckIcon aria-hidden="true" />
            <strong>{t('quiz.correct')}</strong>
          </p>
        ) : outcome ? (
          <p className="spelling-feedback is-danger">
            <CloseIcon aria-hidden="true" />
            <strong>{t('quiz.spelling.reveal', { answer: item.langB })}</strong>
          </p>
        ) : null}
        {outcome && canSpeak ? (
          <ListenButton
            label={t('speech.listen', { text: english })}
            onListen={() => {
              setHeld(true);
              speak(english);
            }}
            className="spelling-listen"
          />
        ) : null}
      </div>

      <fieldset className="spelling-tiles-set">
        <legend className="visually-hidden">{t('quiz.spelling.tiles')}</legend>
        <div className="spelling-tiles">
          {word.tiles.map((tile) => {
            const used = word.used.includes(tile.id);
            const flashing = flash?.tile === tile.id;
            const space = tile.char === SPACE_TILE;
            return (
              <button
                key={tile.id}
                type="button"
                className={`spelling-tile${used ? ' is-used' : ''}${flashing ? ' is-flash' : ''}${space ? ' is-space' : ''}`}
                disabled={used || outcome !== null}
                aria-label={space ? t('quiz.spelling.space') : undefined}
                onClick={() => show(tapTile(tile.id))}
              >
                {space ? '␣' : tile.char}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className="spelling-actions">
        {held ? (
          <button
            type="button"
            className="btn btn-primary spelling-next"
            onClick={() => nextSpellingWord()}
          >
            {t('quiz.next')}
          </button>
        ) : (
          <button
            type="button"
            className="btn spelling-skip"
            disabled={outcome !== null}
            onClick={() => skipSpelling()}
          >
            {t('quiz.skip')}
          </button>
        )}
      </div>
      <p className="spelling-hint muted">{t('quiz.spelling.keysHint')}</p>
    </main>
  );
}
