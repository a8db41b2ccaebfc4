/**
 * Records that failed the wire contract (an import, an old database, a pull or a push): kept on the
 * device instead of blocking the sync, listed here with the reason, and cleared on request.
 * Shown only when there are some.
 */
import { useEffect, useState } from 'react';
import { useLocalT } from '@/i18n';
import { deadLetters as texts } from '@/i18n/messages/dead-letters';
import { useUser } from '@/stores/auth-store';
import { type DeadLetter, forgetDeadLetters, readDeadLetters } from '@/stores/history-store';
import { useSyncStore } from '@/stores/sync-store';
import { useWordsStore } from '@/stores/words-store';

/** At most this many are listed; the heading gives the total. */
const LISTED = 20;

function describe(record: unknown): string {
  const text = JSON.stringify(record) ?? String(record);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export function DeadLettersCard() {
  const t = useLocalT(texts);
  const user = useUser();
  const revision = useWordsStore((s) => s.revision);
  const pending = useSyncStore((s) => s.pendingCount);
  const [letters, setLetters] = useState<DeadLetter[]>([]);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision, pending and reload only trigger a re-read.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void (async () => {
      const found = await readDeadLetters(user.id);
      if (live) setLetters(found);
    })();
    return () => {
      live = false;
    };
  }, [user, revision, pending, reload]);

  if (!user || letters.length === 0) return null;

  async function clear() {
    await forgetDeadLetters(letters.map((letter) => letter.id));
    setReload((n) => n + 1);
  }

  return (
    <section className="card settings-card" aria-labelledby="dead-letters-title">
      <h2 id="dead-letters-title">{t('title', { count: letters.length })}</h2>
      <p className="muted">{t('hint')}</p>
      <ul className="dead-letters">
        {letters.slice(0, LISTED).map((letter) => (
          <li key={letter.id}>
            <strong>{t(`source.${letter.source}`)}</strong>: {letter.reason}
            <code>{describe(letter.record)}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="btn" onClick={clear}>
        {t('clear')}
      </button>
    </section>
  );
}
