/**
 * /exam: the exam of the learner's post. Before it: the department and post (the profile's, or
 * chosen here), what the exam holds, the pass mark and the predicted score. During it: one
 * question at a time, four answers (keys 1-4, Enter answers), the time left, no feedback and no
 * going back; leaving (a link, the browser's or the phone's Back) asks first and ends the exam.
 * After it: the result by section and topic, the mistakes with their answers, a session of the
 * missed words and the certificate.
 */
import { Link, useBlocker, useNavigate, useRouter } from '@tanstack/react-router';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  EXAM_DEFAULTS,
  type ExamConfig,
  type ExamSection,
  type Prediction,
  secondsLeft,
} from '@/domain/exam';
import { roleLabel } from '@/domain/roles';
import { inDivision } from '@/domain/topics';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import {
  type ExamOutcome,
  type ExamRun,
  readExamConfig,
  sittingCodesOffered,
  useExamStore,
} from '@/stores/exam-store';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useConfirm } from '@/ui/confirm';
import { divisionLabel } from '@/ui/division-label';
import { ListenButton } from '@/ui/listen-button';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { ExamWeakTopics } from './exam-weak-topics';
import './exam.css';

const sectionKey = (section: ExamSection) => `exam.section.${section}` as MessageKey;

declare module '@tanstack/history' {
  interface HistoryState {
    /** The running exam this history entry was added for (see `ExamRunView`). */
    examGuard?: string;
  }
}

export function ExamScreen() {
  const user = useUser();
  const run = useExamStore((s) => s.run);
  const outcome = useExamStore((s) => s.outcome);
  const resume = useExamStore((s) => s.resume);
  const refused = useExamStore((s) => s.refused);
  const dismissRefused = useExamStore((s) => s.dismissRefused);
  const t = useT();
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    if (!user) return;
    void resume(user.id).finally(() => setResumed(true));
  }, [user, resume]);

  if (!user || !resumed) return <main className="page exam" aria-busy="true" />;
  if (outcome) return <ExamResult outcome={outcome} />;
  if (run) return <ExamRunView run={run} />;
  return (
    <ExamIntro
      notice={
        refused ? (
          <div className="notice" role="alert">
            <p>{t(refused === 'corrupt' ? 'exam.refused.corrupt' : 'exam.refused.tampered')}</p>
            <button type="button" className="btn" onClick={dismissRefused}>
              {t('common.close')}
            </button>
          </div>
        ) : null
      }
    />
  );
}

// Before the exam

