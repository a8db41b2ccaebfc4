/**
 * One tap from home to the next session: the learner's last division, role, topics, size, mode
 * and direction (kept on this device when a session starts), started at once. The steps of the
 * choice remain for a change; a set-up that finds no words any more opens its last step.
 */
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { loadTexts, useT } from '@/i18n';
import { deviceStorage, readLastSetup } from '@/stores/session-persistence';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { SailboatIcon } from '@/ui/icons';
import { useTopicLabel } from '@/ui/topic-name';

export function ContinueButton({ userId }: { userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const topicLabel = useTopicLabel();
  const divisions = useVocabStore((s) => s.divisions);
  const loaded = useVocabStore((s) => s.loaded);
  const setup = useMemo(() => readLastSetup(deviceStorage(), userId), [userId]);
  const [busy, setBusy] = useState(false);
  if (!setup?.division) return null;

  const [first] = setup.topics;
  const firstName = topicLabel(first?.slice(first.indexOf('::') + 2) ?? '');
  const topics =
    setup.topics.length > 1
      ? t('home.continue.more', { topic: firstName, count: setup.topics.length - 1 })
      : firstName;

  async function start() {
    if (!setup || busy) return;
    setBusy(true);
    try {
      const [{ connectSessionStore, useSessionStore }, { connectSpeech }] = await Promise.all([
        import('@/stores/session-store'),
        import('@/stores/speech-store'),
        loadTexts('quiz', 'onboarding'),
      ]);
      connectSessionStore();
      connectSpeech();
      const { division, role, topics: chosen, size, mode, direction } = setup;
      useSessionStore.setState({ division, role, topics: chosen, size, mode, direction });
      const session = useSessionStore.getState().startSession();
      if (session.words.length > 0) {
        await navigate({ to: '/quiz' });
        return;
      }
      toast.show({ message: t('home.continue.none') });
      await navigate({ to: '/session-setup' });
    } catch (error) {
      console.error('Starting the last session failed', error);
      toast.show({ tone: 'error', message: t('home.continue.failed') });
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-primary btn-block home-continue"
      onClick={start}
      disabled={!loaded}
      aria-busy={busy || undefined}
    >
      <SailboatIcon width={20} height={20} />
      <span className="home-continue-text">
        <span>{t('home.continue')}</span>
        <span className="home-continue-detail">
          {t('home.continue.detail', {
            division: divisionLabel(t, setup.division, divisions),
            topics,
            size: setup.size,
          })}
        </span>
      </span>
    </button>
  );
}
