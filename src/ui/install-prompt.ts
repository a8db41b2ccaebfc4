/**
 * The browser's install offer (`beforeinstallprompt`), kept from the first moment: the browser may
 * fire it before the entry has run (index.html's script holds it until the bootstrap takes over)
 * or before the application chunk has loaded. And the install state the install button shows: the
 * offer, the iOS steps (no such event there), or nothing when the app already runs installed.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type InstallState = 'none' | 'prompt' | 'ios';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let capturing = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const standaloneQuery = () =>
  typeof window === 'undefined' ? undefined : window.matchMedia?.('(display-mode: standalone)');

function isStandalone(): boolean {
  return (
    standaloneQuery()?.matches === true ||
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

/** What index.html's script kept of an offer made before the bootstrap ran; it stops keeping. */
type TakeInstallOffer = () => BeforeInstallPromptEvent | undefined;

/** Starts listening for the install offer and the installation (once; the bootstrap calls it). */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  const take = (window as Window & { takeInstallOffer?: TakeInstallOffer }).takeInstallOffer;
  deferred = take?.() ?? deferred;
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
  standaloneQuery()?.addEventListener?.('change', notify);
}

export function installState(): InstallState {
  if (installed || isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : 'none';
}

export function onInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Opens the browser's install dialog; the offer can prompt only once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}
