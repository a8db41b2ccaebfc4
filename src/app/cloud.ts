/**
 * The cloud edition's wiring: when a Firebase project is configured, a signed-in user is synced
 * (the Firestore adapters are loaded with import() only then), sync stops at logout, and what a
 * sync changed here is handed, kind by kind, to the store that shows it, which patches its state
 * (no table is read again). With no configuration this does nothing and loads nothing.
 */
import { firebaseSettings } from '@/firebase/config';
import { useAuthStore } from '@/stores/auth-store';
import { figuresAheadSoon } from '@/stores/figures-refresh';
import { onSyncChanges, useSyncStore } from '@/stores/sync-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import type { SyncChange } from '@/sync/changes';
import { loadCloud } from '@/sync/cloud-remote';
import { startBackgroundSync } from './background-sync';

/** A sync's merge step that refolded at least this many words has the figures worked out soon. */
export const MANY_WORDS = 200;

export function startCloudWiring(): void {
  if (!firebaseSettings()) return;
  startBackgroundSync();

  const follow = (userId: string | null) => {
    const sync = useSyncStore.getState();
    if (!userId) sync.stop();
    else if (sync.userId !== userId) {
      sync.start(userId, loadCloud);
    }
  };

  useAuthStore.subscribe((state, previous) => {
    if (state.status !== 'ready') return;
    const id = state.user?.id ?? null;
    if (previous.status !== 'ready' || id !== (previous.user?.id ?? null)) follow(id);
  });

  onSyncChanges((changes) => {
    for (const change of changes) applyChange(change);
  });
}

/** One change of a sync, to the store that shows it (each ignores another user's). */
export function applyChange(change: SyncChange): void {
  switch (change.kind) {
    case 'words': {
      useWordsStore.getState().applyWords(change.userId, change.words, change.removed);
      // A new device's restore (or a long voyage's merge): the progress figures are worked out a
      // moment after it, not 20 s on, so the progress screen the learner opens to see their
      // history arrive finds them kept instead of folding the whole of it.
      const many = change.words.length + change.removed.length >= MANY_WORDS;
      if (many && change.userId === useWordsStore.getState().ownerId) figuresAheadSoon();
      break;
    }
    // Another device's schedule settings: the settings screen and the rules show them.
    case 'settings':
      useAuthStore.getState().applyStoredSettings(change.userId, change.settings);
      break;
    // New words, topics and renames of the shared curriculum show without a reload.
    case 'catalogue':
      useVocabStore.getState().applyChanges(change.changes);
      break;
    // The fleet screens follow the sync store's `fleetChange`; sent exam results change no list.
    case 'fleet':
    case 'exams':
      break;
  }
}
