// @vitest-environment happy-dom
/**
 * «Продолжить занятие» (issue 43): an unfinished session is resumed at the question it stopped
 * at, after a restart (the page's session storage gone, the store empty), with no network; a
 * fresh start from the last choice is labelled «Новое занятие».
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectSessionStore, useSessionStore } from '@/stores/session-store';
import { useVocabStore } from '@/stores/vocab-store';
import { topicLabel } from '@/ui/topic-name';
import { go, type OpenedApp, openApp, registerViaUi, untilPath } from '../support/app';
import { allByRole, byRole, click, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
  sessionStorage.clear();
});

/** The app closed and opened again: this tab's copy of the session and the store are gone. */
async function restart(path: string): Promise<OpenedApp> {
  connectSessionStore()();
  sessionStorage.clear();
  useSessionStore.setState({ session: null });
  return openApp(path);
}

/** The quiz's progress line, once it reads `wanted` (any question when not given). */
const progressText = (wanted: RegExp = /^Вопрос \d+ из \d+$/) =>
  until(() => {
    const text = textIn(app.host.querySelector('.quiz-progress-text') ?? app.host);
    if (!wanted.test(text)) throw new Error(`no question: ${text}`);
    return text;
  });

describe('one tap from home', () => {
  it('resumes an unfinished session at the question it stopped at, after a restart', async () => {
    app = await registerViaUi();
    await go(app, '/select-topic?division=deck&role=all');
    await click((await until(() => allByRole(app.host, 'checkbox')))[1] as HTMLElement);
    await click(byRole(app.host, 'button', { name: 'Продолжить' }));
    await untilPath(app, /\/session-setup/);
    await click(await until(() => byRole(app.host, 'button', { name: 'Начать' })));
    await untilPath(app, '/quiz');
    const total = Number((await progressText()).match(/из (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(3);

    // Three of the questions answered, then the learner is called away.
    for (let i = 0; i < 3; i++) {
      const store = useSessionStore.getState();
      const question = store.session?.questions[store.session.index];
      store.answerChoice(question?.answer ?? '');
      useSessionStore.getState().nextQuestion();
    }
    expect(await progressText(/^Вопрос 4/)).toBe(`Вопрос 4 из ${total}`);
    const fourth = useSessionStore.getState().session?.words[3]?.id;

    app = await restart('/');
    const resume = await until(() => byRole(app.host, 'button', { name: /^Продолжить занятие/ }));
    expect(textIn(resume)).toContain(`Вопрос 4 из ${total}`);
    expect(textIn(resume)).toContain('Палуба');
    await click(resume);
    await untilPath(app, '/quiz');
    expect(await progressText(/^Вопрос 4/)).toBe(`Вопрос 4 из ${total}`);
    const session = useSessionStore.getState().session;
    expect(session?.words[session.index]?.id).toBe(fourth);
    expect(Object.values(session?.results ?? {}).filter((r) => r.choice)).toHaveLength(3);

    // Ended, it is not offered again: the next tap starts a new session, and says so.
    useSessionStore.getState().finish();
    app = await restart('/');
    const fresh = await until(() => byRole(app.host, 'button', { name: /^Новое занятие/ }));
    expect(textIn(fresh)).toContain('Палуба');
    expect(allByRole(app.host, 'button', { name: /^Продолжить занятие/ })).toHaveLength(0);
    await click(fresh);
    await untilPath(app, '/quiz');
    expect(await progressText()).toBe(`Вопрос 1 из ${total}`);
  });

  it('answers a tap that comes before the vocabulary is read: the session resumes once it is', async () => {
    const { total, resume, read } = await tapBeforeTheVocabulary();
    await until(() => expect(resume.getAttribute('aria-busy')).toBe('true'));
    expect(app.router.state.location.pathname).toBe('/');
    await read();
    await untilPath(app, '/quiz');
    expect(await progressText(/^Вопрос 2/)).toBe(`Вопрос 2 из ${total}`);
  });

  it('a waiting tap says at once that the session could not start when the vocabulary’s read fails', async () => {
    const { resume, read } = await tapBeforeTheVocabulary();
    await act(async () => useVocabStore.setState({ loadFailed: true }));
    try {
      await until(() => expect(textIn(app.host)).toContain('Занятие не началось.'));
      expect(app.router.state.location.pathname).toBe('/');
      expect(resume.getAttribute('aria-busy')).toBeNull();
    } finally {
      await act(async () => useVocabStore.setState({ loadFailed: false }));
      await read();
    }
  });

  it('a waiting tap does not take back a learner who went elsewhere meanwhile', async () => {
    const { total, read } = await tapBeforeTheVocabulary();
    await go(app, '/dictionary');
    await read();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(app.router.state.location.pathname).toBe('/dictionary');
    // The kept session is still there, where it stopped.
    await go(app, '/');
    await click(await until(() => byRole(app.host, 'button', { name: /^Продолжить занятие/ })));
    await untilPath(app, '/quiz');
    expect(await progressText(/^Вопрос 2/)).toBe(`Вопрос 2 из ${total}`);
  });

  it('leaves out words an admin deleted since, and asks an edited one with its new text', async () => {
    app = await registerViaUi();
    const total = await startFromSteps();
    await answerFirst(total);
    const [, second, , fourth] = useSessionStore.getState().session?.words ?? [];
    if (!second || !fourth) throw new Error('a short session');

    app = await restart('/');
    const resume = await until(() => {
      if (!useVocabStore.getState().loaded) throw new Error('the vocabulary is loading');
      return byRole(app.host, 'button', { name: /^Продолжить занятие/ });
    });
    // Meanwhile an admin deleted the fourth word and reworded the second.
    const edited = { ...second, langA: `${second.langA} (уточнено)` };
    const none = { put: [], deleted: [] };
    useVocabStore.getState().applyChanges({
      divisions: none,
      roles: none,
      topics: none,
      vocab: { put: [edited], deleted: [fourth.id] },
    });
    await until(() => {
      if (!textIn(resume).includes(`Вопрос 2 из ${total - 1}`)) throw new Error(textIn(resume));
    });
    await click(resume);
    await untilPath(app, '/quiz');
    expect(await progressText(/^Вопрос 2/)).toBe(`Вопрос 2 из ${total - 1}`);
    const session = useSessionStore.getState().session;
    expect(session?.words.map((w) => w.id)).not.toContain(fourth.id);
    expect(session?.words[1]?.langA).toBe(edited.langA);
    const question = session?.questions[1];
    expect([question?.prompt, question?.answer]).toContain(edited.langA);
  });

  it('labels a hard-words session by its own words, not by the last choice of the steps', async () => {
    app = await registerViaUi();
    await startFromSteps();
    // Then words of another division studied from the hard words (or an exam's mistakes).
    const other = useVocabStore.getState().vocab.filter((w) => w.division !== 'deck');
    const topic = other[0]?.topic ?? '';
    const chosen = other.filter((w) => w.topic === topic).slice(0, 3);
    expect(chosen.length).toBeGreaterThan(0);
    expect(useSessionStore.getState().studyWords(chosen.map((w) => w.id))).not.toBeNull();

    app = await restart('/');
    const resume = await until(() => byRole(app.host, 'button', { name: /^Продолжить занятие/ }));
    expect(textIn(resume)).toContain(topicLabel(topic, 'ru'));
    expect(textIn(resume)).toContain(`Вопрос 1 из ${chosen.length}`);
    expect(textIn(resume)).not.toContain('Палуба');
  });
});

/** A session of a deck topic started through the steps; its number of questions. */
async function startFromSteps(): Promise<number> {
  await go(app, '/select-topic?division=deck&role=all');
  await click((await until(() => allByRole(app.host, 'checkbox')))[1] as HTMLElement);
  await click(byRole(app.host, 'button', { name: 'Продолжить' }));
  await untilPath(app, /\/session-setup/);
  await click(await until(() => byRole(app.host, 'button', { name: 'Начать' })));
  await untilPath(app, '/quiz');
  const total = Number((await progressText()).match(/из (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(3);
  return total;
}

/** The session's first question answered, and the quiz on the second. */
async function answerFirst(total: number): Promise<void> {
  const store = useSessionStore.getState();
  store.answerChoice(store.session?.questions[0]?.answer ?? '');
  useSessionStore.getState().nextQuestion();
  expect(await progressText(/^Вопрос 2/)).toBe(`Вопрос 2 из ${total}`);
}

/**
 * A session stopped at its second question, the app restarted, and «Продолжить занятие» tapped
 * before the vocabulary is read, as at a start (it is read after home is up); `read` reads it.
 */
async function tapBeforeTheVocabulary() {
  app = await registerViaUi();
  const total = await startFromSteps();
  await answerFirst(total);
  app = await restart('/');
  const resume = await until(() => byRole(app.host, 'button', { name: /^Продолжить занятие/ }));
  const { vocab } = useVocabStore.getState();
  await act(async () => useVocabStore.setState({ loaded: false, vocab: [] }));
  await click(resume);
  const read = () => act(async () => useVocabStore.setState({ loaded: true, vocab }));
  return { total, resume, read };
}
