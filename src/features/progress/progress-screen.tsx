/**
 * /progress: the signed-in user's learned, learning and due words with Relearn on learned and
 * due ones, the total, the rank, and the charts of the answer history.
 */
import { Link } from '@tanstack/react-router';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { learnableCount } from '@/domain/daily';
import { studyDayEnd } from '@/domain/memory';
import type { UserWord, VocabItem } from '@/domain/types';
import { type MessageKey, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import {
  type ProgressFigures,
  readKeptProgressFigures,
  readProgressFigures,
} from '@/stores/history-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { afterPaint } from '@/ui/after-paint';
import { EmptyState } from '@/ui/empty-state';
import { ExamResults } from './exam-results';
import { HardWords } from './hard-words';
import { leechesOf, progressLists } from './lists';
import { MemoryCard } from './memory-card';
import { ProgressCharts } from './progress-charts';
import { RankSummary } from './rank-summary';
import { GrowingRows, useGrowingCount, WordRow } from './word-row';
import './progress.css';

export function ProgressScreen() {
  const t = useT();
  const user = useUser();
  const words = useWordsStore((s) => s.words);
  const loaded = useWordsStore((s) => s.loaded);
  const vocab = useVocabStore((s) => s.vocab);

  const byId = useMemo(() => new Map(vocab.map((item) => [item.id, item])), [vocab]);
  const homeZone = user?.settings.homeZone;
  const dayStartHour = user?.settings.dayStartHour;
  // Due: by the end of the study day, as a session's review words are.
  const lists = useMemo(
    () => progressLists(words.values(), studyDayEnd(Date.now(), { homeZone, dayStartHour })),
    [words, homeZone, dayStartHour],
  );
  const leeches = useMemo(() => leechesOf(words.values()), [words]);
  const shown = useProgressFigures(user?.id);
  const figures = shown?.figures ?? null;
  // The lists' rows past their first slice wait for the charts (the screen's figures come first),
  // or a while, should the history's figures be slow to come.
  const waited = useWaited(LISTS_WAIT_MS);
  // Nor before the vocabulary is read (after the start's first screen): its arrival draws every
  // row drawn by then again, with its words' texts, in one render (≈ 0.3 s on a year's lists).
  // Should it never be read, the lists grow after the wait all the same.
  const vocabularyRead = useVocabStore((s) => s.loaded);
  const grow = waited || (vocabularyRead && (!user || figures !== null));
  // No row before its word's texts are read: «Загрузка…» rather than a row of ids.
  const named = vocabularyRead || waited;

  return (
    <main className="page progress">
      <div className="page-header">
        <h1>{t('progress.title')}</h1>
        <Link to="/select-division" className="btn btn-primary">
          {t('progress.start')}
        </Link>
      </div>

      {loaded ? (
        <>
          <RankSummary
            learned={lists.learned.length}
            learning={lists.learning.length}
            due={lists.due.length}
            total={lists.total}
            learnable={learnableCount(vocab, words)}
            division={user?.settings.division}
          />
          {user ? (
            <MemoryCard
              calibration={figures?.calibration ?? null}
              words={words}
              learned={lists.learned.length}
            />
          ) : null}
          <ExamResults />
          {user ? (
            <ProgressCharts
              series={figures}
              updating={shown?.updating ?? false}
              words={words}
              byId={byId}
            />
          ) : null}
          <div className="progress-lists">
            <WordList
              id="learned"
              title="progress.learned"
              empty="progress.emptyLearned"
              words={lists.learned}
              byId={byId}
              relearn
              grow={grow}
              ready={named}
            />
            <WordList
              id="learning"
              title="progress.learning"
              empty="progress.emptyLearning"
              words={lists.learning}
              byId={byId}
              grow={grow}
              ready={named}
            />
            <WordList
              id="due"
              title="progress.due"
              empty="progress.emptyDue"
              words={lists.due}
              byId={byId}
              relearn
              grow={grow}
              ready={named}
            />
            <HardWords words={leeches} byId={byId} grow={grow} ready={named} />
          </div>
        </>
      ) : (
        <p className="muted" role="status">
          {t('loading.title')}
        </p>
      )}
    </main>
  );
}

/** Memoised: the screen draws again when the history's figures arrive, its lists unchanged. */
const WordList = memo(function WordList({
  id,
  title,
  empty,
  words,
  byId,
  relearn = false,
  hint,
  grow,
  ready,
}: {
  id: string;
  title: MessageKey;
  empty: MessageKey;
  words: readonly UserWord[];
  byId: ReadonlyMap<string, VocabItem>;
  relearn?: boolean;
  hint?: string;
  /** Whether the rows past the first slice are drawn yet. */
  grow: boolean;
  /** Whether any row is drawn yet (the words' texts are read). */
  ready: boolean;
}) {
  const t = useT();
  const headingId = `list-${id}`;
  const shown = useGrowingCount(words.length, grow, ready);
  return (
    <section className="card progress-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="list-title">
        <span>{t(title)}</span>
        <span className="badge">{words.length}</span>
      </h2>
      {hint ? <p className="muted">{hint}</p> : null}
      {words.length === 0 ? (
        <EmptyState>{t(empty)}</EmptyState>
      ) : (
        <GrowingRows
          words={words}
          shown={shown}
          labelledBy={headingId}
          row={(word) => (
            <WordRow
              key={word.vocabId}
              word={word}
              item={byId.get(word.vocabId)}
              relearn={relearn}
            />
          )}
        />
      )}
    </section>
  );
});

/** How long the lists' later rows wait for the charts at most. */
const LISTS_WAIT_MS = 2_000;

/** False until `ms` have passed since the screen came. */
function useWaited(ms: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
}

/** The history's figures the screen shows, and whether newer ones are being worked out. */
interface ShownFigures {
  figures: ProgressFigures;
  /** These are of an earlier history or study day: the new ones are being worked out. */
  updating: boolean;
}

/**
 * The figures of the signed-in learner's history (the charts' series, the calibration), read
 * after the screen is up: the ones kept when the history is unchanged since, else folded in the
 * history worker (a year is 70,000 entries), meanwhile showing those kept before the history or
 * the study day moved on, said to be updating. The last figures stay until the next arrive; null
 * until the first do.
 */
function useProgressFigures(userId: string | undefined): ShownFigures | null {
  const settings = useUser()?.settings;
  const revision = useWordsStore((s) => s.revision);
  // Whose they are: another learner signed in meanwhile sees none of them.
  const [held, setHeld] = useState<(ShownFigures & { userId: string }) | null>(null);
  // What the screen shows now, for the effect below (which runs again only on its inputs).
  const showing = useRef(held);
  showing.current = held;
  const homeZone = settings?.homeZone;
  const dayStartHour = settings?.dayStartHour;
  const schedule = settings?.schedule;
  const retention = settings?.retention;

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision only triggers a re-read.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const now = Date.now();
    const fold = { homeZone, dayStartHour, schedule, retention };
    void (async () => {
      try {
        // A failed read of the kept ones (a chunk or a record) is not the history's: it is
        // worked out as if nothing were kept.
        const { kept, earlier } = await readKeptProgressFigures(userId, now, fold).catch(
          (error: unknown) => {
            console.error('Reading the kept progress figures failed', error);
            return { kept: null, earlier: null };
          },
        );
        // Asked again meanwhile (another history, other settings): that run works them out.
        if (!live) return;
        if (kept) {
          setHeld({ userId, figures: kept, updating: false });
          return;
        }
        // Meanwhile the figures shown (or else the earlier ones kept) stay, said to be updating,
        // and are painted before the job that works the new ones out starts: its worker's start
        // and reads would otherwise meet the screen's first render (docs/benchmarks.md).
        if (showing.current?.userId === userId || earlier) {
          setHeld((shown) =>
            shown?.userId === userId
              ? { ...shown, updating: true }
              : earlier
                ? { userId, figures: earlier, updating: true }
                : shown,
          );
          await afterPaint();
          if (!live) return;
        }
        const found = await readProgressFigures(userId, now, fold);
        if (live) setHeld({ userId, figures: found, updating: false });
      } catch (error) {
        console.error('Reading the answer history failed', error);
        if (live) {
          setHeld({
            userId,
            figures: {
              entries: 0,
              answers: [],
              learned: [],
              calibration: { factor: 1, reviews: 0 },
            },
            updating: false,
          });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [userId, revision, homeZone, dayStartHour, schedule, retention]);
  return held && held.userId === userId ? held : null;
}
