// @vitest-environment happy-dom
/**
 * A phrase answered aloud in its word-order question (issue 42): «Ответить голосом» loads the
 * speaking part, which says how the device hears; a phrase heard right settles the question,
 * marked word by word, and is stored as an answer in the spoken mode; a browser that can neither
 * recognise nor record says so and leaves the tiles. Recognition is a scripted stand-in for the
 * Web Speech API (happy-dom has none).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listHistory } from '@/db/history-queries';
import { openDB } from '@/db/instance';
import { productionQuestion } from '@/domain/word-order';
import { useAuthStore } from '@/stores/auth-store';
import { useSessionStore } from '@/stores/session-store';
import { useVocabStore } from '@/stores/vocab-store';
import { go, type OpenedApp, registerViaUi } from '../support/app';
import { allByRole, byRole, byText, click, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
  sessionStorage.clear();
  delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
});

/** A recogniser on the device that hears `heard` at each start. */
function fakeRecognition(heard: string): { starts: number } {
  const log = { starts: 0 };
  class FakeRecognition {
    processLocally = false;
    onresult: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      log.starts++;
      expect(this.processLocally).toBe(true);
      setTimeout(() => {
        this.onresult?.({ results: [Object.assign([{ transcript: heard }], { isFinal: true })] });
        this.onend?.();
      }, 0);
    }
    stop() {}
    abort() {}
    static available = async () => 'available';
  }
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
  return log;
}

/** A session of one phrase, at its word-order question on screen. */
async function phraseQuestion(): Promise<{ vocabId: string; english: string }> {
  app = await registerViaUi();
  // The study screens connect the session store to the page's storage first.
  await go(app, '/session-setup');
  const phrase = useVocabStore
    .getState()
    .vocab.find(
      (item) =>
        item.kind === 'phrase' &&
        productionQuestion(item) === 'word-order' &&
        /\bthe\b/i.test(item.langB),
    );
  if (!phrase) throw new Error('no word-order phrase');
  const store = useSessionStore.getState();
  store.studyWords([phrase.id]);
  const question = useSessionStore.getState().session?.questions[0];
  useSessionStore.getState().answerChoice(question?.answer ?? '');
  useSessionStore.getState().nextQuestion();
  expect(useSessionStore.getState().session?.spelling?.word?.kind).toBe('word-order');
  await go(app, '/quiz/spelling');
  // The spelling screen and its texts load with the route (the first time in a file, slowly).
  await until(() => byRole(app.host, 'button', { name: 'Ответить голосом' }), 20_000);
  return { vocabId: phrase.id, english: phrase.langB };
}

describe('a phrase answered aloud', () => {
  it('heard right, settles the word-order question and is stored as a spoken answer', async () => {
    const { vocabId, english } = await phraseQuestion();
    // Said without its articles, as SMCP drops them, in lower case as a recogniser writes.
    const log = fakeRecognition(english.replace(/\b(the|a|an)\b/gi, '').toLowerCase());
    await click(byRole(app.host, 'button', { name: 'Ответить голосом' }));
    const panel = await until(() => byRole(app.host, 'region', { name: 'Скажите вслух' }));
    await until(() => byText(panel, 'Речь распознаётся на этом устройстве, без интернета.'));
    const speak = await until(() => byRole(panel, 'button', { name: 'Говорить' }));
    await click(speak);
    await until(() => byText(panel, 'Верно: все слова сказаны по порядку.'));

    const words = allByRole(byRole(panel, 'list', { name: 'Ответ по словам' }), 'listitem');
    expect(words.map((li) => li.className.replace('speak-word ', ''))).toEqual(
      words.map((li) =>
        /^(the|a|an):/i.test(textIn(li.lastElementChild as Element)) ? 'is-dropped' : 'is-said',
      ),
    );
    expect(words.some((li) => li.className.includes('is-dropped'))).toBe(true);
    expect(useSessionStore.getState().session?.results[vocabId]?.spelling).toBe('correct');
    // The marking stays until «Далее».
    await until(() => byRole(app.host, 'button', { name: 'Далее' }));
    const userId = useAuthStore.getState().user?.id ?? '';
    const stored = await until(async () => {
      const entries = (await listHistory(await openDB(), userId)).filter(
        (entry) => entry.vocabId === vocabId && entry.mode === 'spoken',
      );
      if (entries.length === 0) throw new Error('not stored yet');
      return entries;
    });
    expect(stored.map((entry) => [entry.kind, entry.correct])).toEqual([['answer', true]]);
    expect(log.starts).toBe(1);
  });

  it('where the browser can neither recognise nor record, says so and leaves the tiles', async () => {
    await phraseQuestion();
    await click(byRole(app.host, 'button', { name: 'Ответить голосом' }));
    const panel = await until(() => byRole(app.host, 'region', { name: 'Скажите вслух' }));
    await until(() =>
      byText(
        panel,
        'Этот браузер не умеет ни распознавать, ни записывать речь: отвечайте выбором.',
      ),
    );
    expect(allByRole(panel, 'button').map((button) => textIn(button))).toEqual([]);
    expect(useSessionStore.getState().session?.spelling?.word?.outcome).toBeNull();
    const tiles = allByRole(byRole(app.host, 'group', { name: 'Слова' }), 'button');
    expect(tiles.length).toBeGreaterThan(1);
    for (const tile of tiles) expect((tile as HTMLButtonElement).disabled).toBe(false);
  });
});
