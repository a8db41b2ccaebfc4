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

async function connectSpeechStore(): Promise<void> {
  const { connectSpeech } = await import('@/stores/speech-store');
  connectSpeech();
}

/**
 * A route loader that prepares `texts` and, with `session`, the study session; with `speech`, the
 * device's voices for the screens that speak English.
 */
export function prepare(
  texts: readonly TextSet[],
  options: { session?: boolean; speech?: boolean } = {},
) {
  return async (): Promise<void> => {
    await Promise.all([
      loadTexts(...texts),
      options.session ? connectStudySession() : undefined,
      options.speech ? connectSpeechStore() : undefined,
    ]);
  };
}
