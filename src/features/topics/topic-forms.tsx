/** The admin's forms on /topics: add a topic (name and optional roles) and rename one. */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { roleLabel } from '@/domain/roles';
import type { DivisionId, Topic } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { useToast } from '@/stores/toast-store';
import { RenameDialog, type RenameRequest } from '@/ui/rename-dialog';
import { topicLabel } from '@/ui/topic-name';

interface AddTopicFormProps {
  division: DivisionId;
  /** Role codes of the division, offered as checkboxes. */
  roles: readonly string[];
}

export function AddTopicForm({ division, roles }: AddTopicFormProps) {
  const t = useT();
  const lang = useLang();
  const run = useCatalogRunner();
  const toast = useToast();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Another division has other roles.
  useEffect(() => {
    if (division) setPicked([]);
  }, [division]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await run(
      () => useCatalogStore.getState().addTopic(division, name, picked),
      'admin.failed.updateTopic',
    );
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError('');
    setName('');
    setPicked([]);
    toast.show({
      tone: 'success',
      message: t(result.created ? 'topics.added' : 'topics.exists', {
        name: topicLabel(result.value.name, lang),
      }),
    });
  }

  const toggle = (role: string, on: boolean) =>
    setPicked((list) => (on ? [...list, role] : list.filter((r) => r !== role)));

  return (
    <form className="card stack topics-add" onSubmit={submit} noValidate>
      <h2>{t('topics.add')}</h2>
      <div className="field">
        <label htmlFor={nameId}>{t('topics.name')}</label>
        <input
          id={nameId}
          className="input"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError('');
          }}
          aria-invalid={error !== '' || undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
        />
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {roles.length > 0 ? (
        <fieldset>
          <legend>{t('topics.rolesOptional')}</legend>
          <div className="topics-add-roles">
            {roles.map((role) => (
              <label key={role} className="check">
                <input
                  type="checkbox"
                  checked={picked.includes(role)}
                  onChange={(e) => toggle(role, e.target.checked)}
                />
                {roleLabel(role, lang)}
              </label>
            ))}
          </div>
          <p className="muted topics-hint">{t('topics.rolesHint')}</p>
        </fieldset>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('topics.add')}
        </button>
      </div>
    </form>
  );
}

interface RenameTopicDialogProps {
  topic: Topic | null;
  onClose: () => void;
}

/** Renames a topic on the topics page; failures keep the dialog open with their message. */
export function RenameTopicDialog({ topic, onClose }: RenameTopicDialogProps) {
  const t = useT();
  const run = useCatalogRunner();
  const request: RenameRequest | null = topic
    ? {
        title: t('topics.rename'),
        label: t('admin.newName'),
        name: topic.name,
        async submit(name) {
          const result = await run(
            () => useCatalogStore.getState().renameTopic(topic.id, name),
            'admin.failed.updateTopic',
          );
          if (result === null) return '';
          return result.ok ? null : result.message;
        },
      }
    : null;
  return <RenameDialog request={request} onClose={onClose} />;
}
