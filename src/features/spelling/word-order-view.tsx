/**
 * The word-order question of a phrase: the Russian, the English built so far, the word tiles
 * (the answer's words and one or two extra words) and a field to type the next word.
 *
 * Keyboard first: typing anywhere on the screen writes into the field; Space or Enter places the
 * word typed, or the one word its first letters begin (word-order.ts `matchTypedWord`); on a
 * Russian layout the keys type the Latin letters of their places, as in the letter quiz. Tab
 * reaches the tiles and Enter places one, and the focus moves on to the next free tile. Digits
 * are typed as words ("level 2"), so no number keys pick tiles.
 *
 * Or aloud: «Ответить голосом» loads the speaking part (ui/speaking), which hears the phrase and
 * marks it word by word, or records it for the learner to judge; the first answer settles the
 * phrase like the tiles would, recorded in the spoken mode.
 */
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { SPELLING_MAX_MISTAKES } from '@/domain/constants';
import type { VocabItem } from '@/domain/types';
import { useT } from '@/i18n';
import {
  type SpellingState,
  useSessionStore,
  type WordOrderWord,
  type WordOutcome,
} from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { listeningLangs, SpeakLauncher } from '@/ui/speaking/speak-launcher';
import {
  SpellingActions,
  SpellingFeedback,
  SpellingHeading,
  SpellingPrompt,
  useAdvance,
  useFlash,
} from './spelling-parts';

interface WordOrderViewProps {
  spelling: SpellingState;
  word: WordOrderWord;
  item: VocabItem;
}

/**
 * What a key adds to the typed word: the character, or on a non-Latin layout the Latin letter
 * (or apostrophe) of the key's place; null for keys that type nothing (Space and Enter place).
 */
function typedChar(event: { key: string; code: string }): string | null {
  if (event.key.length !== 1 || event.key === ' ') return null;
  if (!/\p{L}/u.test(event.key) || /[a-z]/i.test(event.key)) return event.key;
  if (event.code === 'Quote') return "'";
  const code = /^Key([A-Z])$/.exec(event.code);
  return code ? (code[1] as string).toLowerCase() : event.key;
}