function ExamIntro({ notice }: { notice: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const loaded = useVocabStore((s) => s.loaded);
  const divisions = useVocabStore((s) => s.divisions);
  const roles = useVocabStore((s) => s.roles);
  const vocab = useVocabStore((s) => s.vocab);
  const canListen = useCanSpeak();
  const predict = useExamStore((s) => s.predict);
  const start = useExamStore((s) => s.start);
  const toast = useToast();
  const [division, setDivision] = useState(user?.settings.division ?? '');
  const [role, setRole] = useState(user?.settings.role ?? '');
  const [prediction, setPrediction] = useState<Prediction | null>(null);
  const divisionId = useId();
  const roleFieldId = useId();
  const codeId = useId();
  const needPostId = useId();
  const [config, setConfig] = useState<ExamConfig>(EXAM_DEFAULTS);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const offerCode = sittingCodesOffered();

  const rolesHere = useMemo(
    () => roles.filter((candidate) => candidate.division === division),
    [roles, division],
  );
  const poolSize = useMemo(
    () => vocab.filter((item) => inDivision(item.division, division)).length,
    [vocab, division],
  );
  // A post of this department, or none («—»): the profile's "every post" is not one.
  const post = rolesHere.find((item) => item.name === role);
  const roleId = post?.id;
  const ready = loaded && post !== undefined;

  // The post's composition as an admin set it (or the defaults).
  useEffect(() => {
    let live = true;
    readExamConfig(roleId).then(
      (value) => live && setConfig(value),
      () => live && setConfig(EXAM_DEFAULTS),
    );
    return () => {
      live = false;
    };
  }, [roleId]);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    setPrediction(null);
    predict(division, role, config).then(
      (value) => live && setPrediction(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, division, role, predict, config]);

  function begin(event: FormEvent) {
    event.preventDefault();
    if (!user || !post) return;
    const started = start({
      userId: user.id,
      division,
      role: post.name,
      canListen,
      config,
      prediction,
      ...(offerCode ? { code } : {}),
    });
    setCodeError(started === 'bad-code');
    if (started === 'no-words') toast.show({ tone: 'error', message: t('exam.noWords') });
    if (started === 'no-post') toast.show({ tone: 'error', message: t('exam.needPost') });
  }

  const sections = config.sections.filter((section) => section !== 'listening' || canListen);

  return (
    <main className="page exam">
      <h1>{t('exam.title')}</h1>
      {notice}
      {!loaded ? (
        <WordsLoading source={vocabularyInstallSource} label={t('onboarding.loading')} />
      ) : (
        <section className="card exam-intro" aria-labelledby="exam-intro-title">
          <h2 id="exam-intro-title" className="visually-hidden">
            {t('exam.title')}
          </h2>
          <p>{t('exam.lead', { count: config.questions, minutes: config.minutes })}</p>
          <div className="exam-post">
            <label htmlFor={divisionId}>{t('exam.division')}</label>
            <select
              id={divisionId}
              value={division}
              onChange={(event) => {
                setDivision(event.target.value);
                setRole('');
              }}
            >
              <option value="">—</option>
              {divisions.map((item) => (
                <option key={item.id} value={item.id}>
                  {divisionLabel(t, item.id, divisions)}
                </option>
              ))}
            </select>
            <label htmlFor={roleFieldId}>{t('exam.role')}</label>
            <select
              id={roleFieldId}
              value={post ? role : ''}
              disabled={division === ''}
              onChange={(event) => setRole(event.target.value)}
            >
              <option value="">—</option>
              {rolesHere.map((item) => (
                <option key={item.id} value={item.name}>
                  {roleLabel(item.name, lang)}
                </option>
              ))}
            </select>
          </div>
          <ul className="exam-facts">
            <li>
              {t('exam.sections', {
                list: sections.map((section) => t(sectionKey(section))).join(', '),
              })}
            </li>
            {canListen ? null : <li>{t('exam.noListening')}</li>}
            <li>{t('exam.passMark', { percent: Math.round(config.passMark * 100) })}</li>
            <li aria-live="polite">
              {ready && prediction
                ? t('exam.prediction', {
                    percent: prediction.percent,
                    low: prediction.low,
                    high: prediction.high,
                  })
                : t('exam.predictionNone')}
            </li>
            <li className="muted">{t('exam.measures')}</li>
          </ul>
          <form className="exam-start" onSubmit={begin} noValidate>
            {offerCode ? (
              <div className="field">
                <label htmlFor={codeId}>{t('exam.code.label')}</label>
                <input
                  id={codeId}
                  className="input exam-code"
                  value={code}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCodeError(false);
                  }}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="ABCD-2345"
                  aria-describedby={`${codeId}-hint${codeError ? ` ${codeId}-error` : ''}`}
                  aria-invalid={codeError ? true : undefined}
                />
                <p id={`${codeId}-hint`} className="muted">
                  {t('exam.code.hint')}
                </p>
                {codeError ? (
                  <p id={`${codeId}-error`} className="notice" role="alert">
                    {t('exam.code.malformed')}
                  </p>
                ) : null}
              </div>
            ) : null}
            {loaded && !post ? (
              <p id={needPostId} className="notice">
                {t('exam.needPost')}
              </p>
            ) : null}
            <div>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!ready || poolSize === 0}
                aria-describedby={!post ? needPostId : undefined}
              >
                {t('exam.start')}
              </button>
            </div>
          </form>
        </section>
      )}
    </main>
  );
}

// During the exam

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && !['radio', 'button'].includes(target.type)))
  );
}

