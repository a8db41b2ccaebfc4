/** The progress screen's list of exams sat: date, score, pass or not, and each one's certificate. */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ExamRecord } from '@/domain/exam-result';
import { roleLabel } from '@/domain/roles';
import { useLang, useT } from '@/i18n';
import { readExamResults } from '@/stores/exam-store';
import { useWordsStore } from '@/stores/words-store';

export function ExamResults() {
  const t = useT();
  const lang = useLang();
  // A result synced from another device arrives as a history change: the list follows it.
  const revision = useWordsStore((s) => s.revision);
  const [records, setRecords] = useState<ExamRecord[] | null>(null);

  useEffect(() => {
    let live = true;
    void revision;
    readExamResults().then(
      (found) => live && setRecords(found),
      () => live && setRecords([]),
    );
    return () => {
      live = false;
    };
  }, [revision]);

  const date = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'medium' });
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
          {records.map((record) => (
            <li key={record.examId}>
              <Link to="/exam/$examId" params={{ examId: record.examId }}>
                {date.format(record.at)} · {roleLabel(record.fields.role, lang)} · {record.percent}{' '}
                % — {t(record.passed ? 'exam.results.passed' : 'exam.results.failed')}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