export function WordOrderView({ spelling, word, item }: WordOrderViewProps) {
  const t = useT();
  const tapTile = useSessionStore((s) => s.tapTile);
  const typeWord = useSessionStore((s) => s.typeWord);
  const answerAloud = useSessionStore((s) => s.answerAloud);
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  const accent = useSpeechStore((s) => s.settings.accent);
  const voiceLang = useSpeechStore((s) => s.voice?.lang);
  const [flash, flashTile] = useFlash();
  const promptRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const tilesRef = useRef<HTMLDivElement>(null);
  /** A tile placed from the keyboard hands the focus to the next free tile. */
  const refocus = useRef(false);
  /** A character the code adds to the field (not the field itself) puts the caret after it. */
  const caretToEnd = useRef(false);
  const [draft, setDraft] = useState('');
  /** What the live region says about the last word: right, wrong, or no tile picked. */
  const [said, setSaid] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const outcome = word.outcome;
  const { held, hold } = useAdvance(outcome);

  const textOf = (tileId: number) => word.tiles.find((tile) => tile.id === tileId)?.text ?? '';
  const placed = word.used.map(textOf);

  /** Says what a placed word did; returns whether the word was right. */
  function report(result: WordOutcome, typed: string): boolean {
    if (result.kind === 'right') {
      setSaid(t('quiz.wordOrder.right', { word: textOf(result.tileId) }));
      setHint(null);
      return true;
    }
    if (result.kind === 'wrong') {
      flashTile(result.tileId);
      const mistakes = useSessionStore.getState().session?.spelling?.word?.mistakes ?? 0;
      setSaid(
        t('quiz.wordOrder.wrong', {
          word: result.tileId === null ? typed : textOf(result.tileId),
          count: mistakes,
          max: SPELLING_MAX_MISTAKES,
        }),
      );
      setHint(null);
      return false;
    }
    if (result.kind === 'no-word') {
      // Shown (and announced) in the status slot under the answer.
      setSaid('');
      setHint(
        t(result.match === 'several' ? 'quiz.wordOrder.several' : 'quiz.wordOrder.none', {
          text: typed,
        }),
      );
    }
    return false;
  }

  /**
   * Places the typed words one by one (a pasted phrase too) until one is not right; returns what
   * stays in the field: nothing after a placed word, the text itself when it picked no tile.
   */
  function submit(text: string): string {
    for (const typed of text.split(/\s+/).filter(Boolean)) {
      const result = typeWord(typed);
      if (result.kind === 'no-word') {
        report(result, typed);
        return typed;
      }
      if (!report(result, typed)) return '';
    }
    return '';
  }

  // Typing anywhere on the screen goes to the field: the keys work from the moment it shows.
  useLayoutEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || outcome) return;
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      const char = typedChar(event);
      if (char === null) return;
      event.preventDefault();
      caretToEnd.current = true;
      setDraft((previous) => previous + char);
      inputRef.current?.focus({ preventScroll: true });
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [outcome]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!caretToEnd.current || !input) return;
    caretToEnd.current = false;
    input.setSelectionRange(draft.length, draft.length);
  }, [draft]);

  // After a tile placed from the keyboard, the focus goes to the next free tile.
  useLayoutEffect(() => {
    if (!refocus.current || word.used.length === 0) return;
    refocus.current = false;
    const free = tilesRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    (free ?? promptRef.current)?.focus({ preventScroll: true });
  }, [word.used.length]);

  function onFieldKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const char = typedChar(event);
    // A Russian layout types the Latin letter of the key's place.
    if (char !== null && char !== event.key) {
      event.preventDefault();
      caretToEnd.current = true;
      setDraft((previous) => previous + char);
    }
  }

  function onFieldChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setHint(null);
    // A space (also from an on-screen keyboard) places the word before it.
    if (!/\s/.test(value)) {
      setDraft(value);
      return;
    }
    const parts = value.split(/\s+/);
    const rest = parts.pop() ?? '';
    const kept = submit(parts.join(' '));
    setDraft(kept === '' ? rest : kept);
  }

  const revealed =
    outcome !== null && outcome !== 'correct' ? word.answer.slice(placed.length) : [];

  return (
    <main className="page spelling">
      <SpellingHeading spelling={spelling} mistakes={word.mistakes} />
      <SpellingPrompt
        item={item}
        instruction={t('quiz.wordOrder.instruction')}
        promptRef={promptRef}
      />

      <p
        className={`word-order-answer${flash ? ' is-flash' : ''}${outcome ? ` is-${outcome}` : ''}`}
        lang="en"
      >
        <span className="visually-hidden">
          {placed.length > 0
            ? t('quiz.wordOrder.built', { text: placed.join(' ') })
            : t('quiz.wordOrder.nothingBuilt')}
        </span>
        {placed.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the placed words only grow.
          <span key={i} className="word-order-chip is-placed" aria-hidden="true">
            {text}
          </span>
        ))}
        {revealed.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rest of one fixed answer.
          <span key={i} className="word-order-chip is-revealed" aria-hidden="true">
            {text}
          </span>
        ))}
        {outcome ? null : <span className="word-order-chip is-next" aria-hidden="true" />}
      </p>
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>

      <SpellingFeedback item={item} outcome={outcome} onHold={hold}>
        {hint ? <p className="word-order-hint">{hint}</p> : null}
      </SpellingFeedback>

      <form
        className="word-order-entry"
        onSubmit={(event) => {
          event.preventDefault();
          setDraft(submit(draft));
        }}
      >
        <label htmlFor="word-order-input">{t('quiz.wordOrder.input')}</label>
        <input
          id="word-order-input"
          ref={inputRef}
          className="input"
          lang="en"
          type="text"
          value={draft}
          disabled={outcome !== null}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          onKeyDown={onFieldKey}
          onChange={onFieldChange}
        />
      </form>

      <fieldset className="spelling-tiles-set">
        <legend className="visually-hidden">{t('quiz.wordOrder.tiles')}</legend>
        <div className="word-order-tiles" ref={tilesRef}>
          {word.tiles.map((tile) => {
            const used = word.used.includes(tile.id);
            return (
              <button
                key={tile.id}
                type="button"
                lang="en"
                className={`word-order-tile${used ? ' is-used' : ''}${flash?.tile === tile.id ? ' is-flash' : ''}`}
                disabled={used || outcome !== null}
                onClick={(event) => {
                  // A click from the keyboard (Enter or Space on the tile) has no pointer detail.
                  refocus.current = event.detail === 0;
                  report(tapTile(tile.id), tile.text);
                }}
              >
                {tile.text}
              </button>
            );
          })}
        </div>
      </fieldset>

      <SpeakLauncher
        // A new launcher for each phrase and pass: the panel marks this phrase.
        key={`${word.vocabId}:${spelling.pass}`}
        className="word-order-speak"
        expected={item.langB}
        langs={listeningLangs(accent, voiceLang)}
        onAnswer={(answer) => {
          if (useSessionStore.getState().session?.spelling?.word?.outcome) return;
          // The marking stays on screen until «Далее», as after listening to the answer.
          hold();
          answerAloud(answer.correct, answer.mode);
        }}
        speak={canSpeak ? speak : undefined}
        counted={outcome !== null}
      />

      <SpellingActions outcome={outcome} held={held} hint={t('quiz.wordOrder.keysHint')} />
    </main>
  );
}
