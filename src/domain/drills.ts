/**
 * VHF exchange drills: short radio exchanges of real procedure (SMCP A1, IMO Res. A.954(23)) in
 * which the app plays the other station and the learner picks each of their own replies. Pure: the
 * data's contract, the reply options of a turn, and the drills' progress folded from the answer
 * history.
 *
 * History. Every reply the learner picks is one history entry of kind `drill` (DRILL_KIND), synced
 * and exported like any answer: `vocabId` is `drill:<drill id>` (DRILL_VOCAB_PREFIX), `correct`
 * says whether the first pick was right, and the `x` map carries the run, the turn and the run's
 * number of replies. A drill entry is not a word's: the word fold treats it as neutral and makes
 * no word record (history.ts), exactly as the previous app version treats any later kind, so that
 * version keeps, syncs and exports these entries unchanged and shows nothing for them.
 */
import { shuffle } from './random';
import type { Random } from './types';

/** The history kind of a drill reply. */
export const DRILL_KIND = 'drill';
/** A drill reply's `vocabId` is this prefix and the drill's id. */
export const DRILL_VOCAB_PREFIX = 'drill:';
/** Options offered for one reply: the right one and up to this many minus one wrong ones. */
export const DRILL_OPTIONS = 3;

export const SITUATIONS = [
  'distress',
  'urgency',
  'safety',
  'pilot',
  'vts',
  'tug',
  'port',
  'position',
  'anchoring',
  'procedure',
] as const;
export type Situation = (typeof SITUATIONS)[number];

export interface Bilingual {
  ru: string;
  en: string;
}

/** One turn of an exchange: what one station says on air. */
export interface DrillTurn {
  /** `self`: the learner says it (picks it); `other`: the app plays it. */
  station: 'self' | 'other';
  speaker: Bilingual;
  /** The English said on air. */
  en: string;
  /** Its standard Russian rendering. */
  ru: string;
  /** A self turn: what to say, without giving the English away. */
  task?: Bilingual;
  /** A self turn: wrong replies a learner could pick (a wrong marker, procedure word, or answer). */
  wrong?: string[];
}

export interface Drill {
  id: string;
  situation: Situation;
  title: Bilingual;
  /** Who the learner is and what happened. */
  setting: Bilingual;
  /** Where the wording comes from (SMCP sections, A.954(23)). */
  ref: string;
  turns: DrillTurn[];
}

const DRILL_ID = /^[a-z0-9-]{1,40}$/;
export const MIN_TURNS = 3;
export const MAX_TURNS = 6;
export const MAX_TURN_CHARS = 320;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const isBilingual = (value: unknown): value is Bilingual =>
  isRecord(value) && isText(value.ru) && isText(value.en);

/** What two replies are compared by: case, spacing and punctuation do not make another reply. */
export function replyKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What is wrong with one drill of the data, or null when it keeps the contract. */
export function drillProblem(raw: unknown): string | null {
  if (!isRecord(raw)) return 'not an object';
  if (typeof raw.id !== 'string' || !DRILL_ID.test(raw.id)) return 'invalid id';
  if (!SITUATIONS.includes(raw.situation as Situation)) return `${raw.id}: invalid situation`;
  if (!isBilingual(raw.title) || !isBilingual(raw.setting)) return `${raw.id}: no title or setting`;
  if (!isText(raw.ref)) return `${raw.id}: no reference`;
  const turns = raw.turns;
  if (!Array.isArray(turns) || turns.length < MIN_TURNS || turns.length > MAX_TURNS) {
    return `${raw.id}: ${MIN_TURNS}-${MAX_TURNS} turns expected`;
  }
  let own = 0;
  for (const [index, turn] of turns.entries()) {
    const where = `${raw.id} turn ${index + 1}`;
    if (!isRecord(turn) || (turn.station !== 'self' && turn.station !== 'other')) {
      return `${where}: invalid station`;
    }
    if (!isBilingual(turn.speaker) || !isText(turn.en) || !isText(turn.ru)) {
      return `${where}: speaker, en and ru expected`;
    }
    if (turn.en.length > MAX_TURN_CHARS) return `${where}: longer than ${MAX_TURN_CHARS}`;
    if (turn.station === 'other') continue;
    own++;
    if (!isBilingual(turn.task)) return `${where}: a reply without a task`;
    if (turn.wrong !== undefined) {
      if (!Array.isArray(turn.wrong) || !turn.wrong.every(isText)) {
        return `${where}: invalid wrong replies`;
      }
      const right = replyKey(turn.en);
      if (turn.wrong.some((wrong) => replyKey(wrong) === right)) {
        return `${where}: a wrong reply reads as the right one`;
      }
    }
  }
  return own === 0 ? `${raw.id}: no reply for the learner` : null;
}

