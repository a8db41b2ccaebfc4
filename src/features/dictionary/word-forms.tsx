/** The dictionary's word forms: add a word (admins), edit a word (whoever may). */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { normalizeRoles } from '@/domain/roles';
import type { VocabItem } from '@/domain/types';
import { useT } from '@/i18n';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { useToast } from '@/stores/toast-store';
import { Modal } from '@/ui/modal';

/** 'bosun, OS' -> ['bosun', 'os']. */
export const parseRoles = (text: string) => normalizeRoles(text.split(','));

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  list?: string;
  lang?: string;
}

export function TextField({ label, value, onChange, hint, list, lang }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        list={list}
        lang={lang}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="muted word-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : null;
}

export interface AddWordFormProps {
  /** The topic of the dictionary's filter: the default topic of new words. */
  topic?: string;
  /** Id of a <datalist> with the topic names. */
  topicList: string;
}

export function AddWordForm({ topic, topicList }: AddWordFormProps) {
  const t = useT();
  const run = useCatalogRunner();
  const toast = useToast();
  const [langA, setLangA] = useState('');
  const [langB, setLangB] = useState('');
  const [topicName, setTopicName] = useState(topic ?? '');
  const [roles, setRoles] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setTopicName(topic ?? ''), [topic]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await run(
      () =>
        useCatalogStore
          .getState()
          .addWord({ langA, langB, topic: topicName, roles: parseRoles(roles) }),
      'dictionary.failed.save',
    );
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError('');
    setLangA('');
    setLangB('');
    // A duplicate is silently ignored (SPEC §5): only a new word is announced.
    if (result.created) toast.show({ tone: 'success', message: t('dictionary.added') });
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="word-form-grid">
        <TextField label={t('dictionary.ru')} value={langA} onChange={setLangA} lang="ru" />
        <TextField label={t('dictionary.en')} value={langB} onChange={setLangB} lang="en" />
        <TextField
          label={t('dictionary.topicField')}
          value={topicName}
          onChange={setTopicName}
          list={topicList}
          hint={t('dictionary.topicHint')}
        />
        <TextField
          label={t('dictionary.rolesField')}
          value={roles}
          onChange={setRoles}
          hint={t('dictionary.rolesHint')}
        />
      </div>
      <FormError>{error}</FormError>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('dictionary.addSubmit')}
        </button>
      </div>
    </form>
  );
}

interface EditWordDialogProps {
  word: VocabItem | null;
  topicList: string;
  onClose: () => void;
}

export function EditWordDialog({ word, topicList, onClose }: EditWordDialogProps) {
  const t = useT();
  const run = useCatalogRunner();
  const toast = useToast();
  const [langA, setLangA] = useState('');
  const [langB, setLangB] = useState('');
  const [topicName, setTopicName] = useState('');
  const [roles, setRoles] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setLangA(word?.langA ?? '');
    setLangB(word?.langB ?? '');
    setTopicName(word?.topic ?? '');
    setRoles((word?.roles ?? []).join(', '));
    setError('');
  }, [word]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!word) return;
    setBusy(true);
    const result = await run(
      () =>
        useCatalogStore
          .getState()
          .editWord(word.id, { langA, langB, topic: topicName, roles: parseRoles(roles) }),
      'dictionary.failed.save',
    );
    setBusy(false);
    if (result && !result.ok) {
      setError(result.message);
      return;
    }
    if (result?.ok) toast.show({ tone: 'success', message: t('dictionary.saved') });
    onClose();
  }

  return (
    <Modal open={word !== null} title={t('dictionary.editTitle')} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label={t('dictionary.ru')} value={langA} onChange={setLangA} lang="ru" />
        <TextField label={t('dictionary.en')} value={langB} onChange={setLangB} lang="en" />
        <TextField
          label={t('dictionary.topicField')}
          value={topicName}
          onChange={setTopicName}
          list={topicList}
        />
        <TextField
          label={t('dictionary.rolesField')}
          value={roles}
          onChange={setRoles}
          hint={t('dictionary.rolesEditHint')}
        />
        <FormError>{error}</FormError>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
