/**
 * The exam while it runs: one question at a time, four answers (keys 1-4 choose, Enter answers),
 * the time left, no feedback and no going back; leaving (a link, the browser's or the phone's
 * Back) asks first and ends the exam.
 */
import { useBlocker, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { secondsLeft } from '@/domain/exam';
import { type MessageKey, useT } from '@/i18n';
import { type ExamRun, useExamStore } from '@/stores/exam-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useConfirm } from '@/ui/confirm';
import { ListenButton } from '@/ui/listen-button';
import { OptionList } from '@/ui/option-list';
import { isShortcutKey } from '@/ui/shortcut-keys';
import { sectionKey } from './exam-section';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The running exam this history entry was added for (see `ExamRunView`). */
    examGuard?: string;
  }
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function ExamRunView({ run }: { run: ExamRun }) {
  const t = useT();
  const confirm = useConfirm();
  const answer = useExamStore((s) => s.answer);
  const finish = useExamStore((s) => s.finish);
  const router = useRouter();
  const navigate = useNavigate();
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  const index = run.answers.length;
  const question = run.questions[index];
  const [selected, setSelected] = useState<string | null>(null);
  const [left, setLeft] = useState(() =>
    secondsLeft(run.startedAt, run.config.minutes, Date.now()),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ending = useRef(false);
  const listening = question?.section === 'listening';

  const end = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    await finish();
  }, [finish]);

  // The clock: the time left, and the end when it runs out.
  useEffect(() => {
    const tick = () => {
      const seconds = secondsLeft(run.startedAt, run.config.minutes, Date.now());
      setLeft(seconds);
      // The result says the time ran out; a toast here would cover its heading.
      if (seconds === 0) void end();
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [run.startedAt, run.config.minutes, end]);

  // Each new question: nothing chosen, the heading takes the focus, a listening one plays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs for each new question
  useEffect(() => {
    setSelected(null);
    headingRef.current?.focus();
    if (listening && question && canSpeak) speak(question.prompt);
  }, [index]);

  // The exam gets a history entry of its own (kept across a reload), so Back (the browser's, a
  // phone's back key) lands on /exam in this page, where the blocker below asks, rather than on a
  // page before this one was opened, which no script may stop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per exam
  useEffect(() => {
    if (router.history.location.state.examGuard === run.examId) return;
    void navigate({
      to: '/exam',
      state: (previous) => ({ ...previous, examGuard: run.examId }),
      ignoreBlocker: true,
    });
  }, [run.examId]);

  // Leaving the screen (a link, Back or Forward) asks first; a yes ends the exam (it is never
  // sat again).
  useBlocker({
    shouldBlockFn: async () => {
      if (ending.current) return false;
      if (!(await confirm({ message: t('exam.leaveConfirm'), confirmLabel: t('exam.leave') })))
        return true;
      await end();
      return false;
    },
    enableBeforeUnload: false,
  });

  const submit = useCallback(() => {
    if (selected === null) return;
    void answer(selected);
  }, [selected, answer]);

  // The digits choose in the option list; Enter answers.
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isShortcutKey(event) || !question) return;
      if (event.code === 'KeyL' && listening && canSpeak) {
        event.preventDefault();
        speak(question.prompt);
        return;
      }
      if (event.key === 'Enter' && selected !== null) {
        const target = event.target as HTMLElement | null;
        if (target?.tagName === 'BUTTON' && target.getAttribute('type') === 'button') return;
        event.preventDefault();
        submit();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [question, listening, canSpeak, speak, selected, submit]);

  async function leave() {
    if (await confirm({ message: t('exam.leaveConfirm'), confirmLabel: t('exam.leave') }))
      await end();
  }

  if (!question) return <main className="page exam" aria-busy="true" />;
  const promptKey = listening
    ? 'exam.prompt.listening'
    : (`exam.prompt.${question.direction}` as MessageKey);

  return (
    <main className="page exam exam-run">
      <header className="exam-bar">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('exam.question', { n: index + 1, total: run.questions.length })}
        </h1>
        <p className="exam-clock" role="timer" aria-live="off">
          {t('exam.timeLeft', { time: clock(left) })}
        </p>
      </header>
      <progress
        className="exam-progress"
        max={run.questions.length}
        value={index}
        aria-label={t('exam.question', { n: index + 1, total: run.questions.length })}
      />
      <section className="card exam-question">
        <p className="exam-section">{t(sectionKey(question.section))}</p>
        <p>{t(promptKey)}</p>
        {listening ? (
          canSpeak ? (
            <ListenButton
              label={t('exam.listen')}
              onListen={() => speak(question.prompt)}
              showLabel
            />
          ) : null
        ) : (
          <p className="exam-prompt" lang={question.direction === 'ru-en' ? 'ru' : 'en'}>
            {question.prompt}
          </p>
        )}
        <OptionList
          options={question.options}
          selected={selected}
          onSelect={setSelected}
          legend={t('exam.options')}
          name={`exam-q${index}`}
          classPrefix="exam"
          lang={question.direction === 'ru-en' ? 'en' : 'ru'}
        />
        <p className="muted exam-hint">{t('exam.keysHint')}</p>
        <div className="exam-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={selected === null}
            onClick={submit}
          >
            {t('exam.submit')}
          </button>
          <button type="button" className="btn" onClick={leave}>
            {t('exam.leave')}
          </button>
        </div>
      </section>
    </main>
  );
}
