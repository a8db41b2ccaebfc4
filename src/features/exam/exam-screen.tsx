/**
 * /exam: the exam of the learner's post, in three stages: before it (exam-intro), while it runs
 * (exam-run) and its result (exam-result); an unfinished exam is resumed first.
 */
import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useExamStore } from '@/stores/exam-store';
import { ExamIntro } from './exam-intro';
import { ExamResult } from './exam-result';
import { ExamRunView } from './exam-run';
import './exam.css';

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
