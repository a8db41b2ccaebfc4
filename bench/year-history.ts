/**
 * A realistic year of one learner's answer history, made deterministically from a seed: a learner
 * who studies most days, a session or two a day, about 190 answers a day on average over 2,300
 * words of the built-in vocabulary. A session goes as the app runs one: rounds of ten words, each
 * asked as a choice (or skipped), then the production question of those that have one (letters,
 * recorded as `spelling`, or `word-order` for a phrase the tiles cannot spell). Entries are
 * stamped by the app's own append code (`stampedEntry`) and each word's state follows the app's
 * fold rules (`applyEntry`), so the learner reviews what the schedule says is due. The entries
 * are grouped into the syncs an app open during the session makes: one a minute.
 */
import { stampedEntry } from '@/db/history-append';
import type { DeviceRecord } from '@/db/schema';
import { DAY_MS, SYNC_INTERVAL_MS } from '@/domain/constants';
import type { AnswerMode, HistoryEntry } from '@/domain/history';
import { applyEntry } from '@/domain/history-fold';
import type { FoldRules } from '@/domain/memory';
import { newUserWord } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';
import { productionQuestion } from '@/domain/word-order';

export interface YearOptions {
  userId: string;
  /** The vocabulary the words are taken from (the built-in one). */
  vocabulary: readonly VocabItem[];
  /** Epoch ms, midnight UTC: the year is the 365 days before it. */
  end: number;
  /** The learner's fold rules (db/history-refold `rulesOf`), which say which words are due. */
  rules: FoldRules;
  seed?: number;
  days?: number;
  words?: number;
  /** Entries in the whole year (answers and the odd skip). */
  entries?: number;
}

/** One sync of the app during a session: what was recorded since the last one. */
export interface YearSync {
  /** When the sync ran (the device's clock), epoch ms. */
  at: number;
  entries: HistoryEntry[];
}

export interface YearHistory {
  entries: HistoryEntry[];
  syncs: YearSync[];
  /** The words' states after the year (the fold of `entries`). */
  words: Map<string, UserWord>;
  studyDays: number;
  sessions: number;
  /** Entries by kind and mode: `answer:choice`, `answer:spelling`, `skip`... */
  kinds: Record<string, number>;
}

/** mulberry32: a small seeded generator, so the year is the same in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUND_WORDS = 10;
const SKIP_RATE = 0.02;

const productionMode = (item: VocabItem): AnswerMode | null => {
  const question = productionQuestion(item);
  return question === 'letters' ? 'spelling' : question === 'word-order' ? 'word-order' : null;
};

export function generateYear(options: YearOptions): YearHistory {
  const random = seeded(options.seed ?? 41);
  const days = options.days ?? 365;
  const wordCount = options.words ?? 2300;
  const total = options.entries ?? 70_000;
  const { userId, rules } = options;
  const start = options.end - days * DAY_MS;

  // The words, in the order the learner meets them.
  const pool = [...options.vocabulary];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as VocabItem, pool[i] as VocabItem];
  }
  const chosen = pool.slice(0, wordCount);

  // The plan: most days studied, a session or two, each of a weight; the entries shared out.
  const plan: { at: number; weight: number }[] = [];
  let studyDays = 0;
  for (let day = 0; day < days; day++) {
    if (random() < 0.15) continue; // a day off
    studyDays++;
    const midnight = start + day * DAY_MS;
    plan.push({ at: midnight + (6.5 + random() * 3) * 3_600_000, weight: 0.5 + random() });
    if (random() < 0.4) {
      plan.push({ at: midnight + (17.5 + random() * 4) * 3_600_000, weight: 0.5 + random() });
    }
  }
  const weights = plan.reduce((sum, session) => sum + session.weight, 0);
  let assigned = 0;
  const sizes = plan.map((session, index) => {
    const size =
      index === plan.length - 1 ? total - assigned : Math.round((total * session.weight) / weights);
    assigned += size;
    return size;
  });

  const device: DeviceRecord = { key: 'device', id: 'year-phone', hlc: 0 };
  const words = new Map<string, UserWord>();
  const entries: HistoryEntry[] = [];
  const syncs: YearSync[] = [];
  const kinds: Record<string, number> = {};
  let introduced = 0;

  const record = (
    item: VocabItem,
    kind: 'answer' | 'skip',
    now: number,
    correct = false,
    mode?: AnswerMode,
  ) => {
    const entry = stampedEntry(device, userId, item.id, kind, now);
    if (kind === 'answer') {
      entry.correct = correct;
      if (mode) entry.mode = mode;
    }
    device.hlc = entry.hlc;
    const current = words.get(item.id) ?? {
      ...newUserWord(userId, item.id, entry.wall),
      deleted: false,
    };
    words.set(item.id, applyEntry(current, entry, rules));
    entries.push(entry);
    const key = kind === 'answer' ? `answer:${mode}` : kind;
    kinds[key] = (kinds[key] ?? 0) + 1;
    return entry;
  };

  for (const [index, session] of plan.entries()) {
    const size = sizes[index] ?? 0;
    const sessionsLeft = plan.length - index;
    const newToday = Math.ceil((chosen.length - introduced) / sessionsLeft);
    let now = session.at;
    const first = entries.length;
    // The words of the session: new ones, then the due ones, then others already met.
    const fresh = chosen.slice(introduced, introduced + newToday);
    introduced += fresh.length;
    const met = chosen.slice(0, introduced - fresh.length);
    const due = met
      .filter((item) => (words.get(item.id)?.nextReviewAt ?? Infinity) <= now)
      .sort((a, b) => (words.get(a.id)?.nextReviewAt ?? 0) - (words.get(b.id)?.nextReviewAt ?? 0));
    const dueSet = new Set(due);
    const others = met.filter((item) => !dueSet.has(item));
    const queue = [...fresh, ...due];
    let done = 0;
    while (done < size) {
      const round: VocabItem[] = [];
      while (round.length < ROUND_WORDS) {
        const next =
          queue.shift() ?? others[Math.floor(random() * Math.max(1, others.length))] ?? fresh[0];
        if (!next) break;
        round.push(next);
      }
      const production: VocabItem[] = [];
      for (const item of round) {
        if (done >= size) break;
        now += 3_000 + random() * 6_000;
        if (random() < SKIP_RATE) {
          record(item, 'skip', now);
        } else {
          const streak = words.get(item.id)?.streak ?? 0;
          record(item, 'answer', now, random() < (streak > 0 ? 0.88 : 0.7), 'choice');
          if (productionMode(item)) production.push(item);
        }
        done++;
      }
      for (const item of production) {
        if (done >= size) break;
        now += 6_000 + random() * 10_000;
        const streak = words.get(item.id)?.streak ?? 0;
        const mode = productionMode(item) as AnswerMode;
        record(item, 'answer', now, random() < (streak > 0 ? 0.8 : 0.6), mode);
        done++;
      }
    }
    // A sync every minute while the app is open: each takes what was recorded since the last.
    let batch: HistoryEntry[] = [];
    let tick = session.at + SYNC_INTERVAL_MS;
    for (const entry of entries.slice(first)) {
      while (entry.wall >= tick) {
        if (batch.length > 0) syncs.push({ at: tick, entries: batch });
        batch = [];
        tick += SYNC_INTERVAL_MS;
      }
      batch.push(entry);
    }
    if (batch.length > 0) syncs.push({ at: tick, entries: batch });
  }
  return { entries, syncs, words, studyDays, sessions: plan.length, kinds };
}
