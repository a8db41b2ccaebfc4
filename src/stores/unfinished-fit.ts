/**
 * Fitting a learner's kept unfinished session (session-persistence.ts `readUnfinished`) to the
 * vocabulary as it is when it is resumed: an admin may have hidden, deleted or edited its words
 * since. Loaded with the session store, not with home.
 */
import { buildChoices, type Choices } from '@/domain/quiz';
import type { RunningSession } from '@/domain/quiz-run';
import type { Random, VocabItem } from '@/domain/types';
import { extraWords, productionQuestion } from '@/domain/word-order';

/** The texts a question or a tile is built from: a change of any is an edit that matters. */
const textsOf = (item: VocabItem) =>
  JSON.stringify([item.langA, item.langB, item.alt ?? [], item.spell ?? null, item.kind ?? null]);

/**
 * A kept session fitted to the vocabulary as it is now (`vocab`: the words in use): the words
 * since deleted or hidden leave it, with their questions and results; the edited ones take their
 * current texts, and their questions not yet answered are built again from them. Null when
 * nothing is left to ask, or when the word on screen in the spelling pass was changed (that pass
 * cannot be fitted honestly: a new session is offered instead). The session itself when nothing
 * changed.
 */
export function reconcileUnfinished(
  session: RunningSession,
  vocab: readonly VocabItem[],
  random: Random = Math.random,
): RunningSession | null {
  const current = new Map(vocab.map((item) => [item.id, item]));
  const changed = session.words.some((word) => {
    const now = current.get(word.id);
    return !now || textsOf(now) !== textsOf(word);
  });
  if (!changed) return session;

  const gone = new Set(session.words.filter((w) => !current.has(w.id)).map((w) => w.id));
  const choosing = session.phase === 'choice';
  const words: VocabItem[] = [];
  const questions: Choices[] = [];
  let index = 0;
  session.words.forEach((word, i) => {
    const now = current.get(word.id);
    if (!now) return;
    if (i < session.index) index += 1;
    const asked = !choosing || i < session.index || (i === session.index && !!session.feedback);
    const question = session.questions[i] as Choices;
    const edited = textsOf(now) !== textsOf(word);
    words.push(now);
    questions.push(
      edited && !asked
        ? {
            ...buildChoices(now, vocab, question.direction, random),
            ...(question.listening ? { listening: true } : {}),
          }
        : question,
    );
  });
  if (words.length === 0) return null;

  const results = { ...session.results };
  let correctCount = session.correctCount;
  for (const id of gone) {
    if (results[id]?.choice === 'correct') correctCount -= 1;
    delete results[id];
  }
  const extras: Record<string, string[]> = { ...session.extraWords };
  for (const id of gone) delete extras[id];
  for (const word of words) {
    const before = session.words.find((w) => w.id === word.id) as VocabItem;
    if (textsOf(before) === textsOf(word)) continue;
    if (productionQuestion(word) === 'word-order') {
      extras[word.id] = extraWords(word, vocab, random);
    } else {
      delete extras[word.id];
    }
  }
  const { extraWords: _old, ...rest } = session;
  const base = Object.keys(extras).length > 0 ? { ...rest, extraWords: extras } : rest;

  if (choosing) {
    // The question on screen was removed: its feedback goes, and the next question is asked.
    const currentGone = gone.has(session.words[session.index]?.id ?? '');
    if (index >= words.length) return null;
    return {
      ...base,
      words,
      questions,
      index,
      correctCount,
      results,
      feedback: currentGone ? null : session.feedback,
    };
  }
  const spelling = session.spelling;
  if (!spelling) return null;
  const onScreen = spelling.word?.vocabId;
  if (onScreen === undefined || !current.has(onScreen)) return null;
  const before = session.words.find((w) => w.id === onScreen);
  const after = current.get(onScreen);
  if (!before || !after || textsOf(before) !== textsOf(after)) return null;
  const queue = spelling.queue.filter((id) => !gone.has(id));
  const position = spelling.queue.slice(0, spelling.position).filter((id) => !gone.has(id)).length;
  return {
    ...base,
    words,
    questions,
    index: words.length,
    correctCount,
    results,
    spelling: { ...spelling, queue, position },
  };
}
