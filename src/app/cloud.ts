/**
 * The cloud edition's wiring: when a Firebase project is configured, a signed-in user is synced
 * (the Firestore adapter is loaded with import() only then), sync stops at logout, and words the
 * cloud changed are reloaded. With no configuration this does nothing and loads nothing.
 */
import { firebaseSettings } from '@/firebase/config';
import { useAuthStore } from '@/stores/auth-store';
import { useSyncStore } from '@/stores/sync-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { loadCloudExams, loadCloudFleet, loadCloudRemote } from '@/sync/cloud-remote';
import { startBackgroundSync } from './background-sync';

export function startCloudWiring(): void {
  if (!firebaseSettings()) return;
  startBackgroundSync();

  const follow = (userId: string | null) => {
    const sync = useSyncStore.getState();
    if (!userId) sync.stop();
    else if (sync.userId !== userId) {
      sync.start(userId, loadCloudRemote, { fleet: loadCloudFleet, exams: loadCloudExams });
    }
  };

  useAuthStore.subscribe((state, previous) => {
    if (state.status !== 'ready') return;
    const id = state.user?.id ?? null;
    if (previous.status !== 'ready' || id !== (previous.user?.id ?? null)) follow(id);
  });

  useSyncStore.subscribe((state, previous) => {
    const userId = useAuthStore.getState().user?.id;
    if (state.remoteChanges !== previous.remoteChanges && userId) {
      void useWordsStore.getState().load(userId);
    }
    // Another device's schedule settings: the settings screen and the rules show them.
    if (state.settingsChanges !== previous.settingsChanges) {
      void useAuthStore.getState().reloadStoredSettings();
    }
    // New words, topics and renames of the shared curriculum show without a reload.
    if (state.curriculumChanges !== previous.curriculumChanges) {
      void useVocabStore.getState().load();
    }
  });
}
