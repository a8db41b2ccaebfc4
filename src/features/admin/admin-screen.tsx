/**
 * /admin/roles: three columns (stacked on phones). Divisions; the roles of the selected division;
 * the topics of the selected division, with checkboxes assigning each topic to the selected role.
 * Every deletion asks with the SPEC §5 text; failures show the SPEC §8 alerts.
 */

import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { isAdmin } from '@/domain/permissions';
import { normalizeRole, roleLabel } from '@/domain/roles';
import { countWordsByTopic, orderedDivisions, topicId } from '@/domain/topics';
import type { Division } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { type CatalogResult, useCatalogStore } from '@/stores/catalog-store';
import { sendHeldCurriculum, useSyncStore } from '@/stores/sync-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useConfirm } from '@/ui/confirm';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { DivisionIcon } from '@/ui/icons';
import { RenameDialog, type RenameRequest } from '@/ui/rename-dialog';
import { topicLabel } from '@/ui/topic-name';
import { AddForm, Column, PendingChanges, RestoreBuiltin, RowButtons } from './admin-parts';
import { ExamSettings } from './exam-settings';
import './admin.css';

const catalog = () => useCatalogStore.getState();

export function AdminScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const confirm = useConfirm();
  const run = useCatalogRunner();
  const toast = useToast();
  // The cloud edition shares every change with the crew: say what is not yet in the cloud.
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const curriculumPending = useSyncStore((s) => s.curriculumPending);
  const curriculumHeld = useSyncStore((s) => s.curriculumHeld);
  const { loaded, roles, topics, vocab } = useVocabStore();
  const stored = useVocabStore((s) => s.divisions);
  const divisions = useMemo(() => orderedDivisions(stored), [stored]);
  const [chosenDivision, setDivision] = useState<string | null>(null);
  const [chosenRole, setRole] = useState<string | null>(null);
  const [rename, setRename] = useState<RenameRequest | null>(null);
  // Ticks show at once while they are saved: topic id -> wanted state.
  const [pendingTicks, setPendingTicks] = useState<ReadonlyMap<string, boolean>>(new Map());

  const division = useMemo(() => {
    const ids = divisions.map((d) => d.id);
    return (
      [chosenDivision, user?.settings.division, 'deck'].find((id) => id && ids.includes(id)) ??
      ids[0]
    );
  }, [divisions, chosenDivision, user?.settings.division]);
  const current = divisions.find((d) => d.id === division);
  const divisionRoles = roles
    .filter((r) => r.division === division)
    .sort((a, b) => a.name.localeCompare(b.name));
  const role = divisionRoles.find((r) => r.id === chosenRole);
  const roleCode = role ? normalizeRole(role.name) : null;
  // Listed by the name shown: a built-in topic's in the interface language.
  const topicName = (name: string) => topicLabel(name, lang);
  const divisionTopics = topics
    .filter((x) => x.division === division)
    .sort((a, b) => topicName(a.name).localeCompare(topicName(b.name), lang));

  const counts = useMemo(() => countWordsByTopic(vocab), [vocab]);

  if (!isAdmin(user)) {
    return (
      <main className="page">
        <h1>{t('admin.title')}</h1>
        <EmptyState>{t('admin.accessDenied')}</EmptyState>
      </main>
    );
  }

  /** Runs an action: null when done, an input error text, or '' when a toast already told. */
  async function act<T>(
    action: () => Promise<CatalogResult<T>>,
    failure: MessageKey,
    done?: (value: T) => void,
  ): Promise<string | null> {
    const result = await run(action, failure);
    if (result === null) return '';
    if (!result.ok) return result.message;
    done?.(result.value);
    return null;
  }

  const label = (d: Division) => divisionLabel(t, d.id, divisions);
  const roleName = (name: string) => roleLabel(name, lang);

  async function assign(id: string, code: string, on: boolean) {
    setPendingTicks((ticks) => new Map(ticks).set(id, on));
    await act(() => catalog().setTopicRole(id, code, on), 'admin.failed.updateTopic');
    setPendingTicks((ticks) => {
      if (ticks.get(id) !== on) return ticks;
      const next = new Map(ticks);
      next.delete(id);
      return next;
    });
  }

  async function deleteDivision(d: Division) {
    const message = t('admin.confirmDeleteDivision', { name: label(d) });
    if (!(await confirm({ message, confirmLabel: t('common.delete') }))) return;
    await act(
      () => catalog().removeDivision(d.id),
      'admin.failed.deleteDivision',
      () => {
        if (d.id === chosenDivision) setDivision(null);
      },
    );
  }

  async function deleteRole(id: string, name: string) {
    const message = t('admin.confirmDeleteRole', { name: roleName(name) });
    if (!(await confirm({ message, confirmLabel: t('common.delete') }))) return;
    await act(() => catalog().removeRole(id), 'admin.failed.deleteRole');
  }

  async function deleteTopic(id: string, name: string) {
    const message = t('admin.confirmDeleteTopic', { name });
    if (!(await confirm({ message, confirmLabel: t('common.delete') }))) return;
    await act(() => catalog().removeTopic(id), 'admin.failed.deleteTopic');
  }

  async function restoreBuiltin() {
    await act(
      () => catalog().restoreBuiltin(),
      'admin.failed.restore',
      (counts) => {
        const total = counts.divisions + counts.roles + counts.topics + counts.words;
        toast.show(
          total > 0
            ? { tone: 'success', message: t('admin.builtin.restored', counts) }
            : { tone: 'info', message: t('admin.builtin.nothing') },
        );
      },
    );
  }

  return (
    <main className="page admin-page">
      <div className="page-header">
        <div>
          <h1>{t('admin.title')}</h1>
          <p className="muted admin-intro">{t('admin.intro')}</p>
          {cloud ? (
            <>
              <p className="muted" role="status">
                {curriculumPending > 0
                  ? t('admin.cloud.pending', { count: curriculumPending })
                  : t('admin.cloud.synced')}
              </p>
              {curriculumPending > 0 ? <PendingChanges count={curriculumPending} /> : null}
              {curriculumHeld > 0 ? (
                <p className="form-error" role="status">
                  {t('admin.cloud.held', { count: curriculumHeld })}{' '}
                  <button type="button" className="btn" onClick={() => void sendHeldCurriculum()}>
                    {t('admin.cloud.sendHeld')}
                  </button>
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        {cloud ? (
          <div className="button-row">
            <Link to="/verify" className="btn">
              {t('exam.verify.title')}
            </Link>
            <Link to="/fleet" className="btn">
              {t('fleet.title')}
            </Link>
          </div>
        ) : null}
      </div>

      {!loaded ? (
        <p className="muted" role="status">
          {t('loading.title')}
        </p>
      ) : (
        <div className="admin-columns">
          <Column title={t('admin.divisions')}>
            <AddForm
              label={t('admin.newDivision')}
              onAdd={(name) =>
                act(
                  () => catalog().addDivision(name),
                  'admin.failed.addDivision',
                  (added) => {
                    setDivision(added.id);
                    setRole(null);
                  },
                )
              }
            />
            {divisions.length === 0 ? (
              <EmptyState>{t('admin.noDivisions')}</EmptyState>
            ) : (
              <ul className="scroll-list admin-list">
                {divisions.map((d) => (
                  <li key={d.id} className="admin-row">
                    <button
                      type="button"
                      className="admin-select"
                      aria-pressed={d.id === division}
                      onClick={() => {
                        setDivision(d.id);
                        setRole(null);
                      }}
                    >
                      <DivisionIcon division={d.id} width={20} height={20} />
                      <span className="admin-name">{label(d)}</span>
                    </button>
                    <RowButtons
                      name={label(d)}
                      onRename={() =>
                        setRename({
                          title: t('admin.renameDivision'),
                          label: t('admin.newName'),
                          name: d.name,
                          submit: (name) =>
                            act(
                              () => catalog().renameDivision(d.id, name),
                              'admin.failed.renameDivision',
                            ),
                        })
                      }
                      onDelete={() => deleteDivision(d)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Column>

          <Column title={current ? `${t('admin.roles')}: ${label(current)}` : t('admin.roles')}>
            <AddForm
              label={t('admin.newRole')}
              disabled={!current}
              onAdd={(name) =>
                act(
                  () => catalog().addRole(division ?? '', name),
                  'admin.failed.addRole',
                  (added) => setRole(added.id),
                )
              }
            />
            {!current ? (
              <EmptyState>{t('admin.pickDivision')}</EmptyState>
            ) : divisionRoles.length === 0 ? (
              <EmptyState>{t('admin.noRoles')}</EmptyState>
            ) : (
              <ul className="scroll-list admin-list">
                {divisionRoles.map((r) => (
                  <li key={r.id} className="admin-row">
                    <button
                      type="button"
                      className="admin-select"
                      aria-pressed={r.id === role?.id}
                      onClick={() => setRole(r.id === role?.id ? null : r.id)}
                    >
                      <span className="admin-name">{roleName(r.name)}</span>
                      {roleName(r.name) !== r.name ? (
                        <span className="admin-code" aria-hidden="true">
                          {r.name}
                        </span>
                      ) : null}
                    </button>
                    <RowButtons
                      name={roleName(r.name)}
                      onRename={() =>
                        setRename({
                          title: t('admin.renameRole'),
                          label: t('admin.newName'),
                          name: r.name,
                          submit: (name) =>
                            act(() => catalog().renameRole(r.id, name), 'admin.failed.renameRole'),
                        })
                      }
                      onDelete={() => deleteRole(r.id, r.name)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Column>

          <Column title={current ? `${t('admin.topics')}: ${label(current)}` : t('admin.topics')}>
            <AddForm
              label={t('admin.newTopic')}
              disabled={!current}
              onAdd={(name) =>
                act(() => catalog().addTopic(division ?? '', name), 'admin.failed.updateTopic')
              }
            />
            {current ? (
              <p className="admin-hint" aria-live="polite">
                {role ? t('admin.assigning', { role: roleName(role.name) }) : t('admin.pickRole')}
              </p>
            ) : null}
            {!current ? (
              <EmptyState>{t('admin.pickDivision')}</EmptyState>
            ) : divisionTopics.length === 0 ? (
              <EmptyState>{t('admin.noTopics')}</EmptyState>
            ) : (
              <ul className="scroll-list admin-list">
                {divisionTopics.map((topic) => {
                  const assigned =
                    pendingTicks.get(topic.id) ??
                    (topic.roles ?? []).some((r) => normalizeRole(r) === roleCode);
                  const meta = (
                    <span className="admin-meta">
                      {t('admin.wordCount', {
                        count: counts.get(topicId(topic.division, topic.name)) ?? 0,
                      })}
                      {(topic.roles ?? []).length === 0 ? (
                        <span className="badge">{t('admin.forEveryone')}</span>
                      ) : null}
                    </span>
                  );
                  return (
                    <li key={topic.id} className="admin-row">
                      <div className="admin-topic">
                        {roleCode ? (
                          <label className="check admin-topic-check">
                            <input
                              type="checkbox"
                              checked={assigned}
                              onChange={(e) => assign(topic.id, roleCode, e.target.checked)}
                            />
                            <span className="admin-name">{topicName(topic.name)}</span>
                          </label>
                        ) : (
                          <span className="admin-name">{topicName(topic.name)}</span>
                        )}
                        {meta}
                      </div>
                      <RowButtons
                        name={topicName(topic.name)}
                        onRename={() =>
                          setRename({
                            title: t('admin.renameTopic'),
                            label: t('admin.newName'),
                            name: topic.name,
                            submit: (name) =>
                              act(
                                () => catalog().renameTopic(topic.id, name),
                                'admin.failed.updateTopic',
                              ),
                          })
                        }
                        onDelete={() => deleteTopic(topic.id, topicName(topic.name))}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </Column>
        </div>
      )}

      {loaded && role && division ? (
        <ExamSettings
          roleId={role.id}
          division={division}
          role={normalizeRole(role.name)}
          label={roleName(role.name)}
        />
      ) : null}

      {loaded ? <RestoreBuiltin onRestore={restoreBuiltin} /> : null}

      <RenameDialog request={rename} onClose={() => setRename(null)} />
    </main>
  );
}
