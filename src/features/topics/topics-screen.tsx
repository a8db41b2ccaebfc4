/**
 * /topics: the topics of a division, filtered by role chips and a name search. Each topic opens
 * its words in the dictionary. Admins add topics, rename them, and delete the user-made ones.
 */

import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { canDeleteTopicFromList, isAdmin } from '@/domain/permissions';
import { ALL_ROLES, normalizeRole, roleLabel } from '@/domain/roles';
import { countWordsByTopic, orderedDivisions, topicId, visibleTopics } from '@/domain/topics';
import type { DivisionId, Topic } from '@/domain/types';
import { plural, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useConfirm } from '@/ui/confirm';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { DivisionIcon } from '@/ui/icons';
import { topicLabel, useTopicLabel } from '@/ui/topic-name';
import { AddTopicForm, RenameTopicDialog } from './topic-forms';
import './topics.css';

export function TopicsScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const admin = isAdmin(user);
  const confirm = useConfirm();
  const run = useCatalogRunner();
  const searchId = useId();
  const { loaded, vocab, topics, roles } = useVocabStore();
  const stored = useVocabStore((s) => s.divisions);
  const divisions = useMemo(() => orderedDivisions(stored), [stored]);

  const [chosenDivision, setDivision] = useState<DivisionId | null>(null);
  const [role, setRole] = useState<string>(ALL_ROLES);
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<Topic | null>(null);

  // The user's division first, else deck, else whatever exists.
  const division = useMemo(() => {
    const ids = divisions.map((d) => d.id);
    const wanted = [chosenDivision, user?.settings.division, 'deck'];
    return wanted.find((id) => id && ids.includes(id)) ?? ids[0] ?? '';
  }, [divisions, chosenDivision, user?.settings.division]);

  const divisionRoles = useMemo(
    () => roles.filter((r) => r.division === division).map((r) => normalizeRole(r.name)),
    [roles, division],
  );

  const counts = useMemo(() => countWordsByTopic(vocab), [vocab]);
  const label = useTopicLabel();

  const inDivision = useMemo(
    () => visibleTopics(topics, division, role, (name) => topicLabel(name, lang)),
    [topics, division, role, lang],
  );
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle
    ? inDivision.filter(
        (topic) =>
          topic.name.toLocaleLowerCase().includes(needle) ||
          label(topic.name).toLocaleLowerCase().includes(needle),
      )
    : inDivision;

  function chooseDivision(id: DivisionId) {
    setDivision(id);
    setRole(ALL_ROLES);
  }

  async function remove(topic: Topic) {
    const ok = await confirm({
      message: t('topics.confirmDelete'),
      confirmLabel: t('common.delete'),
    });
    if (!ok) return;
    await run(() => useCatalogStore.getState().removeTopic(topic.id), 'admin.failed.deleteTopic');
  }

  const wordsText = (count: number) =>
    plural(lang, count, {
      one: t('topics.words.one'),
      few: t('topics.words.few'),
      many: t('topics.words.many'),
      other: t('topics.words.other'),
    });

  return (
    <main className="page topics-page">
      <div className="page-header">
        <div>
          <h1>{t('nav.topics')}</h1>
          <p className="muted topics-intro">{t('topics.intro')}</p>
        </div>
      </div>

      <section className="card stack topics-filters" aria-label={t('common.search')}>
        <fieldset className="topics-filter">
          <legend className="field-label">{t('topics.division')}</legend>
          <div className="chips">
            {divisions.map((d) => (
              <button
                key={d.id}
                type="button"
                className="chip"
                aria-pressed={d.id === division}
                onClick={() => chooseDivision(d.id)}
              >
                <DivisionIcon division={d.id} width={18} height={18} />
                {divisionLabel(t, d.id, divisions)}
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset className="topics-filter">
          <legend className="field-label">{t('topics.role')}</legend>
          <div className="chips">
            {[ALL_ROLES, ...divisionRoles].map((code) => (
              <button
                key={code}
                type="button"
                className="chip"
                aria-pressed={code === role}
                onClick={() => setRole(code)}
              >
                {roleLabel(code, lang)}
              </button>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label htmlFor={searchId}>{t('topics.search')}</label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder={t('topics.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </div>
      </section>

      {!loaded ? (
        <p className="muted topics-loading" role="status">
          {t('loading.title')}
        </p>
      ) : shown.length === 0 ? (
        <EmptyState>{t('topics.empty')}</EmptyState>
      ) : (
        <>
          <p className="muted topics-count" aria-live="polite">
            {t('topics.count', { shown: shown.length, total: inDivision.length })}
          </p>
          <ul className="topics-list">
            {shown.map((topic) => (
              <li key={topic.id} className="topics-item">
                <Link to="/dictionary" search={{ topic: topic.name }} className="topics-link">
                  <span className="topics-name">{label(topic.name)}</span>
                  <span className="topics-meta">
                    <span className="badge">
                      {wordsText(counts.get(topicId(topic.division, topic.name)) ?? 0)}
                    </span>
                    {topic.roles && topic.roles.length > 0 ? (
                      <span className="topics-roles">
                        {t('topics.forRoles', {
                          roles: topic.roles.map((r) => roleLabel(r, lang)).join(', '),
                        })}
                      </span>
                    ) : null}
                    {topic.source === 'user' ? (
                      <span className="badge topics-badge-user">{t('topics.userMade')}</span>
                    ) : null}
                  </span>
                </Link>
                {admin ? (
                  <div className="topics-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('topics.renameLabel', { name: label(topic.name) })}
                      onClick={() => setRenaming(topic)}
                    >
                      {t('common.edit')}
                    </button>
                    {canDeleteTopicFromList(user, topic) ? (
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        aria-label={t('topics.deleteLabel', { name: label(topic.name) })}
                        onClick={() => remove(topic)}
                      >
                        {t('common.delete')}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}

      {admin && division ? <AddTopicForm division={division} roles={divisionRoles} /> : null}
      <RenameTopicDialog topic={renaming} onClose={() => setRenaming(null)} />
    </main>
  );
}
