import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/domain/history';
import type { User, UserWord } from '@/domain/types';
import { parseExportJson } from '@/domain/validation';
import { buildExport, exportFileName, exportJson } from '@/features/settings/export';

const user: User = {
  id: 'u1',
  email: 'bosun@ship.test',
  fullName: 'Иван Петров',
  isAdmin: false,
  createdAt: 1,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
};

const word = (vocabId: string): UserWord => ({
  userId: 'u1',
  vocabId,
  status: 'learned',
  attempts: 3,
  correct: 3,
  streak: 5,
  strength: 1,
  updatedAt: 100,
  nextReviewAt: 200,
});

describe('exportFileName', () => {
  it('is dated by the local calendar with zero-padded month and day', () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59).getTime())).toBe(
      'marine-english-export-2025-01-05.json',
    );
    expect(exportFileName(new Date(2024, 11, 31, 0, 1).getTime())).toBe(
      'marine-english-export-2024-12-31.json',
    );
  });
});

const entry = (id: string, hlc: number): HistoryEntry => ({
  id,
  userId: 'u1',
  vocabId: 'os001',
  kind: 'answer',
  correct: true,
  hlc,
  wall: Math.floor(hlc / 1000),
  device: 'phone',
});

describe('buildExport', () => {
  it('holds the user, every word ordered by vocabulary id, and the history in history order', () => {
    const data = buildExport(
      user,
      [word('os002'), word('os001')],
      [entry('b', 2000), entry('a', 1000)],
    );
    expect(data.user).toEqual(user);
    expect(data.userWords.map((w) => (w as UserWord).vocabId)).toEqual(['os001', 'os002']);
    expect(data.history).toEqual([entry('a', 1000), entry('b', 2000)]);
  });

  it('round-trips through the import parser', () => {
    const text = exportJson(buildExport(user, [word('os001')], [entry('a', 1000)]));
    const parsed = parseExportJson(text);
    expect(parsed).toEqual({
      ok: true,
      value: { user, userWords: [word('os001')], history: [entry('a', 1000)] },
    });
  });

  it('leaves out the state a ticked word remembers (the history in the file rebuilds it)', () => {
    const ticked: UserWord = {
      ...word('os001'),
      beforeMarked: { status: 'new', attempts: 0, correct: 0, streak: 0, strength: 0 },
    };
    const data = buildExport(user, [ticked], []);
    expect(data.userWords).toEqual([word('os001')]);
  });

  it('never carries password fields, even when the record has them', () => {
    const stored = { ...user, passwordHash: 'abc', passwordSalt: 'def' } as User;
    const text = exportJson(buildExport(stored, [], []));
    expect(text).not.toMatch(/password/i);
    expect(JSON.parse(text).user).toEqual(user);
  });
});
