// @vitest-environment happy-dom
/**
 * Counts that agree (issue 43): a session with wrong choices and right spellings, driven through
 * the real stores into the database; the end screen, home, the rank's MAST and progress all show
 * the learned words the stored records hold.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDB } from '@/db/instance';
import { listUserWords } from '@/db/user-words-repo';
import { useAuthStore } from '@/stores/auth-store';
import { useSessionStore } from '@/stores/session-store';
import { go, type OpenedApp, registerViaUi, untilPath } from '../support/app';
import { allByRole, byRole, click, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
  sessionStorage.clear();
});

/** Spells or builds the production word on screen right, and moves on. */
function solveProduction(): void {
  const store = useSessionStore.getState();
  const word = store.session?.spelling?.word;
  if (!word) throw new Error('no production word');
  if (word.kind === 'word-order') {
    for (const part of word.answer) useSessionStore.getState().typeWord(part);
  } else {
    for (const char of word.target)
      useSessionStore.getState().typeLetter(char === '_' ? ' ' : char);
  }
  useSessionStore.getState().nextSpellingWord();
}

describe('counts that agree', () => {
  it('the end screen, home, MAST and progress show the learned words the records hold', async () => {
    app = await registerViaUi();
    const userId = useAuthStore.getState().user?.id ?? '';
    await go(app, '/select-topic?division=deck&role=all');
    await click((await until(() => allByRole(app.host, 'checkbox')))[1] as HTMLElement);
    await click(byRole(app.host, 'button', { name: 'Продолжить' }));
    await untilPath(app, /\/session-setup/);
    await click(await until(() => byRole(app.host, 'button', { name: 'Начать' })));
    await untilPath(app, '/quiz');
    const session = await until(() => {
      const running = useSessionStore.getState().session;
      if (!running) throw new Error('no session');
      return running;
    });
    const total = session.words.length;
    expect(total).toBeGreaterThan(3);

    // Two words answered wrong in the choice round, the others right.
    for (let i = 0; i < total; i++) {
      const store = useSessionStore.getState();
      const question = store.session?.questions[store.session.index];
      const wrong = question?.options.find((option) => option !== question.answer) ?? '';
      store.answerChoice(i < 2 ? wrong : (question?.answer ?? ''));
      useSessionStore.getState().nextQuestion();
    }
    // Every spelling right, the second pass too.
    for (let guard = 0; useSessionStore.getState().session?.phase === 'spelling'; guard++) {
      if (guard > 3 * total) throw new Error('the spelling never ends');
      solveProduction();
    }
    await untilPath(app, '/quiz/spelling');
    const stats = await until(() => {
      const found = [...app.host.querySelectorAll('.done-stats dd')].map((dd) => textIn(dd));
      if (found.length < 2) throw new Error('no end screen');
      return found;
    });

    // What the database holds once every answer has landed.
    const stored = await until(async () => {
      const records = await listUserWords(await openDB(), userId);
      const answered = records.filter((w) => w.attempts > 0);
      if (answered.length < total) throw new Error('answers still landing');
      return records.filter((w) => w.status === 'learned' && !w.deleted).length;
    });
    expect(stored).toBeLessThanOrEqual(total - 2);
    const endLearned = await until(() => {
      const shown = Number(textIn(app.host.querySelectorAll('.done-stats dd')[1] ?? app.host));
      if (shown !== stored) throw new Error(`the end screen shows ${shown}, stored ${stored}`);
      return shown;
    });
    expect(stats[0]).toBe(`${total - 2} / ${total}`);
    expect(endLearned).toBe(stored);
    expect(app.host.querySelectorAll('.done-words li')).toHaveLength(stored);
    expect(textIn(app.host)).not.toContain('Поздравляем');

    useSessionStore.getState().finish();
    await go(app, '/');
    const home = await until(() => byRole(app.host, 'region', { name: 'Выучено слов' }));
    expect(textIn(home.querySelector('.tile-value') ?? home)).toBe(String(stored));
    expect(textIn(app.host.querySelector('.rank-mast') ?? app.host)).toBe(`${stored} MAST`);

    await go(app, '/progress');
    const summary = await until(() => app.host.querySelector('.summary-figures') as HTMLElement);
    expect(textIn(summary.querySelector('dd') ?? summary)).toBe(String(stored));
    expect(textIn(app.host.querySelector('.summary-mast') ?? app.host)).toBe(`${stored} MAST`);
  });
});
