/**
 * The progress screen's list of exams sat: date, score, pass or not (never "passed" when the
 * numbers do not agree with the exam's conditions), how it was obtained, and each certificate.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ExamRecord } from '@/domain/exam-result';
import { roleLabel } from '@/domain/roles';
import { localeOf } from '@/domain/settings-schema';
import { useLang, useT } from '@/i18n';
import { type LocalProof, readLocalProofs } from '@/stores/exam-proofs';
import { readExamResults } from '@/stores/exam-store';
import { useWordsStore } from '@/stores/words-store';
import { proofText } from '@/ui/exam-proof-text';

export function ExamResults() {
  const t = useT();
  const lang = useLang();
  // A result synced from another device arrives as a history change: the list follows it.
  const revision = useWordsStore((s) => s.revision);
  const ownerId = useWordsStore((s) => s.ownerId);
  const [records, setRecords] = useState<ExamRecord[] | null>(null);
  const [proofs, setProofs] = useState<Map<string, LocalProof>>(new Map());

  useEffect(() => {
    let live = true;
    void revision;
    readExamResults().then(
      async (found) => {
        if (!live) return;
        setRecords(found);
        if (found.length > 0) {
          const read = await readLocalProofs(ownerId, found);
          if (live) setProofs(read);
        }
      },
      () => live && setRecords([]),
    );
    return () => {
      live = false;
    };
  }, [revision, ownerId]);

  const date = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium' });
  return (
    <section
      className="card exam-results"
      aria-labelledby="exam-results-title"
      aria-busy={!records}
    >
      <div className="page-header">
        <h2 id="exam-results-title">{t('exam.results.title')}</h2>
        <Link to="/exam" className="btn btn-small">
          {t('exam.start')}
        </Link>
      </div>
      {records && records.length === 0 ? <p className="muted">{t('exam.results.empty')}</p> : null}
      {records && records.length > 0 ? (
        <ul className="exam-results-list">
          {records.map((record) => {
            const proof = proofs.get(record.examId);
            const verdict = proof?.problem
              ? t('exam.proof.mismatch')
              : t(record.passed ? 'exam.results.passed' : 'exam.results.failed');
            return (
              <li key={record.examId}>
                <Link to="/exam/$examId" params={{ examId: record.examId }}>
                  {date.format(record.at)} · {roleLabel(record.fields.role, lang)} ·{' '}
                  {record.percent} % — {verdict}
                </Link>
                {proof && !proof.problem ? (
                  <span className="muted">
                    {' '}
                    · {proofText(t, proof.level, proof.supervision, (ms) => date.format(ms))}
                  </span>
                ) : null}
                {proof?.codeRefused ? (
                  <p className="notice">{t('exam.proof.codeRefused')}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
