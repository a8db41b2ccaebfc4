/** /select-topic: a checklist of the topics the division and role see; Continue goes to the setup. */

import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { COMMON_DIVISION } from '@/domain/constants';
import { roleLabel } from '@/domain/roles';
import { visibleTopics, wordsOfTopic } from '@/domain/topics';
import { useLang, useT } from '@/i18n';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useSessionStore } from '@/stores/session-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { DivisionIcon } from '@/ui/icons';
import { topicLabel, useTopicLabel } from '@/ui/topic-name';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { wordCount } from './labels';
import { StepHeader } from './step-header';
import './onboarding.css';

export function SelectTopicScreen({
  division: divisionParam,
  role: roleParam,
}: {
  division?: string;
  role?: string;
}) {
  const t = useT();
  const label = useTopicLabel();
  const lang = useLang();
  const navigate = useNavigate();
  const storedDivision = useSessionStore((s) => s.division);
  const storedRole = useSessionStore((s) => s.role);
  const storedTopics = useSessionStore((s) => s.topics);
  const setTopics = useSessionStore((s) => s.setTopics);
  const loaded = useVocabStore((s) => s.loaded);
  const allTopics = useVocabStore((s) => s.topics);
  const vocab = useVocabStore((s) => s.vocab);
  const divisions = useVocabStore((s) => s.divisions);

  const division = divisionParam ?? storedDivision;
  const role = roleParam ?? (division === storedDivision ? storedRole : undefined);
  const topics = useMemo(
    () => visibleTopics(allTopics, division, role, (name) => topicLabel(name, lang)),
    [allTopics, division, role, lang],
  );
  const counts = useMemo(
    () => new Map(topics.map((topic) => [topic.id, wordsOfTopic(vocab, topic).length])),
    [topics, vocab],
  );

  // The topics chosen before under the same division and role start ticked.
  const sameScope = division === storedDivision && role === storedRole;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(sameScope ? storedTopics : []),
  );
  const selected = topics.filter((topic) => chosen.has(topic.id));

  function toggle(id: string, on: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function proceed() {
    if (selected.length === 0) return;
    setTopics(
      selected.map((topic) => topic.id),
      { division, role },
    );
    await navigate({ to: '/session-setup' });
  }

  if (!division) {
    return (
      <main className="page onboarding">
        <StepHeader step={3} title={t('onboarding.topic.title')} />
        <EmptyState>{t('onboarding.role.noDivision')}</EmptyState>
        <p className="onboarding-center">
          <Link to="/select-division" className="btn btn-primary">
            {t('onboarding.role.pickDivision')}
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main className="page onboarding">
      <StepHeader step={3} title={t('onboarding.topic.title')} />
      <p className="onboarding-context">
        <DivisionIcon division={division} width={20} height={20} />
        <span>{divisionLabel(t, division, divisions)}</span>
        {role ? <span className="onboarding-context-sep">·</span> : null}
        {role ? <span>{roleLabel(role, lang)}</span> : null}
        <Link to="/select-role" search={{ division }} className="onboarding-change">
          {t('onboarding.setup.change')}
        </Link>
      </p>
      {!loaded ? (
        <WordsLoading source={vocabularyInstallSource} label={t('onboarding.loading')} />
      ) : topics.length === 0 ? (
        <>
          <EmptyState>{t('onboarding.topic.empty')}</EmptyState>
          <p className="onboarding-center">
            <Link to="/select-role" search={{ division }} className="btn">
              {t('onboarding.topic.otherRole')}
            </Link>
          </p>
        </>
      ) : (
        <form
          className="onboarding-form"
          onSubmit={(event) => {
            event.preventDefault();
            void proceed();
          }}
        >
          <p className="onboarding-lead">{t('onboarding.topic.lead')}</p>
          <fieldset className="card pick-topics">
            <legend className="visually-hidden">{t('onboarding.topic.list')}</legend>
            <div className="pick-topics-tools">
              <span className="muted" aria-live="polite">
                {t('onboarding.topic.selected', { count: selected.length })}
              </span>
              <span className="row">
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => setChosen(new Set(topics.map((topic) => topic.id)))}
                >
                  {t('onboarding.topic.selectAll')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => setChosen(new Set())}
                >
                  {t('onboarding.topic.selectNone')}
                </button>
              </span>
            </div>
            <ul className="pick-topics-list">
              {topics.map((topic) => (
                <li key={topic.id}>
                  <label className="pick-topic">
                    <input
                      type="checkbox"
                      checked={chosen.has(topic.id)}
                      onChange={(event) => toggle(topic.id, event.target.checked)}
                    />
                    <span className="pick-topic-name">{label(topic.name)}</span>
                    {topic.division === COMMON_DIVISION && division !== COMMON_DIVISION ? (
                      <span className="badge pick-topic-common">{t('division.common')}</span>
                    ) : null}
                    <span className="pick-topic-count">
                      {wordCount(t, lang, counts.get(topic.id) ?? 0)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="onboarding-actions">
            <button
              type="submit"
              className="btn btn-primary btn-block btn-large"
              disabled={selected.length === 0}
            >
              {t('common.continue')}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
