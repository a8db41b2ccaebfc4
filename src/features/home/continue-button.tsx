/**
 * One tap from home to study. An unfinished session of the learner (kept on this device as it
 * runs) is resumed first, at the question it stopped at, after a restart and offline too:
 * «Продолжить занятие». Without one, the learner's last division, role, topics, size, mode and
 * direction (kept when a session starts) start a new session at once: «Новое занятие». The steps
 * of the choice remain for a change; a set-up that finds no words any more opens its last step.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunningSession } from '@/domain/quiz-run';
import { loadTexts, useT } from '@/i18n';
import { deviceStorage, readLastSetup, readUnfinished } from '@/stores/session-persistence';
import { useToast } from '@/stores/toast-store';
import { useVocabStore, vocabularyLoaded } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { SailboatIcon } from '@/ui/icons';
import { useTopicLabel } from '@/ui/topic-name';

/**
 * Where an unfinished session stopped: the question, or the word of the spelling pass, counting
 * only the words still in the vocabulary (`inUse`): resuming leaves out those hidden or deleted.
 */
function stoppedAt(
  session: RunningSession,
  inUse: (id: string) => boolean,
): { spelling: boolean; n: number; total: number } {
  const spelling = session.phase === 'spelling' ? session.spelling : null;
  if (spelling) {
    const queue = spelling.queue.filter(inUse);
    const before = spelling.queue.slice(0, spelling.position).filter(inUse).length;
    return { spelling: true, n: before + 1, total: queue.length };
  }
  const ids = session.words.map((word) => word.id);
  const before = ids.slice(0, session.index).filter(inUse).length;
  return { spelling: false, n: before + 1, total: ids.filter(inUse).length };
}

export function ContinueButton({ userId }: { userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const topicLabel = useTopicLabel();
  const divisions = useVocabStore((s) => s.divisions);
  const loaded = useVocabStore((s) => s.loaded);
  const vocab = useVocabStore((s) => s.vocab);
  const setup = useMemo(() => readLastSetup(deviceStorage(), userId), [userId]);
  const unfinished = useMemo(() => readUnfinished(deviceStorage(), userId), [userId]);
  // Only for a session to resume: home is the first screen, and the vocabulary is 2,300 words.
  const inUse = useMemo(() => {
    if (!loaded || !unfinished) return () => true;
    const ids = new Set(vocab.map((item) => item.id));
    return (id: string) => ids.has(id);
  }, [vocab, loaded, unfinished]);
  const [busy, setBusy] = useState(false);
  // A tap waits for the vocabulary: a learner who went elsewhere meanwhile is not taken back.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  if (!unfinished && !setup?.division) return null;

  /** «Палуба · Швартовка и ещё 2»: the topics of these words (one division's named), first by name. */
  function wordsLabel(words: readonly { division: string; topic: string }[]): string | null {
    const names = [...new Set(words.map((word) => topicLabel(word.topic)))].sort((a, b) =>
      a.localeCompare(b),
    );
    const [name] = names;
    if (name === undefined) return null;
    const named =
      names.length > 1 ? t('home.continue.more', { topic: name, count: names.length - 1 }) : name;
    const [division, ...others] = new Set(words.map((word) => word.division));
    return division !== undefined && others.length === 0
      ? `${divisionLabel(t, division, divisions)} · ${named}`
      : named;
  }

  const [first] = setup?.topics ?? [];
  const firstName = topicLabel(first?.slice(first.indexOf('::') + 2) ?? '');
  const topics =
    setup && setup.topics.length > 1
      ? t('home.continue.more', { topic: firstName, count: setup.topics.length - 1 })
      : firstName;

  async function connect() {
    const [{ connectSessionStore, useSessionStore }, { connectSpeech }] = await Promise.all([
      import('@/stores/session-store'),
      import('@/stores/speech-store'),
      loadTexts('quiz', 'onboarding'),
    ]);
    connectSessionStore();
    connectSpeech();
    return useSessionStore;
  }

  async function start() {
    if (busy) return;
    setBusy(true);
    try {
      // Both a kept session and the last choice are matched against the vocabulary, which a tap
      // soon after the start may come before.
      const [store] = await Promise.all([connect(), vocabularyLoaded()]);
      if (!shown.current) return;
      // The unfinished session first: the quiz (or its spelling screen) takes it up where it was.
      if (unfinished && store.getState().resumeUnfinished()) {
        await navigate({ to: '/quiz' });
        return;
      }
      if (!setup) {
        // The kept session had nothing left to ask, and there is no last choice: the steps.
        await navigate({ to: '/select-division' });
        return;
      }
      const { division, role, topics: chosen, size, mode, direction } = setup;
      store.setState({ division, role, topics: chosen, size, mode, direction });
      const session = store.getState().startSession();
      if (session.words.length > 0) {
        await navigate({ to: '/quiz' });
        return;
      }
      toast.show({ message: t('home.continue.none') });
      await navigate({ to: '/session-setup' });
    } catch (error) {
      console.error('Starting the last session failed', error);
      if (!shown.current) return;
      toast.show({ tone: 'error', message: t('home.continue.failed') });
      setBusy(false);
    }
  }

  let title: string;
  let detail: string;
  const at = unfinished && stoppedAt(unfinished, inUse);
  if (unfinished && at && at.n <= at.total) {
    // What the kept session is made of: a hard-words or exam-mistakes session is not the last
    // choice of the steps.
    const choice = wordsLabel(unfinished.words.filter((word) => inUse(word.id)));
    title = t('home.continue');
    const where = t(at.spelling ? 'home.continue.spelling' : 'home.continue.at', {
      n: at.n,
      total: at.total,
    });
    detail = choice ? `${choice} · ${where}` : where;
  } else if (setup?.division) {
    title = t('home.continue.new');
    detail = t('home.continue.detail', {
      division: divisionLabel(t, setup.division, divisions),
      topics,
      size: setup.size,
    });
  } else {
    return null;
  }

  return (
    <button
      type="button"
      className="btn btn-primary btn-block home-continue"
      onClick={start}
      aria-busy={busy || undefined}
    >
      <SailboatIcon width={20} height={20} />
      <span className="home-continue-text">
        <span>{title}</span>
        <span className="home-continue-detail">{detail}</span>
      </span>
    </button>
  );
}
