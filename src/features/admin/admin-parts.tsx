/** Pieces of the admin screen: a column card, an add form, row buttons, the restore card. */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '@/i18n';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { useToast } from '@/stores/toast-store';

export function Column({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card admin-column" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

interface AddFormProps {
  label: string;
  /** Adds; resolves to an error text to show, or null when done. */
  onAdd: (name: string) => Promise<string | null>;
  disabled?: boolean;
}

export function AddForm({ label, onAdd, disabled }: AddFormProps) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const problem = await onAdd(name);
    setBusy(false);
    setError(problem ?? '');
    if (problem === null) setName('');
  }

  return (
    <form className="admin-add" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="admin-add-row">
        <input
          id={id}
          className="input"
          placeholder={label}
          value={name}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={error !== '' || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError('');
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
          {t('common.add')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const PencilIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const TrashIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** Rename and delete buttons of a row, named after the row's item. */
export function RowButtons({
  name,
  onRename,
  onDelete,
}: {
  name: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <span className="admin-row-buttons">
      <button
        type="button"
        className="icon-btn"
        aria-label={t('admin.renameLabel', { name })}
        title={t('common.rename')}
        onClick={onRename}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className="icon-btn admin-delete"
        aria-label={t('admin.deleteLabel', { name })}
        title={t('common.delete')}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </span>
  );
}

/**
 * The «restore built-in curriculum» card: a button that says it is busy while it runs, then what
 * came back (or that nothing was missing).
 */
export function RestoreBuiltin() {
  const t = useT();
  const id = useId();
  const run = useCatalogRunner();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function restore() {
    setBusy(true);
    try {
      const result = await run(
        () => useCatalogStore.getState().restoreBuiltin(),
        'admin.failed.restore',
      );
      if (!result?.ok) return;
      const counts = result.value;
      const total = counts.divisions + counts.roles + counts.topics + counts.words;
      toast.show(
        total > 0
          ? { tone: 'success', message: t('admin.builtin.restored', counts) }
          : { tone: 'info', message: t('admin.builtin.nothing') },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card admin-builtin" aria-labelledby={id}>
      <h2 id={id}>{t('admin.builtin.title')}</h2>
      <p className="muted" id={`${id}-hint`}>
        {t('admin.builtin.hint')}
      </p>
      <button
        type="button"
        className="btn"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onClick={restore}
      >
        {busy ? t('admin.builtin.restoring') : t('admin.builtin.restore')}
      </button>
    </section>
  );
}
