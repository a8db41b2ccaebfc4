/**
 * The study screens (division, role, topics, set-up, quiz, spelling, dictionary) share the session
 * store; it is connected to sessionStorage and the signed-in user before the first of them renders.
 */
export async function connectStudySession(): Promise<void> {
  const { connectSessionStore } = await import('@/stores/session-store');
  connectSessionStore();
}
