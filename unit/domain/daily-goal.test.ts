/** The daily goal counts practice: words answered today, not words merely skipped. */
import { describe, expect, it } from 'vitest';
import { isPractice, practisedToday, startOfDay } from '@/domain/daily';
import type { HistoryEntry } from '@/domain/history';
import { applyEntry } from '@/domain/history-fold';
import {
  type RunInput,
  type RunningSession,
  type RunRecord,
  startRun,
  stepRun,
} from '@/domain/quiz-run';
import { newUserWord } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';

const NOW = new Date(2026, 10, 22, 15, 0).getTime();
const MIDNIGHT = new Date(2026, 10, 22, 0, 0).getTime();

const WORDS: VocabItem[] = ['bitts', 'gangway', 'fender', 'hawser', 'winch'].map(
  (en, i) =>
    ({
      id: `w${i}`,
      langA: `слово ${i}`,
      langB: en,
      topic: 'Mooring',
      division: 'deck',
      source: 'builtin',
    }) as VocabItem,
);

/** Phrases: their production question is word order (word-order.ts). */
const PHRASES: VocabItem[] = [
  'I require medical assistance.',
  'I am proceeding to your assistance.',
  'Pilot ladder is rigged on port side.',
].map(
  (en, i) =>
    ({
      id: `p${i}`,
      langA: `фраза ${i}`,
      langB: en,
      topic: 'Distress',
      division: 'bridge',
      kind: 'phrase',
      spell: false,
      source: 'builtin',
    }) as VocabItem,
);

/** A random source that keeps lists in order. */
const inOrder = () => 0.999_999;

let serial = 0;
function entryOf(record: RunRecord, wall: number): HistoryEntry {
  serial += 1;
  const change =
    record.kind === 'skip'
      ? { kind: 'skip' as const }
      : { kind: 'answer' as const, correct: record.correct, mode: record.mode };
  return {
    id: `e${serial}`,
    userId: 'u1',
    vocabId: record.vocabId,
    ...change,
    hlc: wall * 1000 + serial,
    wall,
    device: 'd1',
  };
}

/**
 * Plays a whole session of the five words as the learner would (questions, spelling, second pass)
 * and returns the history it writes. `choose` answers each question (an option, or null to skip);
 * `spell` says whether to type each word right (or skip it).
 */
function playSession(
  choose: (session: RunningSession) => string | null,
  spell: boolean,
  words: VocabItem[] = WORDS,
): HistoryEntry[] {
  let session = startRun({ ownerId: 'u1', words, vocab: words, direction: 'ru-en' }, inOrder);
  const entries: HistoryEntry[] = [];
  const step = (input: RunInput) => {
    const next = stepRun(session, input, inOrder);
    session = next.session;
    if ('record' in next.outcome && next.outcome.record) {
      entries.push(entryOf(next.outcome.record, NOW - 60_000 + entries.length));
    }
  };
  while (session.phase === 'choice') {
    const option = choose(session);
    step(option === null ? { type: 'skip' } : { type: 'answer', option });
    step({ type: 'next' });
  }
  while (session.phase === 'spelling') {
    const word = session.spelling?.word;
    if (!word) break;
    if (!spell) step({ type: 'skip-spelling' });
    else if (word.kind === 'word-order')
      for (const text of word.answer) step({ type: 'word', text });
    else for (const char of word.target) step({ type: 'key', char });
    step({ type: 'next-spelling' });
  }
  expect(session.phase).toBe('done');
  return entries;
}

/** The learner's records after the entries, as the history fold makes them. */
function fold(entries: readonly HistoryEntry[]): Map<string, UserWord> {
  const words = new Map<string, UserWord>();
  for (const entry of entries) {
    const word = words.get(entry.vocabId) ?? newUserWord('u1', entry.vocabId, entry.wall);
    words.set(entry.vocabId, applyEntry(word, entry));
  }
  return words;
}

const right = (session: RunningSession) => session.questions[session.index]?.answer ?? null;
const wrong = (session: RunningSession) => {
  const question = session.questions[session.index];
  return question?.options.find((option) => option !== question.answer) ?? null;
};

describe('practisedToday: the daily goal', () => {
  it('a session in which every question and spelling was skipped counts nothing', () => {
    const entries = playSession(() => null, false);
    const words = fold(entries);
    // Every word was touched today (a skip marks it seen)…
    expect([...words.values()].every((w) => (w.lastSeenAt ?? 0) >= MIDNIGHT)).toBe(true);
    // …but none was practised.
    expect(practisedToday(entries, NOW, words)).toBe(0);
  });

  it('so does one of phrases: a skipped word order is not practice either', () => {
    const entries = playSession(() => null, false, PHRASES);
    expect(entries.filter((e) => e.mode === 'word-order')).toHaveLength(6);
    expect(practisedToday(entries, NOW, fold(entries))).toBe(0);
    const built = playSession(() => null, true, PHRASES);
    expect(practisedToday(built, NOW, fold(built))).toBe(3);
  });

  it('a question skipped but the word spelled right counts that word', () => {
    const entries = playSession(() => null, true);
    expect(practisedToday(entries, NOW, fold(entries))).toBe(5);
  });

  it('answers count, right or wrong, each word once', () => {
    const allWrong = playSession(wrong, false);
    expect(practisedToday(allWrong, NOW, fold(allWrong))).toBe(5);
    const allRight = playSession(right, true);
    expect(practisedToday(allRight, NOW, fold(allRight))).toBe(5);
    let n = 0;
    const mixed = playSession((s) => (n++ % 2 === 0 ? right(s) : null), false);
    expect(practisedToday(mixed, NOW, fold(mixed))).toBe(3);
  });

  it('counts from local midnight by the entry’s effective time, leaving out deleted words', () => {
    const answer = (vocabId: string, wall: number, extra: Partial<HistoryEntry> = {}) => ({
      ...entryOf({ kind: 'answer', vocabId, correct: false, mode: 'choice' }, wall),
      ...extra,
    });
    const entries = [
      answer('w0', MIDNIGHT - 1),
      answer('w1', MIDNIGHT),
      // Made today by a clock running ahead, but the cloud received it yesterday.
      answer('w2', NOW, { receivedAt: MIDNIGHT - 10 }),
      answer('w3', NOW),
      answer('w4', NOW),
    ];
    const words = fold(entries);
    words.set('w4', { ...(words.get('w4') as UserWord), deleted: true });
    expect(practisedToday(entries, NOW, words)).toBe(2);
    expect(startOfDay(NOW)).toBe(MIDNIGHT);
  });

  it('what is practice: an answer, but not a skip nor a failed spelling on its own', () => {
    expect(isPractice({ kind: 'answer', correct: false, mode: 'choice' })).toBe(true);
    expect(isPractice({ kind: 'answer', correct: true, mode: 'spelling' })).toBe(true);
    // An older answer without a mode.
    expect(isPractice({ kind: 'answer', correct: false })).toBe(true);
    expect(isPractice({ kind: 'answer', correct: false, mode: 'spelling' })).toBe(false);
    expect(isPractice({ kind: 'answer', correct: true, mode: 'word-order' })).toBe(true);
    expect(isPractice({ kind: 'answer', correct: false, mode: 'word-order' })).toBe(false);
    expect(isPractice({ kind: 'skip' })).toBe(false);
    expect(isPractice({ kind: 'learn' })).toBe(false);
  });
});
