/**
 * The hard words («Трудные слова»): words failed on LEECH_LAPSES days or more. «Учить эти слова»
 * starts a session of them at once; each row says how often the word was failed and when it is
 * due, and offers «Повторить заново» only where it changes something (a word learned, or not yet
 * due, is made due now and leaves «Выучено»; a failed word is due already).
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LEECH_LAPSES, studyDayEnd } from '@/domain/memory';
import { isDue } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';
import { loadTexts, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useToast } from '@/stores/toast-store';
import { EmptyState } from '@/ui/empty-state';
import { useRelearn } from './use-relearn';

export function HardWords({
  words,
  byId,
}: {
  words: readonly UserWord[];
  byId: ReadonlyMap<string, VocabItem>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const headingId = 'list-leeches';

  async function study() {
    setBusy(true);
    try {
      const [{ connectSessionStore, useSessionStore }, { connectSpeech }] = await Promise.all([
        import('@/stores/session-store'),
        import('@/stores/speech-store'),
        loadTexts('quiz'),
      ]);
      connectSessionStore();
      connectSpeech();
      if (useSessionStore.getState().studyWords(words.map((word) => word.vocabId))) {
        await navigate({ to: '/quiz' });
        return;
      }
    } catch (error) {
      console.error('Starting a session of the hard words failed', error);
    }
    toast.show({ message: t('home.continue.failed'), tone: 'error' });
    setBusy(false);
  }

  return (
    <section className="card progress-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="list-title">
        <span>{t('progress.leeches')}</span>
        <span className="badge">{words.length}</span>
      </h2>
      <p className="muted">{t('progress.leeches.hint', { count: LEECH_LAPSES })}</p>
      {words.length === 0 ? (
        <EmptyState>{t('progress.emptyLeeches')}</EmptyState>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void study()}
          >
            {t('progress.leeches.study', { count: words.length })}
          </button>
          <ul className="scroll-list word-list" aria-labelledby={headingId}>
            {words.map((word) => (
              <HardWordRow key={word.vocabId} word={word} item={byId.get(word.vocabId)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function HardWordRow({ word, item }: { word: UserWord; item: VocabItem | undefined }) {
  const t = useT();
  const lang = useLang();
  const ru = item?.langA ?? word.vocabId;
  const en = item?.langB ?? t('progress.unknownWord');
  const settings = useUser()?.settings;
  const now = Date.now();
  // Due today: by the end of the study day, as the due list and a session's review words count.
  const due = isDue(
    word,
    studyDayEnd(now, { homeZone: settings?.homeZone, dayStartHour: settings?.dayStartHour }),
  );
  // Relearn makes a word due now and takes it out of «Выучено»: for a failed word, due already
  // and not learned, it would change nothing the learner can see.
  const changes = !due || word.status === 'learned';
  const when = due
    ? t('progress.leeches.dueNow')
    : t('progress.leeches.dueOn', {
        date: new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(
          word.nextReviewAt ?? now,
        ),
      });

  const { busy, sendBack } = useRelearn(word.vocabId, ru, 'progress.leeches.relearned');

  return (
    <li className="word-row">
      <span className="word-text">
        <span className="word-ru" lang="ru">
          {ru}
        </span>
        <span className="word-en" lang={item ? 'en' : undefined}>
          {en}
        </span>
        <span className="muted">
          {t('progress.leeches.lapses', { count: word.lapses ?? 0 })} · {when}
        </span>
      </span>
      {changes ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label={t('progress.relearnLabel', { word: ru })}
          onClick={sendBack}
        >
          {t('progress.relearn')}
        </button>
      ) : null}
    </li>
  );
}
