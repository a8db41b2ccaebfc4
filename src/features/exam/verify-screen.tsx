/**
 * /verify («Проверить результат», admins): a certificate's verification code looked up in the
 * learner's history in the cloud. Says what was found (name, post, score, pass or not, when it
 * reached the cloud) or why nothing was.
 */
import { type FormEvent, useId, useState } from 'react';
import { roleLabel } from '@/domain/roles';
import { type MessageKey, useLang, useT } from '@/i18n';
import { type VerifyOutcome, verifyExam } from '@/stores/exam-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
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
    new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
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
              className={outcome.record.passed ? 'exam-passed' : 'exam-failed'}
            >
              {t(outcome.record.passed ? 'exam.result.passed' : 'exam.result.failed')}
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
            </dl>
          </section>
        ) : null}
      </div>
    </main>
  );
}