/** The drills of the data that keep the contract (a broken one is left out, never the rest). */
export function readDrills(raw: unknown): { drills: Drill[]; problems: string[] } {
  const drills: Drill[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(raw) ? raw : []) {
    const problem = drillProblem(item);
    if (problem) problems.push(problem);
    else if (seen.has((item as Drill).id)) problems.push(`${(item as Drill).id}: duplicate id`);
    else {
      seen.add((item as Drill).id);
      drills.push(item as Drill);
    }
  }
  return { drills, problems };
}

/** The learner's turns of a drill, by index in `turns`. */
export function ownTurns(drill: Drill): number[] {
  return drill.turns.flatMap((turn, index) => (turn.station === 'self' ? [index] : []));
}

/** The SMCP message markers (SMCP General 3) and the GMDSS priority signals. */
const CONFUSED_WITH: Readonly<Record<string, string>> = {
  QUESTION: 'ANSWER',
  ANSWER: 'QUESTION',
  INSTRUCTION: 'ADVICE',
  ADVICE: 'INSTRUCTION',
  REQUEST: 'QUESTION',
  INFORMATION: 'INTENTION',
  INTENTION: 'INFORMATION',
  WARNING: 'INFORMATION',
  MAYDAY: 'PAN-PAN',
  'PAN-PAN': 'MAYDAY',
  SECURITE: 'PAN-PAN',
};
const MARKER =
  /\b(QUESTION|ANSWER|INSTRUCTION|ADVICE|REQUEST|INFORMATION|INTENTION|WARNING)\b|(MAYDAY|PAN-PAN|SECURITE)(?![\w-])/;

/**
 * The reply with its message marker (or priority signal) exchanged for the one most often confused
 * with it, every time it occurs: "QUESTION. What is your ETA?" -> "ANSWER. What is your ETA?".
 * Null when the reply has none.
 */
export function withWrongMarker(text: string): string | null {
  const found = MARKER.exec(text);
  const marker = found?.[1] ?? found?.[2];
  const other = marker ? CONFUSED_WITH[marker] : undefined;
  if (!marker || !other) return null;
  return text.split(marker).join(other);
}

/**
 * The options of the learner's reply at `turnIndex`: the right one and DRILL_OPTIONS - 1 wrong
 * ones, shuffled. Wrong ones come first from the drill's own `wrong` list, then the reply with the
 * wrong message marker, then replies of other drills of the same situation (then any situation).
 * No two options read alike (`replyKey`).
 */
export function replyOptions(
  drill: Drill,
  turnIndex: number,
  all: readonly Drill[],
  random: Random,
): string[] {
  const turn = drill.turns[turnIndex];
  if (turn?.station !== 'self') return [];
  const options = [turn.en];
  const keys = new Set([replyKey(turn.en)]);
  const add = (text: string | null | undefined) => {
    if (!text || options.length >= DRILL_OPTIONS) return;
    const key = replyKey(text);
    if (keys.has(key)) return;
    keys.add(key);
    options.push(text);
  };
  for (const wrong of shuffle(turn.wrong ?? [], random)) add(wrong);
  add(withWrongMarker(turn.en));
  const others = (same: boolean) =>
    shuffle(
      all.filter(
        (other) => other.id !== drill.id && (other.situation === drill.situation) === same,
      ),
      random,
    ).flatMap((other) => ownTurns(other).map((index) => other.turns[index]?.en));
  for (const text of others(true)) add(text);
  for (const text of others(false)) add(text);
  return shuffle(options, random);
}

/** The `x` fields of a drill reply entry. */
export interface DrillReplyFields {
  /** The run (one play of the drill from the start): a random id. */
  run: string;
  /** The turn's index in the drill. */
  turn: number;
  /** How many replies the run asks for (the drill's own turns then). */
  of: number;
  /**
   * How the reply was given, when not picked: said aloud and marked (`spoken`), or recorded and
   * judged by the learner (`self`). The entry's `mode`, which the contract keeps on any kind.
   */
  mode?: 'spoken' | 'self';
}

