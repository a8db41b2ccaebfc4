/**
 * The learner's turn in a drill: the task, the reply options with where they differ marked, the
 * verdict, «Ответить» or «Далее», and the launcher for a reply said aloud.
 */
import { Fragment, type RefObject, useMemo } from 'react';
import { type DrillTurn, optionDifferences } from '@/domain/drills';
import { inLanguage } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { useSpeechStore } from '@/stores/speech-store';
import { OptionList } from '@/ui/option-list';
import { listeningLangs, SpeakLauncher } from '@/ui/speaking/speak-launcher';
import type { SpokenAnswer } from '@/ui/speaking/types';

/** The verdict on a turn's first answer. */
export interface Feedback {
  /** The option picked; null for a reply said aloud. */
  chosen: string | null;
  right: boolean;
}

interface DrillReplyProps {
  /** The learner's turn. */
  turn: DrillTurn;
  /** Its index in the drill's turns. */
  turnIndex: number;
  choices: readonly string[];
  selected: string | null;
  onSelect: (option: string) => void;
  feedback: Feedback | null;
  /** Answers with the option picked. */
  onReply: (option: string) => void;
  onAnswerAloud: (spoken: SpokenAnswer) => void;
  /** Goes on after an answer. */
  onNext: () => void;
  canSpeak: boolean;
  taskRef: RefObject<HTMLDivElement | null>;
  nextRef: RefObject<HTMLButtonElement | null>;
}

export function DrillReply({
  turn,
  turnIndex,
  choices,
  selected,
  onSelect,
  feedback,
  onReply,
  onAnswerAloud,
  onNext,
  canSpeak,
  taskRef,
  nextRef,
}: DrillReplyProps) {
  const t = useT();
  const lang = useLang();
  const speak = useSpeechStore((s) => s.speak);
  const accent = useSpeechStore((s) => s.settings.accent);
  const voiceLang = useSpeechStore((s) => s.voice?.lang);
  const differences = useMemo(() => optionDifferences(choices), [choices]);
  return (
    <form
      className="drill-reply"
      onSubmit={(event) => {
        event.preventDefault();
        if (feedback) onNext();
        else if (selected) onReply(selected);
      }}
    >
      <div className="drill-task card" ref={taskRef} tabIndex={-1}>
        <h2 className="drill-task-title">{t('drills.yourTurn')}</h2>
        <p className="drill-task-text">{turn.task ? inLanguage(turn.task, lang) : null}</p>
      </div>
      <OptionList
        options={choices}
        selected={selected}
        onSelect={onSelect}
        marks={feedback ? { right: turn.en, chosen: feedback.chosen } : null}
        legend={t('drills.options')}
        name="drill-option"
        classPrefix="drill"
        lang="en"
        renderText={(_, index) =>
          (differences[index] ?? []).map((word, w) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed option
            <Fragment key={w}>
              {w > 0 ? ' ' : null}
              {word.differs ? <mark className="drill-diff">{word.text}</mark> : word.text}
            </Fragment>
          ))
        }
      />
      <div className="drill-feedback-slot" role="status">
        {feedback ? (
          <p className={`drill-feedback is-${feedback.right ? 'success' : 'danger'}`}>
            <strong>{feedback.right ? t('drills.right') : t('drills.wrong')}</strong>
            {feedback.right ? null : <span lang="en"> {turn.en}</span>}
          </p>
        ) : null}
      </div>
      <div className="drill-actions">
        {feedback ? (
          <button type="submit" className="btn btn-primary btn-block" ref={nextRef}>
            {t('drills.next')}
          </button>
        ) : (
          <button type="submit" className="btn btn-primary btn-block" disabled={selected === null}>
            {t('drills.reply')}
          </button>
        )}
      </div>
      <SpeakLauncher
        // A new launcher for each turn: the panel marks this turn's reply.
        key={turnIndex}
        expected={turn.en}
        langs={listeningLangs(accent, voiceLang)}
        onAnswer={onAnswerAloud}
        speak={canSpeak ? speak : undefined}
        counted={feedback !== null}
      />
    </form>
  );
}
