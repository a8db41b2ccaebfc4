/** prepareSession over a large vocabulary and user words; the history fold and the progress charts over 20,000 entries. */
import { destinationFor, planImport, wordsToAdd } from '@/domain/catalog';
import { BULK_IMPORT_MAX_ROWS, DAY_MS } from '@/domain/constants';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { foldAll } from '@/domain/history-fold';
import { foldRulesFor } from '@/domain/memory';
import { answersPerDay, learnedOverTime } from '@/domain/progress-charts';
import { seededRandom } from '@/domain/random';
import { prepareSession } from '@/domain/session';
import { answer, newUserWord } from '@/domain/srs';
import type { Topic, UserWord, VocabItem } from '@/domain/types';
import { parseWordImport } from '@/domain/word-import';
import { report, timeRuns } from './stats';

const NOW = Date.UTC(2026, 10, 22, 12);

export function syntheticVocabulary(count: number): VocabItem[] {
  const divisions = ['deck', 'engine', 'bridge', 'galley'];
  const roles = [undefined, ['bosun'], ['os', 'bosun'], ['all'], ['ce', 'cheng']];
  return Array.from({ length: count }, (_, i) => ({
    id: `v${i}`,
    langA: `слово ${i}`,
    langB: `word ${i}`,
    topic: `Topic ${i % 40}`,
    division: divisions[i % divisions.length] as string,
    roles: roles[i % roles.length],
    source: 'builtin' as const,
  }));
}

export function syntheticUserWords(vocab: readonly VocabItem[], count: number): UserWord[] {
  const random = seededRandom(11);
  return vocab.slice(0, count).map((item) => {
    let word = newUserWord('u1', item.id, NOW - 30 * DAY_MS);
    const answers = Math.floor(random() * 6);
    for (let a = 0; a < answers; a++)
      word = answer(word, random() < 0.75, NOW - (30 - a * 4) * DAY_MS);
    return word;
  });
}

export async function benchDomain(): Promise<void> {
  const vocab = syntheticVocabulary(10_000);
  const userWords = syntheticUserWords(vocab, 10_000);
  const random = seededRandom(5);
  const common = { vocab, userWords, size: 20, now: NOW, random };

  report(
    'prepareSession: 10k vocab, 10k user words, mixed, division+role',
    await timeRuns(
      () => prepareSession({ ...common, mode: 'mixed', division: 'deck', role: 'os' }),
      50,
    ),
  );
  report(
    'prepareSession: 10k vocab, 10k user words, mixed, no filter',
    await timeRuns(() => prepareSession({ ...common, mode: 'mixed' }), 50),
  );
  report(
    'prepareSession: 10k vocab, 10k user words, review, 5 topics',
    await timeRuns(
      () =>
        prepareSession({
          ...common,
          mode: 'review',
          topics: ['Topic 1', 'Topic 2', 'Topic 3', 'Topic 4', 'Topic 5'],
        }),
      50,
    ),
  );

  // A learner's history: 20,000 answers on 1,000 words over the last 60 days.
  const entries: HistoryEntry[] = Array.from({ length: 20_000 }, (_, i) => {
    const wall = NOW - 60 * DAY_MS + i * 259_200;
    return {
      id: `e${i}`,
      userId: 'u1',
      vocabId: `v${(i * 7) % 1000}`,
      kind: 'answer',
      correct: random() < 0.75,
      hlc: wall * 1000,
      wall,
      device: 'phone',
    };
  });
  report(
    'history fold: 20,000 entries -> 1,000 word states',
    await timeRuns(() => foldAll('u1', entries), 10),
  );
  // As the app folds: one step a day in the learner's zone, FSRS memory kept (and scheduling).
  for (const schedule of ['standard', 'fsrs'] as const) {
    const rules = foldRulesFor({ homeZone: 'Europe/Moscow', schedule }, fsrsModel);
    report(
      `history fold, the learner's rules (${schedule}): 20,000 entries -> 1,000 words`,
      await timeRuns(() => foldAll('u1', entries, rules), 10),
    );
  }
  report(
    'progress charts: answers per day + learned over time, 20,000 entries',
    await timeRuns(() => {
      answersPerDay(entries, NOW);
      learnedOverTime('u1', entries, NOW);
    }, 5),
  );
  // The largest bulk import an admin may paste, against a topic of 2,000 words: parsing, and the
  // plan of where each row goes and which are duplicates (linear: before, each line was compared
  // with every word of the topic).
  const lines = Array.from({ length: BULK_IMPORT_MAX_ROWS }, (_, i) => `слово ${i}=word ${i}`).join(
    '\n',
  );
  const topic: Topic = { id: 'deck::Big', name: 'Big', division: 'deck', source: 'user' };
  const known = Array.from({ length: 2000 }, (_, i) => ({
    ...(vocab[i] as VocabItem),
    topic: 'Big',
    division: 'deck',
  }));
  const user = {
    id: 'admin',
    email: 'a@ship.test',
    fullName: '',
    isAdmin: true,
    createdAt: 0,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  } as const;
  let ids = 0;
  report(
    `bulk import plan: ${BULK_IMPORT_MAX_ROWS} lines into a topic of 2,000 words`,
    await timeRuns(() => {
      const parsed = parseWordImport(lines, { knownRoles: [] });
      const fallback = destinationFor(
        [topic],
        { ...user, settings: { ...user.settings } },
        { topic: 'Big' },
        () => `n${ids++}`,
      );
      const plan = planImport(
        parsed.rows,
        fallback,
        { createdBy: 'admin' },
        { topics: [topic], divisions: new Set(['deck']) },
        () => `n${ids++}`,
      );
      wordsToAdd(fallback, known, plan.items, { createdBy: 'admin' }, () => `n${ids++}`);
    }, 10),
  );
}
