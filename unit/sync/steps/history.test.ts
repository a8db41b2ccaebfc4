/**
 * The history steps on their own: the legacy read, the pull and the push each return what they
 * changed here as typed changes (the word states as stored) and store what they say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { takePushBatches } from '@/db/history-push';
import { countUnsent } from '@/db/history-queries';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser } from '@/db/users-repo';
import { DAY_MS } from '@/domain/constants';
import { pullHistory } from '@/sync/steps/history-pull';
import { pushHistory } from '@/sync/steps/history-push';
import { readLegacyWords } from '@/sync/steps/legacy-read';
import { openDeviceOf } from '../../db/helpers';
import { MemoryRemote } from '../support/memory-remote';
import { contextOf } from './support';

const USER = 'u-step';
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** `vocabIds` answered on another device and pushed to `remote`. */
async function answeredElsewhere(remote: MemoryRemote, vocabIds: string[], at = NOW) {
  const other = await device();
  for (const vocabId of vocabIds) {
    await recordChange(other, USER, vocabId, { kind: 'answer', correct: true }, at);
  }
  await remote.pushHistory(USER, await takePushBatches(other, USER, 500, at));
}

describe('the legacy-read step', () => {
  it('turns the old per-word documents into words once, returning their stored states', async () => {
    const remote = new MemoryRemote();
    remote.putLegacyWord(USER, {
      vocabId: 'old1',
      status: 'learned',
      attempts: 4,
      correct: 4,
      streak: 4,
      strength: 0.9,
      updatedAt: NOW - DAY_MS,
      nextReviewAt: NOW + 10 * DAY_MS,
    });
    const db = await device();
    const first = await readLegacyWords(contextOf(db, remote, USER, NOW));
    const stored = await getUserWord(db, USER, 'old1');
    expect(stored).toMatchObject({ status: 'learned', attempts: 4 });
    expect(first).toEqual({
      changes: [{ kind: 'words', userId: USER, words: [stored], removed: [] }],
      report: { refolded: 1, rejected: 0 },
    });
    expect((await getUser(db, USER))?.legacyCloudRead).toBe(true);
    remote.resetCounters();
    expect(await readLegacyWords(contextOf(db, remote, USER, NOW))).toEqual({
      changes: [],
      report: {},
    });
    expect(remote.counters.reads).toBe(0);
  });
});

describe('the history-pull step', () => {
  it('returns the pulled words as stored and moves the cursor; a second pull changes nothing', async () => {
    const remote = new MemoryRemote();
    await answeredElsewhere(remote, ['w1', 'w2']);
    const db = await device();
    const pulled = await pullHistory(contextOf(db, remote, USER, NOW + 1000));
    const stored = [await getUserWord(db, USER, 'w1'), await getUserWord(db, USER, 'w2')];
    expect(stored.map((word) => word?.attempts)).toEqual([1, 1]);
    expect(pulled.report).toEqual({ pulled: 2, refolded: 2, rejected: 0 });
    expect(pulled.failure).toBeUndefined();
    expect(pulled.changes).toHaveLength(1);
    const [change] = pulled.changes;
    expect(change?.kind === 'words' && change.userId).toBe(USER);
    expect(
      change?.kind === 'words'
        ? [...change.words].sort((a, b) => (a.vocabId < b.vocabId ? -1 : 1))
        : [],
    ).toEqual(stored);
    expect((await getUser(db, USER))?.syncCursorId).toBeDefined();
    expect(await pullHistory(contextOf(db, remote, USER, NOW + 2000))).toEqual({
      changes: [],
      report: { pulled: 0, refolded: 0, rejected: 0 },
    });
  });

  it('returns a failed pull as its failure instead of throwing, so the push still runs', async () => {
    const remote = new MemoryRemote();
    await answeredElsewhere(remote, ['w1']);
    const db = await device();
    remote.failNext('error', { on: 'pull' });
    const result = await pullHistory(contextOf(db, remote, USER, NOW + 1000));
    expect(result.failure).toBeInstanceOf(Error);
    expect(result.changes).toEqual([]);
    expect(await getUserWord(db, USER, 'w1')).toBeUndefined();
  });
});

describe('the history-push step', () => {
  it('sends the unsent entries in one commit and changes no word here', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await recordChange(db, USER, 'w1', { kind: 'answer', correct: true }, NOW);
    await recordChange(db, USER, 'w2', { kind: 'answer', correct: false }, NOW + 1);
    const before = await getUserWord(db, USER, 'w1');
    const result = await pushHistory(contextOf(db, remote, USER, NOW + 10));
    expect(result).toEqual({ changes: [], report: { pushed: 2, commits: 1 } });
    expect(
      remote
        .entries(USER)
        .map((entry) => entry.vocabId)
        .sort(),
    ).toEqual(['w1', 'w2']);
    expect(await countUnsent(db, USER)).toBe(0);
    expect(await getUserWord(db, USER, 'w1')).toEqual(before);
  });
});
