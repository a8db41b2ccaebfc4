/**
 * What the two production questions of the spelling phase share: letter tiles and word order
 * alike show the heading, the three-cross counter and «Слово n из N», the Russian prompt, the
 * result with its listen button, Skip or Next, and move on after the timings of SPEC §9.
 */
import { type ReactNode, type RefObject, useCallback, useEffect, useState } from 'react';
import {
  SPELLING_ADVANCE_CORRECT_MS,
  SPELLING_ADVANCE_FAILED_MS,
  SPELLING_ADVANCE_SKIPPED_MS,
  SPELLING_FLASH_MS,
  SPELLING_MAX_MISTAKES,
} from '@/domain/constants';
import { spokenText } from '@/domain/speech';
import type { VocabItem } from '@/domain/types';
import { useT } from '@/i18n';
import { type SpellingResult, type SpellingState, useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { CheckIcon, CloseIcon } from '@/ui/icons';
import { ListenButton } from '@/ui/listen-button';

const ADVANCE_MS: Readonly<Record<SpellingResult, number>> = {
  correct: SPELLING_ADVANCE_CORRECT_MS,
  failed: SPELLING_ADVANCE_FAILED_MS,
  skipped: SPELLING_ADVANCE_SKIPPED_MS,
};

/**
 * A finished word stays on screen for a moment (longer when the answer is revealed), or until
 * «Далее» once the learner listened to it (`held`).
 */
export function useAdvance(outcome: SpellingResult | null): {
  held: boolean;
  hold: () => void;
} {
  const nextSpellingWord = useSessionStore((s) => s.nextSpellingWord);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!outcome || held) return;
    const timer = setTimeout(() => nextSpellingWord(), ADVANCE_MS[outcome]);
    return () => clearTimeout(timer);
  }, [outcome, held, nextSpellingWord]);
  const hold = useCallback(() => setHeld(true), []);
  return { held, hold };
}

/** A wrong tile (or, for the letters, the answer row when no tile matches) flashes red briefly. */
export function useFlash(): [
  { tile: number | null; at: number } | null,
  (tile: number | null) => void,
] {
  const [flash, setFlash] = useState<{ tile: number | null; at: number } | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), SPELLING_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const flashTile = useCallback((tile: number | null) => setFlash({ tile, at: Date.now() }), []);
  return [flash, flashTile];
}

/** The heading, «Слово n из N», the three crosses, the second-pass badge and the progress bar. */
export function SpellingHeading({
  spelling,
  mistakes,
}: {
  spelling: SpellingState;
  mistakes: number;
}) {
  const t = useT();
  const progress = t('quiz.spelling.progress', {
    n: spelling.position + 1,
    total: spelling.queue.length,
  });
  return (
    <>
      <header className="spelling-header">
        <h1 className="spelling-title">
          {t(spelling.word?.kind === 'word-order' ? 'quiz.wordOrder.title' : 'quiz.spelling.title')}
        </h1>
        <p className="spelling-progress-text">{progress}</p>
        <span
          className="spelling-mistakes"
          role="img"
          aria-label={t('quiz.spelling.mistakes', { count: mistakes, max: SPELLING_MAX_MISTAKES })}
        >
          {Array.from({ length: SPELLING_MAX_MISTAKES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of three marks.
            <span key={i} className={i < mistakes ? 'is-used' : undefined}>
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
    </>
  );
}

/** The Russian to put into English, under its instruction; focused when the word comes up. */
export function SpellingPrompt({
  item,
  instruction,
  promptRef,
}: {
  item: VocabItem;
  instruction: string;
  promptRef: RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    promptRef.current?.focus({ preventScroll: true });
  }, [promptRef]);
  return (
    <div className="card spelling-prompt" ref={promptRef} tabIndex={-1}>
      <p className="spelling-instruction">{instruction}</p>
      <h2 className="spelling-word" lang="ru">
        {item.langA}
      </h2>
    </div>
  );
}

/**
 * The result once the word is settled: «Верно!», or «Правильно: …» with the English as written;
 * with a voice, a listen button that holds the word on screen. `children` (a hint while
 * answering) shows in the same place before that.
 */
export function SpellingFeedback({
  item,
  outcome,
  onHold,
  children,
}: {
  item: VocabItem;
  outcome: SpellingResult | null;
  onHold: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  const english = spokenText(item);
  return (
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
      ) : (
        children
      )}
      {outcome && canSpeak ? (
        <ListenButton
          label={t('speech.listen', { text: english })}
          onListen={() => {
            onHold();
            speak(english);
          }}
          className="spelling-listen"
        />
      ) : null}
    </div>
  );
}

/** Skip while answering; «Далее» once the learner listened to the settled word. */
export function SpellingActions({
  outcome,
  held,
  hint,
}: {
  outcome: SpellingResult | null;
  held: boolean;
  hint: string;
}) {
  const t = useT();
  const skipSpelling = useSessionStore((s) => s.skipSpelling);
  const nextSpellingWord = useSessionStore((s) => s.nextSpellingWord);
  return (
    <>
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
      <p className="spelling-hint muted">{hint}</p>
    </>
  );
}
