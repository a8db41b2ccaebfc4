/**
 * /drills/$drillId: one VHF exchange. The setting says who the learner is; the other station's
 * turns appear (and are spoken where the device has an English voice); at each of the learner's
 * turns they pick the reply (1-3 or a tap choose, Enter or «Ответить» answers, as in the exam) or
 * say it aloud («Ответить голосом»: the speaking part, loaded then), and every first answer is
 * recorded in the answer history, a spoken one with its mode. The options show where they differ.
 * A wrong answer shows the right reply, and the exchange goes on with it. At the end the whole
 * exchange is read back, in English and Russian, with a button that plays it all.
 */

import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Drill, type DrillTurn, ownTurns, replyOptions } from '@/domain/drills';
import { newId } from '@/domain/ids';
import { inLanguage } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { loadedDrills } from '@/stores/drills-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useToast } from '@/stores/toast-store';
import { useWordsStore } from '@/stores/words-store';
import { EmptyState } from '@/ui/empty-state';
import { isShortcutKey } from '@/ui/shortcut-keys';
import type { SpokenAnswer } from '@/ui/speaking/types';
import { DrillReply, type Feedback } from './drill-reply';
import { ReadBack, TurnLine } from './drill-transcript';
import './drills.css';

/** The index of the learner's next turn from `from` on, or the number of turns (the end). */
function nextOwnTurn(drill: Drill, from: number): number {
  const index = drill.turns.findIndex((turn, i) => i >= from && turn.station === 'self');
  return index === -1 ? drill.turns.length : index;
}

export function DrillScreen({ drillId }: { drillId: string }) {
  const t = useT();
  const drills = loadedDrills();
  const drill = drills.find((candidate) => candidate.id === drillId);
  const [round, setRound] = useState(0);
  if (!drill) {
    return (
      <main className="page drills">
        <h1>{t('drills.title')}</h1>
        <EmptyState>{t('drills.notFound')}</EmptyState>
        <p>
          <Link to="/drills" className="btn">
            {t('drills.back')}
          </Link>
        </p>
      </main>
    );
  }
  return <DrillRun key={round} drill={drill} all={drills} onAgain={() => setRound((n) => n + 1)} />;
}

interface DrillRunProps {
  drill: Drill;
  all: readonly Drill[];
  onAgain: () => void;
}

