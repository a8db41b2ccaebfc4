/** `useConfirm()`: an in-app confirmation dialog that resolves to true (confirm) or false. */
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { Modal } from './modal';

interface ConfirmRequest {
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

type Confirm = (request: ConfirmRequest | string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((input) => {
    resolver.current?.(false);
    setRequest(typeof input === 'string' ? { message: input } : input);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={request !== null}
        title={t('common.confirm')}
        role="alertdialog"
        onClose={() => settle(false)}
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{request?.message}</p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => settle(false)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={request?.danger === false ? 'btn btn-primary' : 'btn btn-danger'}
            onClick={() => settle(true)}
          >
            {request?.confirmLabel ?? t('common.confirm')}
          </button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used within a ConfirmProvider');
  return confirm;
}
