/**
 * The learner's unfinished session kept on the device for home's «Продолжить занятие»: kept with
 * its format, vocabulary version and time, dropped when any of them no longer fits, and fitted to
 * the vocabulary as it is when resumed (words hidden, deleted or edited by an admin since).
 */
import { describe, expect, it } from 'vitest';
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { type RunningSession, startRun, stepRun } from '@/domain/quiz-run';
import { seededRandom } from '@/domain/random';
import type { VocabItem } from '@/domain/types';
import {
  readUnfinished,
  UNFINISHED_MAX_AGE_MS,
  writeUnfinished,
} from '@/stores/session-persistence';
import { reconcileUnfinished } from '@/stores/unfinished-fit';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}

const word = (id: string, en: string): VocabItem => ({
  id,
  langA: `слово ${id}`,
  langB: en,
  topic: 'Mooring',
  division: 'deck',
  source: 'builtin',
});

const VOCAB = [
  word('m1', 'bitts'),
  word('m2', 'fairlead'),
  word('m3', 'bollard'),
  word('m4', 'spring'),
  word('m5', 'hawser'),
  word('m6', 'capstan'),
];
const USER = 'u1';
const NOW = new Date(2026, 10, 22, 12, 30).getTime();
const DAY = 24 * 60 * 60 * 1000;

/** A session of the first four words, `answered` of them answered right and moved past. */
function sessionOf(answered: number): RunningSession {
  const random = seededRandom(7);
  let session = startRun(
    { ownerId: USER, words: VOCAB.slice(0, 4), vocab: VOCAB, direction: 'ru-en' },
    random,
  );
  for (let i = 0; i < answered; i++) {
    const answer = session.questions[session.index]?.answer ?? '';
    session = stepRun(session, { type: 'answer', option: answer }, random).session;
    session = stepRun(session, { type: 'next' }, random).session;
  }
  return session;
}

describe('the kept unfinished session', () => {
  it('is read back as written, at the question it stopped at', () => {
    const storage = memoryStorage();
    writeUnfinished(storage, USER, sessionOf(2), NOW);
    expect(readUnfinished(storage, USER, NOW + DAY)?.index).toBe(2);
  });

  it('is kept with its format, the vocabulary version and when it was saved', () => {
    const storage = memoryStorage();
    writeUnfinished(storage, USER, sessionOf(1), NOW);
    const kept = JSON.parse(storage.getItem(`marine.unfinished.${USER}`) ?? '{}');
    expect(kept).toMatchObject({ format: 1, vocabVersion: VOCABULARY_VERSION, savedAt: NOW });
  });

  it('is dropped when left untouched for longer than the limit', () => {
    const storage = memoryStorage();
    writeUnfinished(storage, USER, sessionOf(1), NOW);
    expect(readUnfinished(storage, USER, NOW + 13 * DAY)).not.toBeNull();
    expect(UNFINISHED_MAX_AGE_MS).toBe(14 * DAY);
    expect(readUnfinished(storage, USER, NOW + 14 * DAY + 1)).toBeNull();
  });

  it('is dropped when kept for another vocabulary version', () => {
    const storage = memoryStorage();
    const kept = { format: 1, vocabVersion: VOCABULARY_VERSION - 1, savedAt: NOW };
    storage.setItem(
      `marine.unfinished.${USER}`,
      JSON.stringify({ ...kept, session: sessionOf(1) }),
    );
    expect(readUnfinished(storage, USER, NOW)).toBeNull();
  });

  it('is dropped when of an unknown format (an older entry without one, or a newer one)', () => {
    const storage = memoryStorage();
    const key = `marine.unfinished.${USER}`;
    storage.setItem(key, JSON.stringify({ session: sessionOf(1) }));
    expect(readUnfinished(storage, USER, NOW)).toBeNull();
    const newer = { format: 2, vocabVersion: VOCABULARY_VERSION, savedAt: NOW };
    storage.setItem(key, JSON.stringify({ ...newer, session: sessionOf(1) }));
    expect(readUnfinished(storage, USER, NOW)).toBeNull();
  });
});

describe('fitting a resumed session to the vocabulary', () => {
  it('leaves an unchanged session as it is', () => {
    const session = sessionOf(2);
    expect(reconcileUnfinished(session, [...VOCAB])).toBe(session);
  });

  it('drops words deleted or hidden since, with their questions and answers, at the same place', () => {
    const session = sessionOf(2);
    const [first, second, third, fourth] = session.words.map((w) => w.id);
    // An answered word and one still to come are gone.
    const vocab = VOCAB.filter((w) => w.id !== first && w.id !== fourth);
    const fitted = reconcileUnfinished(session, vocab) as RunningSession;
    expect(fitted.words.map((w) => w.id)).toEqual([second, third]);
    expect(fitted.questions).toEqual([session.questions[1], session.questions[2]]);
    // The next question is still the third word, now the second of two.
    expect(fitted.index).toBe(1);
    expect(Object.keys(fitted.results)).toEqual([second]);
    expect(fitted.correctCount).toBe(1);
  });

  it('asks an edited word with its current text, and keeps what was answered', () => {
    const session = sessionOf(1);
    const answered = session.words[0] as VocabItem;
    const next = session.words[1] as VocabItem;
    const vocab = VOCAB.map((w) =>
      w.id === next.id || w.id === answered.id ? { ...w, langA: `${w.langA} (новое)` } : w,
    );
    const fitted = reconcileUnfinished(session, vocab, seededRandom(3)) as RunningSession;
    expect(fitted.index).toBe(1);
    expect(fitted.words[1]?.langA).toBe(`слово ${next.id} (новое)`);
    expect(fitted.questions[1]?.prompt).toBe(`слово ${next.id} (новое)`);
    expect(fitted.questions[1]?.options).toContain(next.langB);
    // The answered question stays as it was asked.
    expect(fitted.questions[0]).toEqual(session.questions[0]);
    expect(fitted.results[answered.id]?.choice).toBe('correct');
  });

  it('in the spelling pass, drops deleted words from its queue at the same place', () => {
    const random = seededRandom(5);
    let session = sessionOf(4);
    expect(session.phase).toBe('spelling');
    session = stepRun(session, { type: 'skip-spelling' }, random).session;
    session = stepRun(session, { type: 'next-spelling' }, random).session;
    const queue = session.spelling?.queue ?? [];
    expect(session.spelling?.position).toBe(1);
    const [spelled, onScreen, , last] = queue;
    const vocab = VOCAB.filter((w) => w.id !== spelled && w.id !== last);
    const fitted = reconcileUnfinished(session, vocab) as RunningSession;
    expect(fitted.spelling?.queue).toEqual(queue.filter((id) => id !== spelled && id !== last));
    expect(fitted.spelling?.position).toBe(0);
    expect(fitted.spelling?.word?.vocabId).toBe(onScreen);
    // The word on screen reworded: that pass is not resumed.
    const reworded = VOCAB.map((w) => (w.id === onScreen ? { ...w, langB: 'bollards' } : w));
    expect(reconcileUnfinished(session, reworded)).toBeNull();
  });

  it('is nothing to resume when every word left has been answered or none is left', () => {
    const session = sessionOf(2);
    const rest = session.words.slice(2).map((w) => w.id);
    expect(
      reconcileUnfinished(
        session,
        VOCAB.filter((w) => !rest.includes(w.id)),
      ),
    ).toBeNull();
    expect(reconcileUnfinished(session, [])).toBeNull();
  });
});
