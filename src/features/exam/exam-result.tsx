/**
 * The exam's result: the score by section and topic, the mistakes with their answers, a session
 * of the missed words, and the certificate (a result sheet when it did not pass) once the result is
 * saved; a sitting whose time ran out says so.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { ExamSection } from '@/domain/exam';
import { ranOutOfTime } from '@/domain/exam-result';
import { roleLabel } from '@/domain/roles';
import { type MessageKey, useLang, useT } from '@/i18n';
import { type ExamOutcome, useExamStore } from '@/stores/exam-store';
import { useSessionStore } from '@/stores/session-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { sectionKey } from './exam-section';
import { ExamWeakTopics } from './exam-weak-topics';

export function ExamResult({ outcome }: { outcome: ExamOutcome }) {
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
  const unanswered = answers.filter((given) => given === null).length;

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
        {ranOutOfTime(fields, unanswered) ? (
          <p className="notice exam-time-up">{t('exam.timeUp', { count: unanswered })}</p>
        ) : null}
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
              {/* A result that did not pass is no certificate: a sheet of its result. */}
              {t(record.passed ? 'exam.result.certificate' : 'exam.result.sheet')}
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
