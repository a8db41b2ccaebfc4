/** Whether the browser believes it is online, following the `online` and `offline` events. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const snapshot = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
