/**
 * The hard words («Трудные слова»): words failed on LEECH_LAPSES days or more. «Учить эти слова»
 * starts a session of them at once; each row says how often the word was failed and when it is
 * due, and offers «Повторить заново» only where it changes something (a word learned, or not yet
 * due, is made due now and leaves «Выучено»; a failed word is due already).
 */
import { useNavigate } from '@tanstack/react-router';
import { memo, useMemo, useState } from 'react';
import { LEECH_LAPSES, studyDayEnd } from '@/domain/memory';
import { isDue } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';
import { loadTexts, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useToast } from '@/stores/toast-store';
import { EmptyState } from '@/ui/empty-state';
import { GrowingRows, useGrowingCount, WordRow } from './word-row';

/** Memoised: the screen draws again when the history's figures arrive, the hard words unchanged. */
export const HardWords = memo(function HardWords({
  words,
  byId,
  grow,
  ready,
}: {
  words: readonly UserWord[];
  byId: ReadonlyMap<string, VocabItem>;
  /** Whether the rows past the first slice are drawn yet (progress-screen). */
  grow: boolean;
  /** Whether any row is drawn yet (the words' texts are read). */
  ready: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const headingId = 'list-leeches';
  const shown = useGrowingCount(words.length, grow, ready);
  const lang = useLang();
  const settings = useUser()?.settings;
  const homeZone = settings?.homeZone;
  const dayStartHour = settings?.dayStartHour;
  // Once for the list, not per row: the study day's end and the date format.
  const dueBy = useMemo(
    () => studyDayEnd(Date.now(), { homeZone, dayStartHour }),
    [homeZone, dayStartHour],
  );
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }),
    [lang],
  );

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
          <GrowingRows
            words={words}
            shown={shown}
            labelledBy={headingId}
            row={(word) => (
              <HardWordRow
                key={word.vocabId}
                word={word}
                item={byId.get(word.vocabId)}
                dueBy={dueBy}
                dateFormat={dateFormat}
              />
            )}
          />
        </>
      )}
    </section>
  );
});

/** A hard word: how many days it was failed and when it is due, and relearn where it changes something. */
function HardWordRow({
  word,
  item,
  dueBy,
  dateFormat,
}: {
  word: UserWord;
  item: VocabItem | undefined;
  /** The end of the learner's study day: due by then is due today. */
  dueBy: number;
  dateFormat: Intl.DateTimeFormat;
}) {
  const t = useT();
  // Due today: by the end of the study day, as the due list and a session's review words count.
  const due = isDue(word, dueBy);
  // Relearn makes a word due now and takes it out of «Выучено»: for a failed word, due already
  // and not learned, it would change nothing the learner can see.
  const changes = !due || word.status === 'learned';
  const when = due
    ? t('progress.leeches.dueNow')
    : t('progress.leeches.dueOn', { date: dateFormat.format(word.nextReviewAt ?? dueBy) });
  return (
    <WordRow
      word={word}
      item={item}
      relearn={changes}
      done="progress.leeches.relearned"
      detail={`${t('progress.leeches.lapses', { count: word.lapses ?? 0 })} · ${when}`}
    />
  );
}
