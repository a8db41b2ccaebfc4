/** The pure record conversions used by the migrations. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertQueueEntryV4,
  convertUserWordFlagsV5,
  convertUserWordTimestampsV4,
  convertVocabV2,
  toEpochMs,
} from '@/db/legacy-convert';

describe('toEpochMs', () => {
  it('round-trips any ISO-8601 timestamp', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(toEpochMs(date.toISOString())).toBe(date.getTime());
      }),
    );
  });

  it('keeps finite numbers and rejects everything else', () => {
    expect(toEpochMs(42)).toBe(42);
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      '  ',
      'nope',
      null,
      undefined,
      {},
      true,
    ]) {
      expect(toEpochMs(bad)).toBeUndefined();
    }
  });
});

describe('record conversions', () => {
  it('v2 vocab: fallbacks and normalised roles, leaving other fields alone', () => {
    expect(convertVocabV2({ id: 'a', langA: 'x', roles: ['ALL', ' Bosun '], tags: ['t'] })).toEqual(
      {
        id: 'a',
        langA: 'x',
        topic: 'General',
        division: 'deck',
        roles: ['bosun'],
        tags: ['t'],
      },
    );
    expect(convertVocabV2({ id: 'b', topic: 'T', division: 'engine', roles: 'CE, 2E' })).toEqual({
      id: 'b',
      topic: 'T',
      division: 'engine',
      roles: ['ce', '2e'],
    });
    expect(convertVocabV2({ id: 'c', roles: 7 })).not.toHaveProperty('roles');
  });

  it('v4 user word: timestamps to ms, invalid removed, invalid updatedAt -> 0', () => {
    expect(
      convertUserWordTimestampsV4({
        vocabId: 'w',
        lastSeenAt: '2024-01-01T00:00:00.000Z',
        nextReviewAt: 'soon',
        updatedAt: 'never',
        deleted: true,
      }),
    ).toEqual({ vocabId: 'w', lastSeenAt: Date.UTC(2024, 0, 1), updatedAt: 0, deleted: true });
  });

  it('v4 queue entry: createdAt and payload timestamps', () => {
    expect(
      convertQueueEntryV4({
        id: 'q',
        createdAt: '1970-01-01T00:00:01.000Z',
        payload: { updatedAt: '1970-01-01T00:00:02.000Z', deleted: false },
      }),
    ).toEqual({ id: 'q', createdAt: 1000, payload: { updatedAt: 2000, deleted: false } });
    expect(convertQueueEntryV4({ id: 'q', createdAt: undefined })).toEqual({
      id: 'q',
      createdAt: 0,
    });
  });

  it('v5 user word flags: booleans to 0/1, missing deleted -> 0, missing hidden stays missing', () => {
    expect(convertUserWordFlagsV5({ deleted: true, hidden: false })).toEqual({
      deleted: 1,
      hidden: 0,
    });
    expect(convertUserWordFlagsV5({ hidden: true })).toEqual({ deleted: 0, hidden: 1 });
    expect(convertUserWordFlagsV5({})).toEqual({ deleted: 0 });
    expect(convertUserWordFlagsV5({ deleted: 1, hidden: 1 })).toEqual({ deleted: 1, hidden: 1 });
  });
});
