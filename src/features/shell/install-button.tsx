/**
 * The install button: where the browser offers `beforeinstallprompt`, a button that opens its
 * install dialog; on iOS (no such event), a button with the 'Add to Home Screen' steps instead.
 * Nothing when the app already runs installed. The event is caught from the moment this module
 * loads, since the browser may fire it before the header mounts.
 */
import { useState, useSyncExternalStore } from 'react';
import { useT } from '@/i18n';
import { Modal } from '@/ui/modal';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type InstallState = 'none' | 'prompt' | 'ios';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const hasWindow = typeof window !== 'undefined';
const standaloneQuery = hasWindow ? window.matchMedia?.('(display-mode: standalone)') : undefined;

function isStandalone(): boolean {
  return (
    standaloneQuery?.matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPod or iPad; iPadOS Safari says "Macintosh", so a touch Mac counts as an iPad. */
function isIos(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

if (hasWindow) {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the header button offers the install
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
  standaloneQuery?.addEventListener?.('change', notify);
}

function getState(): InstallState {
  if (installed || isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : 'none';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function promptInstall() {
  const event = deferred;
  if (!event) return;
  // The event can prompt only once: forget it whatever the answer.
  deferred = null;
  notify();
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

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
  const state = useSyncExternalStore(subscribe, getState, () => 'none' as const);
  const [hintOpen, setHintOpen] = useState(false);
  if (state === 'none') return null;
  const onClick = () => (state === 'prompt' ? void promptInstall() : setHintOpen(true));

  const label = state === 'prompt' ? t('install.button') : t('install.iosButton');
  // The desktop header is full for a signed-in user: an icon there (named for assistive tech
  // and in a tooltip), the words in the mobile menu.
  const button =
    variant === 'header' ? (
      <button
        type="button"
        className="btn btn-small desktop-only"
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
