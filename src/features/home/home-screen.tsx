/**
 * The home dashboard: welcome, connection badge and sync, shortcuts, today's goal, reviews and
 * learned words, a tip, the lesson schedule and the rank. Guests see their in-memory session.
 */
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { dueCount, learnableCount, learnedCount } from '@/domain/daily';
import type { DivisionId } from '@/domain/types';
import { plural, useLang, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { studyDayEndFor } from '@/stores/device-zone';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useDailyGoal } from '@/stores/settings-store';
import { useSyncStore } from '@/stores/sync-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { keepSnapshotWhenStill } from '@/ui/home-snapshot';
import { CalendarIcon, CheckIcon, SyncIcon, TargetIcon } from '@/ui/icons';
import { useOnline } from '@/ui/use-online';
import { VocabularyProgress } from '@/ui/vocabulary-progress';
import { ContinueButton } from './continue-button';
import { goalProgress } from './dashboard';
import { FoldChangeCard } from './fold-change-card';
import { RankCard } from './rank-card';
import { Shortcuts } from './shortcuts';
import { TipCard } from './tip-card';
import { usePractisedToday } from './use-practised-today';
import './home.css';

/** How long home must be still before its snapshot is kept. */
const SNAPSHOT_AFTER_MS = 800;

export function HomeScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const online = useOnline();
  const toast = useToast();
  const words = useWordsStore((s) => s.words);
  const goal = useDailyGoal();
  // The start-up bench reads this mark: the home screen's content has rendered (first time only).
  useEffect(
    () => void (performance.getEntriesByName('app:ready').length || performance.mark('app:ready')),
    [],
  );

  // The next start paints home from its snapshot (ui/home-snapshot.ts).
  const userId = user?.id ?? '';
  useEffect(() => keepSnapshotWhenStill(userId, SNAPSHOT_AFTER_MS), [userId]);

  const homeZone = user?.settings.homeZone;
  const dayStartHour = user?.settings.dayStartHour;
  const figures = useMemo(() => {
    const all = [...words.values()];
    const answered = all.filter((word) => word.attempts > 0);
    // Due today: by the end of the study day, as a session's review words are (session-store
    // `studyDueBy`). Reckoned only when a word was answered: a start with none (a guest's) makes
    // no time format (domain/study-days-known.ts).
    const due = answered.length
      ? dueCount(answered, studyDayEndFor(Date.now(), { homeZone, dayStartHour }))
      : 0;
    return { due, learned: learnedCount(all) };
  }, [words, homeZone, dayStartHour]);
  const today = usePractisedToday(words);
  const progress = goalProgress(today ?? 0, goal);

  const name = user ? user.fullName.trim() || user.email : '';

  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const syncing = useSyncStore((s) => s.syncing);
  const pending = useSyncStore((s) => s.pendingCount);

  async function sync() {
    if (!user || !cloud) {
      toast.show({ message: user ? t('home.syncLocal') : t('home.syncGuest') });
      return;
    }
    const outcome = await useSyncStore.getState().syncNow();
    if (outcome.ok) toast.show({ message: t('home.syncDone'), tone: 'success' });
    else
      toast.show({
        message: outcome.reason === 'offline' ? t('home.syncOffline') : t('home.syncFailed'),
        tone: 'error',
      });
  }

  return (
    <main className="page home">
      <div className="home-grid">
        <section className="card home-hero" aria-labelledby="home-title">
          <div className="home-hero-top">
            <div>
              <h1 id="home-title">{user ? t('home.welcome', { name }) : t('home.welcomeGuest')}</h1>
              <p className="home-subtitle">{t('home.subtitle')}</p>
            </div>
            <div className="home-status">
              <span
                className={`badge status-badge ${online ? 'is-online' : 'is-offline'}`}
                role="status"
                aria-label={`${t('home.status')}: ${online ? t('common.online') : t('common.offline')}`}
              >
                <span className="status-dot" aria-hidden="true" />
                {online ? t('common.online') : t('common.offline')}
              </span>
              <button
                type="button"
                className="btn btn-small"
                onClick={sync}
                // Never disabled: a press during a background run (coming online, the worker's
                // background sync) must not be lost; the scheduler runs it right after that run.
                aria-busy={syncing || undefined}
              >
                <SyncIcon width={18} height={18} />
                {syncing ? t('home.syncing') : t('home.sync')}
              </button>
              {cloud && user && pending > 0 ? (
                <span className="badge">{t('home.syncPending', { count: pending })}</span>
              ) : null}
            </div>
          </div>
          <VocabularyProgress source={vocabularyInstallSource} note />
          {user ? null : (
            <p className="notice home-guest">
              {t('home.guestNote')} <Link to="/login">{t('home.guestSignIn')}</Link>
              {' · '}
              <Link to="/register">{t('home.guestRegister')}</Link>
            </p>
          )}
          {user ? <ContinueButton userId={user.id} /> : null}
          <Shortcuts signedIn={user !== null} />
          {user ? <FoldChangeCard userId={user.id} /> : null}
        </section>

        <section
          className="card home-goal"
          aria-labelledby="goal-title"
          aria-busy={today === null || undefined}
        >
          <h2 id="goal-title" className="card-title">
            <TargetIcon width={20} height={20} />
            {t('home.goal.title')}
          </h2>
          <p className="goal-figure">
            {plural(lang, progress.goal, {
              one: t('home.goal.of.one', { done: progress.done }),
              few: t('home.goal.of.few', { done: progress.done }),
              many: t('home.goal.of.many', { done: progress.done }),
              other: t('home.goal.of.other', { done: progress.done }),
            })}
          </p>
          <div
            className="goal-bar"
            role="progressbar"
            aria-label={t('home.goal.label')}
            aria-valuemin={0}
            aria-valuemax={progress.goal}
            aria-valuenow={Math.min(progress.done, progress.goal)}
          >
            <span className="goal-bar-fill" style={{ width: `${progress.percent}%` }} />
          </div>
          <p className={progress.reached ? 'goal-note goal-reached' : 'goal-note muted'}>
            {progress.reached ? <CheckIcon width={18} height={18} /> : null}
            {progress.reached
              ? t('home.goal.done')
              : plural(lang, progress.left, {
                  one: t('home.goal.left.one'),
                  few: t('home.goal.left.few'),
                  many: t('home.goal.left.many'),
                  other: t('home.goal.left.other'),
                })}
          </p>
        </section>

        <section className="card home-tile home-due" aria-labelledby="due-title">
          <h2 id="due-title" className="tile-title">
            {t('home.due.title')}
          </h2>
          <p className="tile-value">{figures.due}</p>
          <p className="tile-hint">
            {plural(lang, figures.due, {
              one: t('home.due.hint.one'),
              few: t('home.due.hint.few'),
              many: t('home.due.hint.many'),
              other: t('home.due.hint.other'),
            })}
          </p>
        </section>

        <section className="card home-tile home-learned" aria-labelledby="learned-title">
          <h2 id="learned-title" className="tile-title">
            {t('home.learned.title')}
          </h2>
          <p className="tile-value">{figures.learned}</p>
          <p className="tile-hint">
            {plural(lang, figures.learned, {
              one: t('home.learned.hint.one'),
              few: t('home.learned.hint.few'),
              many: t('home.learned.hint.many'),
              other: t('home.learned.hint.other'),
            })}
          </p>
        </section>

        <HomeRank learned={figures.learned} division={user?.settings.division} />

        <TipCard className="home-tips" />

        <ScheduleCard />
      </div>
    </main>
  );
}

/**
 * The rank card with what is left to learn: the one part of home that needs the whole
 * vocabulary, so the vocabulary finishing loading re-renders this card alone.
 */
function HomeRank({ learned, division }: { learned: number; division?: DivisionId | null }) {
  // Counted in a render of its own that React may slice: the store's update that brings 2,000
  // words in renders at once, in one task, and should not also wait for this walk over them.
  const vocab = useDeferredValue(useVocabStore((s) => s.vocab));
  const words = useWordsStore((s) => s.words);
  const learnable = useMemo(() => learnableCount(vocab, words), [vocab, words]);
  return (
    <RankCard className="home-rank" learned={learned} learnable={learnable} division={division} />
  );
}

function ScheduleCard() {
  const t = useT();
  const toast = useToast();
  return (
    <section className="card home-schedule" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="card-title">
        <CalendarIcon width={20} height={20} />
        {t('home.schedule.title')}
      </h2>
      <p className="muted">{t('home.schedule.empty')}</p>
      <button
        type="button"
        className="btn"
        onClick={() => toast.show({ message: t('home.comingSoon') })}
      >
        {t('home.schedule.add')}
      </button>
    </section>
  );
}
