/** The exam result's weakest topics: those with a mistake, named in the learner's language. */
import { useId, useMemo } from 'react';
import { type ExamTopicRow, weakestTopicRows } from '@/domain/exam-result';
import { useLang, useT } from '@/i18n';
import { useVocabStore } from '@/stores/vocab-store';
import { recordedTopicLabel } from '@/ui/topic-name';

export function ExamWeakTopics({ rows }: { rows: readonly ExamTopicRow[] }) {
  const t = useT();
  const id = useId();
  const lang = useLang();
  const topics = useVocabStore((s) => s.topics);
  const current = useMemo(() => new Set(topics.map((topic) => topic.name)), [topics]);
  // An older result also lists topics answered without a mistake.
  const weak = weakestTopicRows(rows);

  return (
    <>
      <h2 id={id}>{t('exam.result.topics')}</h2>
      {weak.length === 0 ? (
        <p>{t('exam.result.noWeakTopics')}</p>
      ) : (
        <table className="exam-table" aria-labelledby={id}>
          <tbody>
            {weak.map(([topic, correct, total]) => (
              <tr key={topic}>
                <th scope="row">{recordedTopicLabel(topic, lang, current)}</th>
                <td>
                  {correct} / {total}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