function ExamRunView({ run }: { run: ExamRun }) {
  const t = useT();
  const toast = useToast();
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
      if (seconds === 0) {
        toast.show({ message: t('exam.timeUp') });
        void end();
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [run.startedAt, run.config.minutes, end, toast, t]);

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

  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !question)
        return;
      if (event.code === 'KeyL' && listening && canSpeak) {
        event.preventDefault();
        speak(question.prompt);
        return;
      }
      const digit = Number(event.key);
      if (Number.isInteger(digit) && digit >= 1 && digit <= question.options.length) {
        event.preventDefault();
        setSelected(question.options[digit - 1] as string);
      } else if (event.key === 'Enter' && selected !== null) {
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
        <fieldset className="exam-options">
          <legend className="visually-hidden">{t('exam.options')}</legend>
          {question.options.map((option, i) => (
            <label
              key={option}
              className={`exam-option${selected === option ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name={`exam-q${index}`}
                value={option}
                checked={selected === option}
                onChange={() => setSelected(option)}
              />
              <span className="exam-option-key" aria-hidden="true">
                {i + 1}
              </span>
              <span lang={question.direction === 'ru-en' ? 'en' : 'ru'}>{option}</span>
            </label>
          ))}
        </fieldset>
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

// After the exam

function ExamResult({ outcome }: { outcome: ExamOutcome }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const dismiss = useExamStore((s) => s.dismiss);
  const saveResult = useExamStore((s) => s.saveResult);
  const divisions = useVocabStore((s) => s.divisions);
  const vocab = useVocabStore((s) => s.vocab);
  const studyWords = useSessionStore((s) => s.studyWords);
  const { record, score, questions, answers } = outcome;
  const { fields } = record;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const byId = useMemo(() => new Map(vocab.map((item) => [item.id, item])), [vocab]);

  useEffect(() => headingRef.current?.focus(), []);

  async function studyMissed() {
    const ids = score.missed
      .map((index) => questions[index]?.vocabId)
      .filter((id): id is string => typeof id === 'string' && byId.has(id));
    dismiss();
    if (studyWords(ids)) await navigate({ to: '/quiz' });
  }

  async function home() {
    dismiss();
    await navigate({ to: '/' });
  }

  return (
    <main className="page exam exam-result">
      <section className="card" aria-labelledby="exam-result-title">
        <h1
          id="exam-result-title"
          ref={headingRef}
          tabIndex={-1}
          className={record.passed ? 'exam-passed' : 'exam-failed'}
        >
          {t(record.passed ? 'exam.result.passed' : 'exam.result.failed')}
        </h1>
        <p className="exam-score">
          {t('exam.result.score', {
            correct: fields.c,
            total: fields.n,
            percent: record.percent,
            pass: fields.pm,
          })}
        </p>
        <p className="muted">
          {t('exam.post', {
            division: divisionLabel(t, fields.dv, divisions),
            role: roleLabel(fields.role, lang),
          })}
        </p>
        {fields.pr ? (
          <p className="muted">
            {t('exam.result.predicted', {
              percent: fields.pr[0],
              low: fields.pr[1],
              high: fields.pr[2],
            })}
          </p>
        ) : null}
        {outcome.status === 'saving' ? (
          <p className="muted" role="status">
            {t('exam.result.saving')}
          </p>
        ) : null}
        {outcome.status === 'failed' ? (
          <div className="notice" role="alert">
            <p>
              {t('exam.result.notSaved', {
                reason: t(`exam.result.failure.${outcome.failure ?? 'other'}` as MessageKey),
              })}
            </p>
            <button type="button" className="btn btn-primary" onClick={() => void saveResult()}>
              {t('exam.result.retry')}
            </button>
          </div>
        ) : null}
        <div className="exam-actions">
          {score.missed.length > 0 ? (
            <button type="button" className="btn btn-primary" onClick={studyMissed}>
              {t('exam.result.study')}
            </button>
          ) : null}
          {outcome.status === 'saved' ? (
            <Link
              to="/exam/$examId"
              params={{ examId: record.examId }}
              className="btn"
              onClick={dismiss}
            >
              {t('exam.result.certificate')}
            </Link>
          ) : null}
          <button type="button" className="btn" onClick={home}>
            {t('exam.result.home')}
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="exam-sections-title">
        <h2 id="exam-sections-title">{t('exam.result.sections')}</h2>
        <table className="exam-table">
          <tbody>
            {Object.entries(score.bySection).map(([section, tally]) => (
              <tr key={section}>
                <th scope="row">{t(sectionKey(section as ExamSection))}</th>
                <td>
                  {tally.correct} / {tally.total}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ExamWeakTopics rows={fields.t} />
      </section>

      <section className="card" aria-labelledby="exam-missed-title">
        <h2 id="exam-missed-title">{t('exam.result.missed')}</h2>
        {score.missed.length === 0 ? (
          <p>{t('exam.result.noMistakes')}</p>
        ) : (
          <ol className="exam-missed">
            {score.missed.map((index) => {
              const question = questions[index];
              if (!question) return null;
              const given = answers[index];
              return (
                <li key={question.vocabId}>
                  <span lang={question.direction === 'ru-en' ? 'ru' : 'en'}>{question.prompt}</span>{' '}
                  —{' '}
                  <strong lang={question.direction === 'ru-en' ? 'en' : 'ru'}>
                    {question.answer}
                  </strong>{' '}
                  <span className="muted">
                    (
                    {given
                      ? t('exam.result.yourAnswer', { answer: given })
                      : t('exam.result.noAnswer')}
                    )
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </main>
  );
}
