/**
 * Sending a word back to study (the words store's `relearnWord`) from a progress list: busy while
 * it is stored, then a toast that says so (`done`, with the word) or that it failed.
 */
import { useState } from 'react';
import { type MessageKey, useT } from '@/i18n';
import { useToast } from '@/stores/toast-store';
import { useWordsStore } from '@/stores/words-store';

export function useRelearn(
  vocabId: string,
  word: string,
  done: MessageKey,
): { busy: boolean; sendBack: () => Promise<void> } {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function sendBack() {
    setBusy(true);
    try {
      await useWordsStore.getState().relearnWord(vocabId);
      toast.show({ message: t(done, { word }), tone: 'success' });
    } catch (error) {
      console.error('Relearn failed', error);
      toast.show({ message: t('progress.relearnFailed'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, sendBack };
}
