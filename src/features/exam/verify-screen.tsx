/**
 * /verify («Проверить результат», admins): a certificate's verification code looked up in the
 * cloud (the result document, else the learner's history). Says what was found (name, post,
 * score, pass or not, when it reached the cloud, how it was obtained) or why nothing was; a result
 * whose numbers do not agree with the exam's conditions is never shown as passed.
 */
import { type FormEvent, useId, useState } from 'react';
import { roleLabel } from '@/domain/roles';
import { localeOf } from '@/domain/settings-schema';
import { type MessageKey, useLang, useT } from '@/i18n';
import { type VerifyOutcome, verifyExam } from '@/stores/exam-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { proofText } from '@/ui/exam-proof-text';
import './exam.css';

const REASONS: Record<string, MessageKey> = {
  'not-found': 'exam.verify.notFound',
  malformed: 'exam.verify.malformed',
  local: 'exam.verify.local',
  failed: 'exam.verify.failed',
};

export function VerifyScreen() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const divisions = useVocabStore((s) => s.divisions);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);

  async function check(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await verifyExam(code));
    } finally {
      setBusy(false);
    }
  }

  const date = (ms: number) =>
    new Intl.DateTimeFormat(localeOf(lang), {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(ms);

  return (
    <main className="page exam verify">
      <h1>{t('exam.verify.title')}</h1>
      <p>{t('exam.verify.lead')}</p>
      <form className="stack card" onSubmit={check} noValidate aria-busy={busy || undefined}>
        <div className="field">
          <label htmlFor={id}>{t('exam.verify.code')}</label>
          <input
            id={id}
            className="input certificate-id"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || code.trim() === ''}>
            {t('exam.verify.submit')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {outcome && !outcome.found ? (
          <p className="notice" role="alert">
            {t(REASONS[outcome.reason] ?? 'exam.verify.failed')}
          </p>
        ) : null}
        {outcome?.found ? (
          <section className="card certificate-sheet" aria-labelledby={`${id}-found`}>
            <h2
              id={`${id}-found`}
              className={
                outcome.record.passed && outcome.proof !== 'mismatch'
                  ? 'exam-passed'
                  : 'exam-failed'
              }
            >
              {outcome.proof === 'mismatch'
                ? t('exam.proof.mismatch')
                : t(outcome.record.passed ? 'exam.result.passed' : 'exam.result.failed')}
            </h2>
            <p>{t('exam.verify.found', { date: date(outcome.receivedAt) })}</p>
            <dl className="certificate-fields">
              <dt>{t('exam.certificate.name')}</dt>
              <dd>{outcome.profile?.fullName?.trim() || t('exam.verify.nameUnknown')}</dd>
              <dt>{t('exam.certificate.post')}</dt>
              <dd>
                {divisionLabel(t, outcome.record.fields.dv, divisions)},{' '}
                {roleLabel(outcome.record.fields.role, lang)}
              </dd>
              <dt>{t('exam.certificate.date')}</dt>
              <dd>{date(outcome.record.at)}</dd>
              <dt>{t('exam.certificate.score')}</dt>
              <dd>
                {outcome.record.percent} % ({outcome.record.fields.c}/{outcome.record.fields.n})
              </dd>
              <dt>{t('exam.certificate.passMark')}</dt>
              <dd>{outcome.record.fields.pm} %</dd>
              <dt>{t('exam.proof.label')}</dt>
              <dd className="exam-proof">
                {proofText(t, outcome.proof, outcome.supervision, date)}
              </dd>
            </dl>
            <p className="muted">{t('exam.verify.proves')}</p>
          </section>
        ) : null}
      </div>
    </main>
  );
}
