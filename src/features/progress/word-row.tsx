/**
 * A word of a progress list: its Russian and English, an optional line of detail, and
 * «Повторить заново», which sends the word back to study (the words store's `relearnWord`), busy
 * while it is stored, then a toast that says so (`done`, with the word) or that it failed.
 */
import { type ReactNode, useState } from 'react';
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

export function WordRow({
  word,
  item,
  relearn,
  done = 'progress.relearned',
  detail,
}: {
  word: UserWord;
  item: VocabItem | undefined;
  /** Whether «Повторить заново» is offered (where it changes something). */
  relearn: boolean;
  /** The toast's text once the word is sent back. */
  done?: MessageKey;
  detail?: ReactNode;
}) {
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
}
