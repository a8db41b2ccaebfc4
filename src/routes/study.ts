/**
 * What a lazily loaded screen needs before it renders: the texts of its screens (kept out of the
 * start-up bundle), and for the study screens (division, role, topics, set-up, quiz, spelling,
 * dictionary) the session store connected to sessionStorage and the signed-in user.
 */
import { loadTexts, type TextSet } from '@/i18n';

async function connectStudySession(): Promise<void> {
  const { connectSessionStore } = await import('@/stores/session-store');
  connectSessionStore();
}

/** A route loader that prepares `texts` and, with `session`, the study session. */
export function prepare(texts: readonly TextSet[], options: { session?: boolean } = {}) {
  return async (): Promise<void> => {
    await Promise.all([loadTexts(...texts), options.session ? connectStudySession() : undefined]);
  };
}