/** The part of a history entry the drills' progress reads. */
export interface DrillEntry {
  id: string;
  kind: string;
  vocabId: string;
  correct?: boolean;
  /** When it happened (history.ts `effectiveTime`). */
  time: number;
  x?: Record<string, unknown>;
}

/** A drill reply's fields, or null for any other entry (or a malformed one). */
export function drillReplyOf(entry: DrillEntry): (DrillReplyFields & { drillId: string }) | null {
  if (entry.kind !== DRILL_KIND || !entry.vocabId.startsWith(DRILL_VOCAB_PREFIX)) return null;
  const x = entry.x;
  if (!x || typeof x.run !== 'string' || !Number.isSafeInteger(x.turn)) return null;
  if (!Number.isSafeInteger(x.of) || (x.of as number) < 1) return null;
  return {
    drillId: entry.vocabId.slice(DRILL_VOCAB_PREFIX.length),
    run: x.run,
    turn: x.turn as number,
    of: x.of as number,
  };
}

/** One drill's progress. */
export interface DrillProgress {
  /** Runs finished: every reply picked. */
  finished: number;
  /** The last finished run: replies right at the first pick, of how many, and when. */
  last?: { right: number; of: number; at: number };
  /** The best finished run's replies right at the first pick. */
  best: number;
}

/**
 * Each drill's progress, folded from the history: entries grouped by run (an entry counted once
 * by id, a turn once per run, by its first entry); a run with a reply for every turn it asks for
 * is finished. Pure and order-independent.
 */
export function drillProgress(entries: readonly DrillEntry[]): Map<string, DrillProgress> {
  const runs = new Map<string, { drillId: string; of: number; turns: Map<number, DrillEntry> }>();
  const seen = new Set<string>();
  for (const entry of entries) {
    const reply = drillReplyOf(entry);
    if (!reply || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const key = `${reply.drillId}\u0000${reply.run}`;
    const run = runs.get(key) ?? { drillId: reply.drillId, of: reply.of, turns: new Map() };
    runs.set(key, run);
    const earlier = run.turns.get(reply.turn);
    if (
      !earlier ||
      entry.time < earlier.time ||
      (entry.time === earlier.time && entry.id < earlier.id)
    ) {
      run.turns.set(reply.turn, entry);
    }
  }
  const result = new Map<string, DrillProgress>();
  for (const run of runs.values()) {
    if (run.turns.size < run.of) continue;
    const replies = [...run.turns.values()];
    const right = replies.filter((entry) => entry.correct === true).length;
    const at = Math.max(...replies.map((entry) => entry.time));
    const progress = result.get(run.drillId) ?? { finished: 0, best: 0 };
    progress.finished++;
    progress.best = Math.max(progress.best, right);
    if (!progress.last || at > progress.last.at) progress.last = { right, of: run.of, at };
    result.set(run.drillId, progress);
  }
  return result;
}

/** A word of a reply option, and whether it is where the options differ. */
export interface OptionWord {
  text: string;
  differs: boolean;
}

/** The longest common subsequence of two word lists, as the matched indexes of `a`. */
function commonWords(a: readonly string[], b: readonly string[]): Set<number> {
  const width = b.length + 1;
  // run[i * width + j]: the longest common run of a[i..] and b[j..].
  const run = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => run[i * width + j] as number;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      run[i * width + j] =
        a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const kept = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(i);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return kept;
}

/**
 * Where the reply options differ (issue 43: three long replies that differ in one word): each
 * option's words, split at spaces, a word marked `differs` when some other option does not have
 * it at that place (it is outside their longest common run of words, compared by `replyKey`).
 */
export function optionDifferences(options: readonly string[]): OptionWord[][] {
  const words = options.map((option) => option.split(/\s+/).filter(Boolean));
  const keys = words.map((list) => list.map((word) => replyKey(word)));
  return words.map((list, index) => {
    const differs = new Set<number>();
    for (const [other, otherKeys] of keys.entries()) {
      if (other === index) continue;
      const kept = commonWords(keys[index] as string[], otherKeys);
      for (let w = 0; w < list.length; w++) if (!kept.has(w)) differs.add(w);
    }
    return list.map((text, w) => ({ text, differs: differs.has(w) }));
  });
}
