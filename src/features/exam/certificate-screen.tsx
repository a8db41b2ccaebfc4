/**
 * /exam/$examId: the certificate of one exam result (a result sheet for one that did not pass, or
 * whose numbers do not agree), laid out for one A4 page (the print stylesheet hides the app
 * around it; "save as PDF" is the browser's). It says how the result was obtained (supervised,
 * self-reported, imported, not sent yet) and never shows as passed a result whose numbers do not
 * agree with the exam's conditions.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ExamSection } from '@/domain/exam';
import type { ExamRecord } from '@/domain/exam-result';
import { roleLabel } from '@/domain/roles';
import { localeOf } from '@/domain/settings-schema';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { type LocalProof, readLocalProofs } from '@/stores/exam-proofs';
import { certificateCode, readExamResult } from '@/stores/exam-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { proofText } from '@/ui/exam-proof-text';
import './exam.css';

export function CertificateScreen({ examId }: { examId: string }) {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const divisions = useVocabStore((s) => s.divisions);
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const [record, setRecord] = useState<ExamRecord | null | undefined>(undefined);
  const [proof, setProof] = useState<LocalProof | null>(null);
  const userId = user?.id;

  useEffect(() => {
    let live = true;
    readExamResult(examId).then(
      async (found) => {
        if (!live) return;
        setRecord(found);
        if (!found || !userId) return;
        const proofs = await readLocalProofs(userId, [found]);
        if (live) setProof(proofs.get(found.examId) ?? null);
      },
      () => live && setRecord(null),
    );
    return () => {
      live = false;
    };
  }, [examId, userId]);

  if (record === undefined) return <main className="page exam" aria-busy="true" />;
  if (record === null) {
    return (
      <main className="page exam">
        <h1>{t('exam.certificate.title')}</h1>
        <EmptyState>{t('exam.certificate.notFound')}</EmptyState>
        <p>
          <Link to="/progress" className="btn">
            {t('exam.certificate.back')}
          </Link>
        </p>
      </main>
    );
  }
  const { fields } = record;
  const format = new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const date = format.format(record.at);
  const mismatch = proof?.problem != null;
  const sections = (Object.entries(fields.s) as [ExamSection, [number, number]][])
    .map(([section, [right, of]]) => `${t(`exam.section.${section}` as MessageKey)} ${right}/${of}`)
    .join(', ');

  return (
    <main className="page exam certificate">
      <div className="certificate-actions no-print">
        <Link to="/progress" className="btn">
          {t('exam.certificate.back')}
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('exam.certificate.print')}
        </button>
      </div>
      <article className="certificate-sheet" aria-labelledby="certificate-title">
        <h1 id="certificate-title">
          {t(record.passed && !mismatch ? 'exam.certificate.title' : 'exam.sheet.title')}
        </h1>
        <dl className="certificate-fields">
          <dt>{t('exam.certificate.name')}</dt>
          <dd>{user ? user.fullName.trim() || user.email : ''}</dd>
          <dt>{t('exam.certificate.post')}</dt>
          <dd>
            {divisionLabel(t, fields.dv, divisions)}, {roleLabel(fields.role, lang)}
          </dd>
          <dt>{t('exam.certificate.date')}</dt>
          <dd>{date}</dd>
          <dt>{t('exam.certificate.score')}</dt>
          <dd>
            {record.percent} % ({fields.c}/{fields.n})
          </dd>
          <dt>{t('exam.certificate.passMark')}</dt>
          <dd>{fields.pm} %</dd>
          <dt>{t('exam.certificate.result')}</dt>
          <dd className={record.passed && !mismatch ? 'exam-passed' : 'exam-failed'}>
            {mismatch
              ? t('exam.proof.mismatch')
              : t(record.passed ? 'exam.result.passed' : 'exam.result.failed')}
          </dd>
          {proof ? (
            <>
              <dt>{t('exam.proof.label')}</dt>
              <dd className="exam-proof">
                {proofText(t, proof.level, proof.supervision, (ms) => format.format(ms))}
                {proof.codeRefused ? (
                  <>
                    <br />
                    {t('exam.proof.codeRefused')}
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>{t('exam.certificate.sections')}</dt>
          <dd>{sections}</dd>
          <dt>{t('exam.certificate.id')}</dt>
          <dd className="certificate-id">{record.examId}</dd>
        </dl>
        {cloud && user ? (
          <p className="certificate-note">
            {t('exam.certificate.code')}:{' '}
            <span className="certificate-id">{certificateCode(user.id, record.examId)}</span>
            <br />
            {t('exam.certificate.verifiable')}
          </p>
        ) : (
          <p className="certificate-note">{t('exam.certificate.unverified')}</p>
        )}
      </article>
    </main>
  );
}
