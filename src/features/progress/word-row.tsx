/**
 * A word of a progress list: its Russian and English, an optional line of detail, and
 * «Повторить заново», which sends the word back to study (the words store's `relearnWord`), busy
 * while it is stored, then a toast that says so (`done`, with the word) or that it failed.
 */
import { memo, type ReactNode, startTransition, useEffect, useState } from 'react';
import type { UserWord, VocabItem } from '@/domain/types';
import { type MessageKey, useT } from '@/i18n';
import { useToast } from '@/stores/toast-store';
import { useWordsStore } from '@/stores/words-store';

function RelearnButton({
  vocabId,
  word,
  done,
}: {
  vocabId: string;
  /** The word as the list shows it (Russian): in the button's label and the toast. */
  word: string;
  done: MessageKey;
}) {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function sendBack() {
    setBusy(true);
    try {
      await useWordsStore.getState().relearnWord(vocabId);
      toast.show({ message: t(done, { word }), tone: 'success' });
    } catch (error) {
      console.error('Relearn failed', error);
      toast.show({ message: t('progress.relearnFailed'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy}
      aria-label={t('progress.relearnLabel', { word })}
      onClick={sendBack}
    >
      {t('progress.relearn')}
    </button>
  );
}

interface WordRowProps {
  word: UserWord;
  item: VocabItem | undefined;
  /** Whether «Повторить заново» is offered (where it changes something). */
  relearn: boolean;
  /** The toast's text once the word is sent back. */
  done?: MessageKey;
  detail?: ReactNode;
}

/** Whether a row would show the same: its word's id (not its state, which it does not show). */
function sameRow(before: WordRowProps, after: WordRowProps): boolean {
  return (
    before.word.vocabId === after.word.vocabId &&
    before.item === after.item &&
    before.relearn === after.relearn &&
    before.done === after.done &&
    before.detail === after.detail
  );
}

/**
 * Memoised: a list draws its rows a slice a task (progress-screen `useGrowingCount`), and the
 * screen draws again when the history's figures arrive; rows already drawn are not drawn again
 * (a year's 2,000 learned words made each slice redraw every row before it). A row shows its
 * word's texts and id alone, so a reload of the words (a sync's merge: new records, the same
 * words) does not draw it again either (`sameRow`).
 */
export const WordRow = memo(function WordRow({
  word,
  item,
  relearn,
  done = 'progress.relearned',
  detail,
}: WordRowProps) {
  const t = useT();
  const ru = item?.langA ?? word.vocabId;
  const en = item?.langB ?? t('progress.unknownWord');
  return (
    <li className="word-row">
      <span className="word-text">
        <span className="word-ru" lang="ru">
          {ru}
        </span>
        <span className="word-en" lang={item ? 'en' : undefined}>
          {en}
        </span>
        {detail ? <span className="muted">{detail}</span> : null}
      </span>
      {relearn ? <RelearnButton vocabId={word.vocabId} word={ru} done={done} /> : null}
    </li>
  );
}, sameRow);

/**
 * Rows a list draws with the screen (its box shows about six), then how many more each later task
 * adds. A row is ≈ 0.7 ms of rendering on a slow phone: the screen's four lists drew 120 rows
 * before the charts (docs/benchmarks.md, "A year of study").
 */
const FIRST_ROWS = 6;
const MORE_ROWS = 60;

/**
 * How many of `total` rows to draw: none until `ready`, then a first slice, then, once `grow`, a
 * slice a task until all are drawn, so a year's 2,000 words (or 500 hard ones) never make one long task
 * of the page's thread (the lists end the same, a moment later).
 */
export function useGrowingCount(total: number, grow = true, ready = true): number {
  // The first slice is drawn with every render, also of a list that was shorter when it came.
  const [shown, setShown] = useState(FIRST_ROWS);
  useEffect(() => {
    if (!grow || shown >= total) return;
    // A transition: React draws the slice in parts of a few ms, yielding to taps between them (the
    // four lists' slices, drawn as one render, made tasks of up to 380 ms on a year's lists).
    const next = setTimeout(
      () => startTransition(() => setShown((count) => Math.min(total, count + MORE_ROWS))),
      0,
    );
    return () => clearTimeout(next);
  }, [shown, total, grow]);
  // Not ready (the words' texts not read yet): no row, rather than rows of ids.
  return ready ? Math.min(shown, total) : 0;
}

/**
 * A list's drawn rows (`shown` of `words`, each made by `row`) in the box that scrolls, or
 * «Загрузка…» while none is drawn (their texts not read yet).
 */
export function GrowingRows({
  words,
  shown,
  labelledBy,
  row,
}: {
  words: readonly UserWord[];
  shown: number;
  labelledBy: string;
  row: (word: UserWord) => ReactNode;
}) {
  const t = useT();
  if (shown === 0) {
    return (
      <p className="muted" role="status">
        {t('loading.title')}
      </p>
    );
  }
  return (
    <ul className="scroll-list word-list" aria-labelledby={labelledBy}>
      {words.slice(0, shown).map(row)}
    </ul>
  );
}
