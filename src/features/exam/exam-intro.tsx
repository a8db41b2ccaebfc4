/**
 * The exam before it starts: the department and post (the profile's, or chosen here), what the
 * exam holds, the pass mark, the predicted score and, where sittings are offered, the code.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { COMMON_DIVISION } from '@/domain/constants';
import { EXAM_DEFAULTS, type ExamConfig, type Prediction } from '@/domain/exam';
import { roleLabel } from '@/domain/roles';
import { inDivision, orderedDivisions } from '@/domain/topics';
import { useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { readExamConfig, sittingCodesOffered, useExamStore } from '@/stores/exam-store';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useCanSpeak } from '@/stores/speech-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { sectionKey } from './exam-section';

export function ExamIntro({ notice }: { notice: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const loaded = useVocabStore((s) => s.loaded);
  const stored = useVocabStore((s) => s.divisions);
  // The order of every other screen: the built-in departments, the common core, then by name.
  const divisions = useMemo(() => orderedDivisions(stored), [stored]);
  const roles = useVocabStore((s) => s.roles);
  const vocab = useVocabStore((s) => s.vocab);
  const canListen = useCanSpeak();
  const predict = useExamStore((s) => s.predict);
  const start = useExamStore((s) => s.start);
  const toast = useToast();
  const [division, setDivision] = useState(user?.settings.division ?? '');
  const [role, setRole] = useState(user?.settings.role ?? '');
  // undefined while it is worked out; null when there is nothing to base one on yet.
  const [prediction, setPrediction] = useState<Prediction | null | undefined>(undefined);
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
  // A department with no posts of its own (the common core): Start waits for another one.
  const noPostsHere = division !== '' && rolesHere.length === 0;
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
    setPrediction(undefined);
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
      prediction: prediction ?? null,
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
                : ready && prediction === null
                  ? t('exam.predictionNoData')
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
                {noPostsHere
                  ? t(division === COMMON_DIVISION ? 'exam.commonNoPost' : 'exam.noPosts', {
                      division: divisionLabel(t, division, divisions),
                    })
                  : t('exam.needPost')}
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
