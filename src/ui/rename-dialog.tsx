/** A dialog that renames something: one name field, Save and Cancel; errors stay in the dialog. */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '@/i18n';
import { Modal } from './modal';

export interface RenameRequest {
  title: string;
  /** The label of the name field. */
  label?: string;
  name: string;
  /** Renames; resolves to an error text to show ('' when already announced), or null when done. */
  submit: (name: string) => Promise<string | null>;
}

export function RenameDialog({
  request,
  onClose,
}: {
  request: RenameRequest | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Reset when a (different) rename opens, not when the caller re-renders with a new object.
  const open = request !== null;
  const initial = request?.name ?? '';
  useEffect(() => {
    if (open) {
      setName(initial);
      setError('');
    }
  }, [open, initial]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    setBusy(true);
    const problem = await request.submit(name);
    setBusy(false);
    // '' means the failure was already announced (a toast): stay open, keep the input.
    if (problem === null) onClose();
    else setError(problem);
  }

  return (
    <Modal open={request !== null} title={request?.title ?? ''} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{request?.label ?? t('common.rename')}</label>
          <input
            id={id}
            className="input"
            value={name}
            autoComplete="off"
            aria-invalid={error !== '' || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
          />
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
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