function DrillRun({ drill, all, onAgain }: DrillRunProps) {
  const t = useT();
  const lang = useLang();
  const toast = useToast();
  const canSpeak = useCanSpeak();
  const speakAll = useSpeechStore((s) => s.speakAll);
  const recordDrillReply = useWordsStore((s) => s.recordDrillReply);
  // One play of the drill: its id groups the replies in the history.
  const [run] = useState(newId);
  const [options] = useState(
    () =>
      new Map(
        ownTurns(drill).map((index) => [index, replyOptions(drill, index, all, Math.random)]),
      ),
  );
  const replies = options.size;
  /** The turns before this index are on screen; the one at it is the learner's (or the end). */
  const [shown, setShown] = useState(() => nextOwnTurn(drill, 0));
  const [selected, setSelected] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [right, setRight] = useState(0);
  const taskRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const transcriptRef = useRef<HTMLOListElement>(null);
  const finished = shown >= drill.turns.length;
  const turn = finished ? undefined : drill.turns[shown];
  const choices = options.get(shown) ?? [];

  /** The other station's last words on screen (L plays them again). */
  const lastHeard = [...drill.turns.slice(0, shown)].reverse().find((x) => x.station === 'other');

  const play = useCallback(
    (turns: readonly DrillTurn[]) => {
      speakAll(turns.map((x) => x.en));
    },
    [speakAll],
  );

  // The other station speaks first where the exchange opens with it.
  useEffect(() => {
    play(drill.turns.slice(0, nextOwnTurn(drill, 0)));
  }, [drill, play]);

  // After a reply, what the other station said next is brought into view and the new task takes
  // the focus (keyboard and screen-reader users go on from it); the end takes it to the read-back.
  // The first turn leaves the page at its top, with the setting in view.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs for each new turn on screen
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    if (finished) {
      endRef.current?.focus();
      return;
    }
    transcriptRef.current?.lastElementChild?.scrollIntoView({ block: 'start' });
    taskRef.current?.focus({ preventScroll: true });
  }, [shown, finished]);

  // After a pick, «Далее» takes the focus; after a reply said aloud, the panel's verdict keeps it
  // (the marking is read first), and Enter goes on from there as well.
  useEffect(() => {
    if (feedback && feedback.chosen !== null) nextRef.current?.focus();
  }, [feedback]);

  /** Counts the turn's first answer, picked or said aloud, and records it. */
  const answer = useCallback(
    (chosen: string | null, correct: boolean, mode?: SpokenAnswer['mode']) => {
      if (feedback || !turn) return;
      if (chosen !== null) setSelected(chosen);
      setFeedback({ chosen, right: correct });
      if (correct) setRight((n) => n + 1);
      const fields = { run, turn: shown, of: replies };
      recordDrillReply(drill.id, correct, mode ? { ...fields, mode } : fields).catch(
        (error: unknown) => {
          console.error('Recording a drill reply failed', error);
          toast.show({ tone: 'error', message: t('drills.saveFailed') });
        },
      );
    },
    [feedback, turn, recordDrillReply, drill.id, run, shown, replies, toast, t],
  );

  const reply = useCallback(
    (option: string) => answer(option, option === turn?.en),
    [answer, turn],
  );

  const answerAloud = useCallback(
    (spoken: SpokenAnswer) => answer(null, spoken.correct, spoken.mode),
    [answer],
  );

  const next = useCallback(() => {
    const after = nextOwnTurn(drill, shown + 1);
    play(drill.turns.slice(shown + 1, after));
    setShown(after);
    setSelected(null);
    setFeedback(null);
  }, [drill, shown, play]);

  // A layout effect: the keys work from the moment the turn is on screen (the digits are the
  // option list's).
  // Enter answers with the option chosen (keys 1-3 only choose, as the hint and the exam say),
  // and goes on after an answer; a focused button or link keeps its own Enter.
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isShortcutKey(event)) return;
      if (event.code === 'KeyL' && canSpeak && lastHeard) {
        event.preventDefault();
        play([lastHeard]);
        return;
      }
      if (event.key !== 'Enter' || event.repeat || finished) return;
      const target = event.target;
      if (target instanceof Element && target.closest('button, a, summary')) return;
      event.preventDefault();
      if (feedback) next();
      else if (selected) reply(selected);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSpeak, lastHeard, play, finished, feedback, next, selected, reply]);

  return (
    <main className="page drills drill">
      <header className="drill-header">
        <p className="drill-kind">
          <Link to="/drills">{t('drills.back')}</Link>
          <span className="badge">{t(`drills.situation.${drill.situation}`)}</span>
        </p>
        <h1>{inLanguage(drill.title, lang)}</h1>
      </header>
      <section className="card drill-setting" aria-labelledby="drill-setting-title">
        <h2 id="drill-setting-title" className="drill-setting-title">
          {t('drills.setting')}
        </h2>
        <p>{inLanguage(drill.setting, lang)}</p>
        <p className="muted drill-ref">{t('drills.ref', { ref: drill.ref })}</p>
        {canSpeak ? null : <p className="muted">{t('drills.noVoice')}</p>}
      </section>

      {finished ? (
        <ReadBack drill={drill} right={right} of={replies} endRef={endRef} onAgain={onAgain} />
      ) : (
        <>
          <section aria-labelledby="drill-exchange-title">
            <h2 id="drill-exchange-title" className="visually-hidden">
              {t('drills.exchange')}
            </h2>
            <ol className="drill-transcript" aria-live="polite" ref={transcriptRef}>
              {drill.turns.slice(0, shown).map((said, index) => (
                // The turns of a drill never move: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <TurnLine key={index} turn={said} onListen={canSpeak ? play : undefined} />
              ))}
            </ol>
          </section>
          {turn ? (
            <DrillReply
              turn={turn}
              turnIndex={shown}
              choices={choices}
              selected={selected}
              onSelect={setSelected}
              feedback={feedback}
              onReply={reply}
              onAnswerAloud={answerAloud}
              onNext={next}
              canSpeak={canSpeak}
              taskRef={taskRef}
              nextRef={nextRef}
            />
          ) : null}
          <p className="muted drill-hint">{t('drills.keysHint')}</p>
        </>
      )}
    </main>
  );
}
