/**
 * The fold: a word's learning state from its history entries (see history.ts for the order and
 * the clock rules). Unticking «Выучено» right after ticking it undoes the tick: the fold carries
 * the study fields from before the tick on the word (`beforeMarked`) until an unmark restores
 * them or an answer, skip or relearn makes them stale.
 */
import {
  compareEntries,
  compareText,
  effectiveTime,
  type HistoryEntry,
  isKnownKind,
} from './history';
import { compareSnapshots, fromSnapshot, type WordSnapshot } from './history-snapshot';
import { clampRetention, type FoldRules, FSRS_LEARNED_STABILITY_DAYS } from './memory';
import { answer, markLearned, newUserWord, relearn, skip, unmarkLearned } from './srs';
import type { StudyState, UserWord } from './types';

/** The study fields of a word, only those it has. */
function studyStateOf(word: UserWord): StudyState {
  const state: StudyState = {
    status: word.status,
    attempts: word.attempts,
    correct: word.correct,
    streak: word.streak,
    strength: word.strength,
  };
  if (word.lastSeenAt !== undefined) state.lastSeenAt = word.lastSeenAt;
  if (word.nextReviewAt !== undefined) state.nextReviewAt = word.nextReviewAt;
  return state;
}

/** The word without the remembered pre-mark state (it was studied since, or unmarked). */
function forgetMark(word: UserWord): UserWord {
  if (!word.beforeMarked) return word;
  const { beforeMarked: _, ...rest } = word;
  return rest;
}

/**
 * Ticking «Выучено» (SPEC §4 mark learned) remembers the study fields the word had, unless an
 * earlier tick not yet undone already did.
 */
function mark(word: UserWord, now: number): UserWord {
  return { ...markLearned(word, now), beforeMarked: word.beforeMarked ?? studyStateOf(word) };
}

/**
 * Unticking gives back the study fields from before the tick (a word never studied is new again,
 * with no attempts); hidden and deleted stay as they are now. A word learned by answers, or
 * studied after its tick, has nothing to give back and follows SPEC §4's unmark rule.
 */
function unmark(word: UserWord, now: number): UserWord {
  const before = word.beforeMarked;
  if (!before) return unmarkLearned(word, now);
  const { beforeMarked: _, lastSeenAt: _seen, nextReviewAt: _next, ...rest } = word;
  return { ...rest, ...before, updatedAt: now };
}

/**
 * One answer under the fold's rules (docs/learning.md, "One schedule step per word per day"). The first answer of a word on the
 * learner's study day is a schedule step exactly as SPEC §4 says (or, under FSRS, a review of the memory
 * model whose due date and stability then say when next and whether learned). A later answer the
 * same day, or a right one before the day the word is due, counts in attempts and correct only;
 * a wrong one still counts as a lapse — the
 * wrong-answer rule, due at once — once a day. Every step also keeps the FSRS memory state when
 * the model is given, so both schedules can show what the learner probably recalls.
 */
function answerStep(word: UserWord, correct: boolean, now: number, rules: FoldRules): UserWord {
  const day = rules.dayOf?.(now);
  // A right answer before the study day the word is due on is practice, not a step: a word is
  // promoted when it is due, never a day early.
  const early =
    correct &&
    day !== undefined &&
    word.nextReviewAt !== undefined &&
    (rules.dayOf?.(word.nextReviewAt) ?? day) > day;
  const firstToday = day === undefined || (word.stepDay !== day && !early);
  const lapse = !correct && (day === undefined || word.lapseDay !== day);
  if (!firstToday && !lapse) {
    return {
      ...word,
      attempts: word.attempts + 1,
      correct: word.correct + (correct ? 1 : 0),
      lastSeenAt: now,
      updatedAt: now,
    };
  }
  let next = answer(word, correct, now);
  if (day !== undefined) {
    next.stepDay = day;
    if (lapse) {
      next.lapseDay = day;
      next.lapses = (word.lapses ?? 0) + 1;
    }
  }
  if (!firstToday) return rules.schedule === 'fsrs' ? { ...next, status: 'learning' } : next;
  const retention = clampRetention(rules.retention);
  if (rules.memory) next.memory = rules.memory.review(word.memory, correct, now, retention);
  if (rules.schedule === 'fsrs' && next.memory) {
    const learned = correct && next.memory.s >= FSRS_LEARNED_STABILITY_DAYS;
    next = {
      ...next,
      nextReviewAt: correct ? next.memory.due : now,
      status: learned ? 'learned' : 'learning',
    };
  }
  return next;
}

