/**
 * The snapshot is driven by its field table: every row is taken from a word, checked on the wire
 * and ordered, so a new synced field of the snapshot is one row. The key order is pinned: baseline
 * ids digest the snapshot, and a device of the previous version must compute the same id.
 */
import { describe, expect, it } from 'vitest';
import {
  baselineId,
  checkSnapshot,
  compareSnapshots,
  SNAPSHOT_FIELDS,
  snapshotOf,
  type WordSnapshot,
} from '@/domain/history-snapshot';
import type { UserWord } from '@/domain/types';

const word: UserWord = {
  userId: 'u',
  vocabId: 'dk001',
  status: 'learning',
  attempts: 4,
  correct: 3,
  streak: 2,
  strength: 0.5,
  updatedAt: 1_700_000_000_000,
  lastSeenAt: 1_699_999_000_000,
  nextReviewAt: 1_700_086_400_000,
  hidden: true,
  deleted: true,
};

describe('the snapshot field table', () => {
  it('takes every field from a word, in the key order baseline ids digest', () => {
    const snapshot = snapshotOf(word);
    expect(Object.keys(snapshot)).toEqual(SNAPSHOT_FIELDS.map((field) => field.name));
    expect(Object.keys(snapshot)).toEqual([
      'status',
      'attempts',
      'correct',
      'streak',
      'strength',
      'updatedAt',
      'lastSeenAt',
      'nextReviewAt',
      'hidden',
      'deleted',
    ]);
    // The same state gives the same id, whatever order the word's own keys are in.
    const shuffled = Object.fromEntries(Object.entries(word).reverse()) as unknown as UserWord;
    expect(baselineId('b', 'dk001', snapshotOf(shuffled))).toBe(baselineId('b', 'dk001', snapshot));
  });

  it('checks every field on the wire, refusing a wrong value with the field’s reason', () => {
    const snapshot = snapshotOf(word);
    expect(checkSnapshot(snapshot)).toEqual({ ok: true, snapshot });
    for (const field of SNAPSHOT_FIELDS) {
      const checked = checkSnapshot({ ...snapshot, [field.name]: 'not this' });
      expect(checked.ok, field.name).toBe(false);
      if (!checked.ok) {
        expect(checked.reason).toMatch(field.name === 'status' ? /^unknown status/ : field.name);
      }
    }
    expect(checkSnapshot({ ...snapshot, correct: 9 })).toEqual({
      ok: false,
      reason: 'correct exceeds attempts',
    });
    // Optional fields and flags that are off travel as nothing.
    const { lastSeenAt: _, nextReviewAt: __, hidden: ___, deleted: ____, ...bare } = snapshot;
    expect(checkSnapshot({ ...bare, hidden: false, deleted: 0, lastSeenAt: null })).toEqual({
      ok: true,
      snapshot: bare,
    });
  });

  it('orders two snapshots by each field, updatedAt deciding first', () => {
    const base = snapshotOf({ ...word, hidden: false, deleted: false, status: 'new' });
    const more: Record<string, unknown> = {
      status: 'learned',
      attempts: 5,
      correct: 4,
      streak: 3,
      strength: 0.9,
      updatedAt: word.updatedAt + 1,
      lastSeenAt: (word.lastSeenAt ?? 0) + 1,
      nextReviewAt: (word.nextReviewAt ?? 0) + 1,
      hidden: true,
      deleted: true,
    };
    for (const field of SNAPSHOT_FIELDS) {
      const changed = { ...base, [field.name]: more[field.name] } as WordSnapshot;
      expect(compareSnapshots(changed, base), field.name).toBe(1);
      expect(compareSnapshots(base, changed), field.name).toBe(-1);
    }
    // A later snapshot wins even with fewer attempts.
    const later = { ...base, updatedAt: base.updatedAt + 1, attempts: 0, correct: 0 };
    expect(compareSnapshots(later, base)).toBe(1);
  });
});
