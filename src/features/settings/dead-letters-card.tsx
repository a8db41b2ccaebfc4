/**
 * Records that failed the wire contract (an import, an old database, a pull or a push): kept on the
 * device instead of blocking the sync, listed here with the reason, and cleared on request.
 * Shown only when there are some. The device keeps a bounded number of them, each shortened; the
 * card says how many more were set aside but not kept.
 */
import { useEffect, useState } from 'react';
import { useLocalT } from '@/i18n';
import { deadLetters as texts } from '@/i18n/messages/dead-letters';
import { useUser } from '@/stores/auth-store';
import {
  DEAD_LETTERS_KEPT,
  type DeadLetterList,
  describeDeadLetter,
  forgetDeadLetters,
  readDeadLetters,
} from '@/stores/history-store';
import { useSyncStore } from '@/stores/sync-store';
import { useWordsStore } from '@/stores/words-store';

/** At most this many are listed; the heading gives the total. */
const LISTED = 20;
/** A listed record shows at most this many characters of its JSON. */
const SHOWN_CHARS = 160;

const NONE: DeadLetterList = { letters: [], notKept: 0, ids: [] };

export function DeadLettersCard() {
  const t = useLocalT(texts);
  const user = useUser();
  const revision = useWordsStore((s) => s.revision);
  const pending = useSyncStore((s) => s.pendingCount);
  const [list, setList] = useState<DeadLetterList>(NONE);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision, pending and reload only trigger a re-read.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void (async () => {
      const found = await readDeadLetters(user.id);
      if (live) setList(found);
    })();
    return () => {
      live = false;
    };
  }, [user, revision, pending, reload]);

  const { letters, notKept } = list;
  const total = letters.length + notKept;
  if (!user || total === 0) return null;

  async function clear() {
    // Only what was read: a letter set aside meanwhile is listed at the next read.
    await forgetDeadLetters(list.ids);
    setReload((n) => n + 1);
  }

  return (
    <section className="card settings-card" aria-labelledby="dead-letters-title">
      <h2 id="dead-letters-title">{t('title', { count: total })}</h2>
      <p className="muted">{t('hint')}</p>
      <ul className="dead-letters">
        {letters.slice(0, LISTED).map((letter) => (
          <li key={letter.id}>
            <strong>{t(`source.${letter.source}`)}</strong>: {letter.reason}
            <code>{describeDeadLetter(letter, SHOWN_CHARS)}</code>
          </li>
        ))}
      </ul>
      {letters.length > LISTED ? <p className="muted">{t('listed', { shown: LISTED })}</p> : null}
      {notKept > 0 ? (
        <p className="muted">{t('notKept', { count: notKept, kept: DEAD_LETTERS_KEPT })}</p>
      ) : null}
      <button type="button" className="btn" onClick={clear}>
        {t('clear')}
      </button>
    </section>
  );
}