/** A word's state after one more entry (which must sort after every entry already folded). */
export function applyEntry(word: UserWord, entry: HistoryEntry, rules: FoldRules = {}): UserWord {
  const now = effectiveTime(entry);
  switch (entry.kind) {
    case 'answer':
      return forgetMark(answerStep(word, entry.correct === true, now, rules));
    case 'skip':
      return forgetMark(skip(word, now));
    case 'learn':
      return mark(word, now);
    case 'unlearn':
      return unmark(word, now);
    case 'relearn':
      return forgetMark(relearn(word, now));
    case 'hide':
      return { ...word, hidden: true, updatedAt: now };
    case 'unhide':
      return { ...word, hidden: false, updatedAt: now };
    case 'delete':
      return { ...word, deleted: true, updatedAt: now };
    case 'restore':
      return { ...word, deleted: false, updatedAt: now };
    case 'baseline':
      // A baseline is not a step in time: the fold starts from it (see `foldWord`).
      return word;
    default:
      // A later version's kind: neutral here (the app refolds when an update teaches it).
      return word;
  }
}

/** Whether a word's entries make a word record: at least one of a kind this version folds. */
export function makesWordRecord(entries: readonly Pick<HistoryEntry, 'kind'>[]): boolean {
  return entries.some((entry) => isKnownKind(entry.kind));
}

/** The word a fold starts from: a baseline's state, or a new word dated by its first step. */
function startOf(
  userId: string,
  vocabId: string,
  base: WordSnapshot | undefined,
  steps: readonly HistoryEntry[],
): UserWord {
  return base
    ? fromSnapshot(userId, vocabId, base)
    : { ...newUserWord(userId, vocabId, steps[0] ? effectiveTime(steps[0]) : 0), deleted: false };
}

/**
 * Whether a baseline stands for entries the history holds (docs/cloud-edition.md, "Counted
 * once"): folded from the baseline below it, some first part of the word's own steps in history
 * order gives its counts, its flags and its time to the millisecond. An import of an earlier
 * version made such a baseline of a file's word record and merged the file's answers as well;
 * starting from it would count those answers twice. A baseline of answers that were never entries
 * (an older version's record) is not reproduced by the history and stays the start. The rules
 * (schedule, day) are left out of the comparison: they may have changed since the record was
 * folded, and they change no count.
 */
function coveredByHistory(
  snapshot: WordSnapshot,
  below: UserWord,
  steps: readonly HistoryEntry[],
  rules: FoldRules,
): boolean {
  let word = below;
  for (const entry of steps) {
    word = applyEntry(word, entry, rules);
    if (
      word.updatedAt === snapshot.updatedAt &&
      word.attempts === snapshot.attempts &&
      word.correct === snapshot.correct &&
      Boolean(word.hidden) === Boolean(snapshot.hidden) &&
      word.deleted === Boolean(snapshot.deleted)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A word's state: the greatest baseline (or a new word), then every other entry in history order.
 * A baseline the word's own entries reproduce is skipped (`coveredByHistory`), so no answer is
 * counted twice. Entries with the same id count once. Pure and deterministic.
 */
export function foldWord(
  userId: string,
  vocabId: string,
  entries: readonly HistoryEntry[],
  rules: FoldRules = {},
): UserWord {
  const unique = new Map<string, HistoryEntry>();
  for (const entry of entries) if (!unique.has(entry.id)) unique.set(entry.id, entry);
  const baselines: { id: string; snapshot: WordSnapshot }[] = [];
  const steps: HistoryEntry[] = [];
  for (const entry of unique.values()) {
    if (entry.kind === 'baseline') {
      if (entry.snapshot) baselines.push({ id: entry.id, snapshot: entry.snapshot });
    } else if (isKnownKind(entry.kind)) {
      // A later version's kind is neutral: it neither changes the word nor dates its start.
      steps.push(entry);
    }
  }
  steps.sort(compareEntries);
  let word = foldStart(userId, vocabId, baselines, steps, rules);
  for (const entry of steps) word = applyEntry(word, entry, rules);
  return word;
}

/**
 * The word a fold of `steps` (sorted, of kinds this version knows) starts from: the greatest
 * baseline the steps do not reproduce (`coveredByHistory`), or a new word dated by its first step.
 */
export function foldStart(
  userId: string,
  vocabId: string,
  baselines: readonly { id: string; snapshot: WordSnapshot }[],
  steps: readonly HistoryEntry[],
  rules: FoldRules = {},
): UserWord {
  // From the least baseline up, each checked against the greatest one kept below it.
  const sorted = [...baselines].sort(
    (a, b) => compareSnapshots(a.snapshot, b.snapshot) || compareText(a.id, b.id),
  );
  let base: WordSnapshot | undefined;
  for (const { snapshot } of sorted) {
    if (!coveredByHistory(snapshot, startOf(userId, vocabId, base, steps), steps, rules)) {
      base = snapshot;
    }
  }
  return startOf(userId, vocabId, base, steps);
}

/** Groups entries by word and folds each: vocabId -> state. */
export function foldAll(
  userId: string,
  entries: readonly HistoryEntry[],
  rules: FoldRules = {},
): Map<string, UserWord> {
  const byWord = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const list = byWord.get(entry.vocabId);
    if (list) list.push(entry);
    else byWord.set(entry.vocabId, [entry]);
  }
  const states = new Map<string, UserWord>();
  for (const [vocabId, list] of byWord) states.set(vocabId, foldWord(userId, vocabId, list, rules));
  return states;
}
