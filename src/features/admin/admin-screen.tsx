/**
 * /admin/roles: three columns (stacked on phones). Divisions; the roles of the selected division;
 * the topics of the selected division, with checkboxes assigning each topic to the selected role.
 * Every deletion asks with the SPEC §5 text; failures show the SPEC §8 alerts.
 */
import { useMemo, useState } from 'react';
import { isAdmin } from '@/domain/permissions';
import { normalizeRole, roleLabel } from '@/domain/roles';
import { countWordsByTopic, orderedDivisions, topicId } from '@/domain/topics';
import type { Division } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { type CatalogResult, useCatalogStore } from '@/stores/catalog-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useConfirm } from '@/ui/confirm';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { RenameDialog, type RenameRequest } from '@/ui/rename-dialog';
import { topicLabel } from '@/ui/topic-name';
import { AdminHeader } from './admin-header';
import { AddForm, Column, RestoreBuiltin } from './admin-parts';
import { DivisionRow, RoleRow, TopicRow } from './admin-rows';
import { ExamSettings } from './exam-settings';
import './admin.css';

const catalog = () => useCatalogStore.getState();

export function AdminScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const confirm = useConfirm();
  const run = useCatalogRunner();
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

  return (
    <main className="page admin-page">
      <AdminHeader />

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
                  <DivisionRow
                    key={d.id}
                    division={d}
                    label={label(d)}
                    selected={d.id === division}
                    onSelect={() => {
                      setDivision(d.id);
                      setRole(null);
                    }}
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
                  <RoleRow
                    key={r.id}
                    name={r.name}
                    label={roleName(r.name)}
                    selected={r.id === role?.id}
                    onSelect={() => setRole(r.id === role?.id ? null : r.id)}
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
                {divisionTopics.map((topic) => (
                  <TopicRow
                    key={topic.id}
                    label={topicName(topic.name)}
                    words={counts.get(topicId(topic.division, topic.name)) ?? 0}
                    forEveryone={(topic.roles ?? []).length === 0}
                    tick={
                      roleCode
                        ? {
                            assigned:
                              pendingTicks.get(topic.id) ??
                              (topic.roles ?? []).some((r) => normalizeRole(r) === roleCode),
                            onAssign: (on) => assign(topic.id, roleCode, on),
                          }
                        : null
                    }
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
                ))}
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

      {loaded ? <RestoreBuiltin /> : null}

      <RenameDialog request={rename} onClose={() => setRename(null)} />
    </main>
  );
}
