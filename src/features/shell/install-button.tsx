/**
 * The install button: where the browser offers `beforeinstallprompt`, a button that opens its
 * install dialog; on iOS (no such event), a button with the 'Add to Home Screen' steps instead.
 * Nothing when the app already runs installed. The event is caught by the bootstrap
 * (ui/install-prompt), since the browser may fire it before the app has loaded.
 */
import { useState, useSyncExternalStore } from 'react';
import { useT } from '@/i18n';
import { installState, onInstallState, promptInstall } from '@/ui/install-prompt';
import { Modal } from '@/ui/modal';

/** An arrow down into a tray, in the stroke style of src/ui/icons.tsx; decorative. */
function InstallIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3v12M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

interface InstallButtonProps {
  /** 'header': a small button in the desktop header; 'menu': an item of the mobile menu. */
  variant: 'header' | 'menu';
}

export function InstallButton({ variant }: InstallButtonProps) {
  const t = useT();
  const state = useSyncExternalStore(onInstallState, installState, () => 'none' as const);
  const [hintOpen, setHintOpen] = useState(false);
  if (state === 'none') return null;
  const onClick = () => (state === 'prompt' ? void promptInstall() : setHintOpen(true));

  const label = state === 'prompt' ? t('install.button') : t('install.iosButton');
  // The desktop header is full for a signed-in user: an icon there (named for assistive tech
  // and in a tooltip), the words in the menu (where a tablet's bar leaves it, too).
  const button =
    variant === 'header' ? (
      <button
        type="button"
        className="btn btn-small desktop-only nav-secondary"
        style={{ paddingInline: 8 }}
        aria-label={label}
        title={label}
        onClick={onClick}
      >
        <InstallIcon />
      </button>
    ) : (
      <button type="button" onClick={onClick}>
        {label}
      </button>
    );
  const hint =
    state === 'ios' ? (
      <Modal open={hintOpen} title={t('install.iosTitle')} onClose={() => setHintOpen(false)}>
        <p>{t('install.iosHint')}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => setHintOpen(false)}>
            {t('common.close')}
          </button>
        </div>
      </Modal>
    ) : null;

  return variant === 'menu' ? (
    <li>
      {button}
      {hint}
    </li>
  ) : (
    <>
      {button}
      {hint}
    </>
  );
}
