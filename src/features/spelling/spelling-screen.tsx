/**
 * /quiz/spelling: the production question of every word (letter tiles, or word order for a
 * phrase), its second pass, then the congratulations screen.
 */

import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { SPACE_TILE } from '@/domain/spelling';
import type { VocabItem } from '@/domain/types';
import { useT } from '@/i18n';
import {
  type LetterOutcome,
  type SpellingState,
  type SpellingWord,
  useSessionStore,
} from '@/stores/session-store';
import { EmptyState } from '@/ui/empty-state';
import { DoneView } from './done-view';
import {
  SpellingActions,
  SpellingFeedback,
  SpellingHeading,
  SpellingPrompt,
  useAdvance,
  useFlash,
} from './spelling-parts';
import { WordOrderView } from './word-order-view';
import './spelling.css';

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

  const key = `${spelling.pass}-${spelling.position}`;
  return word.kind === 'word-order' ? (
    <WordOrderView key={key} spelling={spelling} word={word} item={item} />
  ) : (
    <SpellingWordView key={key} spelling={spelling} word={word} item={item} />
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
  const [flash, flashTile] = useFlash();
  const promptRef = useRef<HTMLDivElement>(null);
  const outcome = word.outcome;
  // Listening to the finished word holds it on screen until «Далее».
  const { held, hold } = useAdvance(outcome);

  const show = useCallback(
    (result: LetterOutcome) => {
      if (result.kind === 'wrong') flashTile(result.tileId);
    },
    [flashTile],
  );

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
  let offset = 0;

  return (
    <main className="page spelling">
      <SpellingHeading spelling={spelling} mistakes={word.mistakes} />
      <SpellingPrompt
        item={item}
        instruction={t('quiz.spelling.instruction')}
        promptRef={promptRef}
      />

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

      <SpellingFeedback item={item} outcome={outcome} onHold={hold} />

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

      <SpellingActions outcome={outcome} held={held} hint={t('quiz.spelling.keysHint')} />
    </main>
  );
}
