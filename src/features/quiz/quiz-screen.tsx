/** /quiz: the multiple-choice part of a session; after the last question it goes on to spelling. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHOICE_ADVANCE_MS } from '@/domain/constants';
import type { Choices } from '@/domain/quiz';
import { useT } from '@/i18n';
import { type ChoiceFeedback, useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { EmptyState } from '@/ui/empty-state';
import { CheckIcon, CloseIcon } from '@/ui/icons';
import { ListenButton } from '@/ui/listen-button';
import { OptionList } from '@/ui/option-list';
import { isShortcutKey } from '@/ui/shortcut-keys';
import './quiz.css';

export function QuizScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSessionStore((s) => s.session);
  const phase = session?.phase;

  // Past the multiple choice, the session lives on the spelling screen.
  useEffect(() => {
    if (phase === 'spelling' || phase === 'done') {
      void navigate({ to: '/quiz/spelling', replace: true });
    }
  }, [phase, navigate]);

  if (!session || session.words.length === 0) {
    return (
      <main className="page quiz">
        <h1>{t('quiz.title')}</h1>
        <EmptyState>{t('quiz.empty')}</EmptyState>
        <p className="quiz-center">
          <Link to="/select-division" className="btn btn-primary">
            {t('quiz.chooseWords')}
          </Link>
        </p>
      </main>
    );
  }

  const question = session.questions[session.index];
  if (session.phase !== 'choice' || !question) {
    return (
      <main className="page quiz">
        <h1>{t('quiz.title')}</h1>
      </main>
    );
  }

  return (
    <Question
      key={session.index}
      question={question}
      number={session.index + 1}
      total={session.words.length}
      correctCount={session.correctCount}
      feedback={session.feedback}
    />
  );
}

interface QuestionProps {
  question: Choices;
  number: number;
  total: number;
  correctCount: number;
  feedback: ChoiceFeedback | null;
}

function Question({ question, number, total, correctCount, feedback }: QuestionProps) {
  const t = useT();
  const answerChoice = useSessionStore((s) => s.answerChoice);
  const skipChoice = useSessionStore((s) => s.skipChoice);
  const nextQuestion = useSessionStore((s) => s.nextQuestion);
  const [selected, setSelected] = useState<string | null>(null);
  const promptRef = useRef<HTMLDivElement>(null);
  const progress = t('quiz.progress', { n: number, total });
  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  // The English of the question: the prompt of EN→RU and listening questions, the answer of RU→EN.
  const english = question.direction === 'ru-en' ? question.answer : question.prompt;
  // Listening to the English is offered once the English is no secret: at once for EN→RU, after
  // the answer for RU→EN; a listening question plays it from the start.
  const canListen = canSpeak && (question.direction === 'en-ru' || feedback !== null);
  const promptShown = !question.listening || feedback !== null;
  // Listening after an answer holds the quiz on this question until «Далее».
  const [held, setHeld] = useState(false);
  const listen = useCallback(() => {
    if (feedback) setHeld(true);
    speak(english);
  }, [feedback, speak, english]);

  // A new question takes the focus, so keyboard and screen-reader users start from the prompt;
  // a listening question plays its English at once.
  useEffect(() => {
    promptRef.current?.focus({ preventScroll: true });
    if (question.listening) speak(question.prompt);
  }, [question, speak]);

  // After an answer or a skip the result stays on screen for a moment, then the quiz moves on.
  useEffect(() => {
    if (!feedback || held) return;
    const timer = setTimeout(() => nextQuestion(), CHOICE_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [feedback, held, nextQuestion]);

  const answer = useCallback(
    (option: string) => {
      setSelected(option);
      answerChoice(option);
    },
    [answerChoice],
  );

  // A layout effect: the keys work from the moment the question is on screen (the digits are
  // the option list's).
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isShortcutKey(event)) return;
      // L (Д on a Russian layout: the same key) plays the English.
      if (event.code === 'KeyL' && canListen) {
        event.preventDefault();
        listen();
        return;
      }
      if (feedback) return;
      if (event.code === 'KeyS' || event.key.toLowerCase() === 's') {
        event.preventDefault();
        skipChoice();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feedback, skipChoice, canListen, listen]);

  return (
    <main className="page quiz">
      <header className="quiz-header">
        <h1 className="quiz-title">{t('quiz.title')}</h1>
        <p className="quiz-progress-text">{progress}</p>
        <span className="quiz-score">
          <CheckIcon width={16} height={16} />
          <span className="visually-hidden">{t('quiz.score', { count: correctCount })}</span>
          <span aria-hidden="true">{correctCount}</span>
        </span>
      </header>
      <div
        className="quiz-bar"
        role="progressbar"
        aria-label={progress}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={number - 1}
      >
        <span style={{ width: `${((number - 1) / total) * 100}%` }} />
      </div>

      <div className="quiz-prompt card" ref={promptRef} tabIndex={-1}>
        <p className="quiz-prompt-hint">
          <span className="quiz-direction">
            {question.direction === 'ru-en' ? 'RU → EN' : 'EN → RU'}
          </span>
          {t(
            question.listening
              ? 'quiz.prompt.listen'
              : question.direction === 'ru-en'
                ? 'quiz.prompt.ru-en'
                : 'quiz.prompt.en-ru',
          )}
        </p>
        {promptShown ? (
          <h2 className="quiz-prompt-text" lang={question.direction === 'ru-en' ? 'ru' : 'en'}>
            {question.prompt}
          </h2>
        ) : null}
        {question.listening && !promptShown ? (
          <ListenButton
            label={t('quiz.replay')}
            onListen={listen}
            className="quiz-replay"
            showLabel
          />
        ) : null}
        {canListen && promptShown ? (
          // Its name carries the English, so it shows only once the English is no secret.
          <ListenButton
            label={t('speech.listen', { text: english })}
            onListen={listen}
            className="quiz-listen"
          />
        ) : null}
      </div>

      <form
        className="quiz-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected && !feedback) answer(selected);
        }}
      >
        <OptionList
          options={question.options}
          selected={selected}
          onSelect={setSelected}
          answerOnKey={answer}
          marks={feedback ? { right: question.answer, chosen: feedback.chosen } : null}
          legend={t('quiz.options')}
          name="quiz-option"
          classPrefix="quiz"
          lang={question.direction === 'ru-en' ? 'en' : 'ru'}
        />

        <div className="quiz-feedback-slot" role="status">
          {feedback ? <Feedback feedback={feedback} answer={question.answer} /> : null}
        </div>

        <div className="quiz-actions">
          {feedback ? (
            <button
              type="button"
              className="btn btn-primary btn-block quiz-main"
              onClick={() => nextQuestion()}
            >
              {t('quiz.next')}
            </button>
          ) : (
            <>
              <button type="button" className="btn quiz-skip" onClick={() => skipChoice()}>
                {t('quiz.skip')}
              </button>
              <button
                type="submit"
                className="btn btn-primary quiz-main"
                disabled={selected === null}
              >
                {t('quiz.answer')}
              </button>
            </>
          )}
        </div>
      </form>
      <p className="quiz-hint muted">{t(canSpeak ? 'quiz.keysHintListen' : 'quiz.keysHint')}</p>
    </main>
  );
}

function Feedback({ feedback, answer }: { feedback: ChoiceFeedback; answer: string }) {
  const t = useT();
  const tone =
    feedback.result === 'correct' ? 'success' : feedback.result === 'wrong' ? 'danger' : 'neutral';
  const title =
    feedback.result === 'correct'
      ? t('quiz.correct')
      : feedback.result === 'wrong'
        ? t('quiz.incorrect')
        : t('quiz.skipped');
  return (
    <div className={`quiz-feedback is-${tone}`}>
      <span className="quiz-feedback-icon" aria-hidden="true">
        {feedback.result === 'correct' ? <CheckIcon /> : <CloseIcon />}
      </span>
      <span className="quiz-feedback-text">
        <strong>{title}</strong>
        {feedback.result === 'correct' ? null : <span>{t('quiz.rightAnswer', { answer })}</span>}
      </span>
    </div>
  );
}
