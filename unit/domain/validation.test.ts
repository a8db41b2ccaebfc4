import { describe, expect, it } from 'vitest';
import {
  clampDailyGoal,
  clampSessionSize,
  findByName,
  importedUser,
  isDuplicateWord,
  isSettingsDailyGoal,
  PROFILE_DAILY_GOAL,
  parseExportJson,
  REGISTRATION_DAILY_GOAL,
  stepSessionSize,
  validateDivisionName,
  validateLogin,
  validateRegistration,
  validateRoleName,
  validateTopicName,
  validateWordPair,
} from '@/domain/validation';

describe('session size', () => {
  it.each([
    [10, 10],
    [5, 5],
    [20, 20],
    [0, 5],
    [-10, 5],
    [25, 20],
    [100, 20],
    [12, 10],
    [13, 15],
    [Number.NaN, 10],
    [Number.POSITIVE_INFINITY, 10],
  ])('clampSessionSize(%d) = %d', (input, expected) => {
    expect(clampSessionSize(input)).toBe(expected);
  });

  it('the stepper moves by 5 and stops at 5 and 20', () => {
    expect(stepSessionSize(10, 1)).toBe(15);
    expect(stepSessionSize(20, 1)).toBe(20);
    expect(stepSessionSize(5, -1)).toBe(5);
    expect(stepSessionSize(10, -1)).toBe(5);
  });
});

describe('daily goal', () => {
  it('registration: 5..100, default 10', () => {
    expect(REGISTRATION_DAILY_GOAL).toEqual({ min: 5, max: 100, default: 10 });
    expect(clampDailyGoal(4, REGISTRATION_DAILY_GOAL)).toBe(5);
    expect(clampDailyGoal(101, REGISTRATION_DAILY_GOAL)).toBe(100);
    expect(clampDailyGoal(100, REGISTRATION_DAILY_GOAL)).toBe(100);
    expect(clampDailyGoal(Number.NaN, REGISTRATION_DAILY_GOAL)).toBe(10);
  });

  it('profile: 5..200, default 10, whole numbers', () => {
    expect(PROFILE_DAILY_GOAL).toEqual({ min: 5, max: 200, default: 10 });
    expect(clampDailyGoal(200, PROFILE_DAILY_GOAL)).toBe(200);
    expect(clampDailyGoal(201, PROFILE_DAILY_GOAL)).toBe(200);
    expect(clampDailyGoal(12.6, PROFILE_DAILY_GOAL)).toBe(13);
  });

  it('settings offers 5, 10, 15 and 20 only', () => {
    expect([5, 10, 15, 20].every(isSettingsDailyGoal)).toBe(true);
    expect([0, 4, 25, 12].some(isSettingsDailyGoal)).toBe(false);
  });
});

describe('names', () => {
  it('are trimmed and must not be empty, with the specification messages', () => {
    expect(validateDivisionName('  deck ')).toEqual({ ok: true, value: 'deck' });
    expect(validateDivisionName('   ')).toMatchObject({
      ok: false,
      message: 'Division name cannot be empty',
    });
    expect(validateTopicName('')).toMatchObject({
      ok: false,
      message: 'Topic name cannot be empty',
    });
    expect(validateRoleName(' \t')).toMatchObject({
      ok: false,
      message: 'Role name cannot be empty',
    });
    expect(validateRoleName(' Fitter ')).toEqual({ ok: true, value: 'Fitter' });
  });

  it('hold at most 100 characters, and word sides 500: what the cloud takes', () => {
    expect(validateTopicName(` ${'я'.repeat(100)} `)).toEqual({ ok: true, value: 'я'.repeat(100) });
    for (const check of [validateDivisionName, validateTopicName, validateRoleName]) {
      expect(check('я'.repeat(101))).toMatchObject({ ok: false, code: 'name-too-long' });
    }
    expect(validateWordPair({ langA: 'а'.repeat(500), langB: 'b' })).toMatchObject({ ok: true });
    expect(validateWordPair({ langA: 'а', langB: 'b'.repeat(501) })).toMatchObject({
      ok: false,
      code: 'word-too-long',
    });
  });

  it('a duplicate name is found ignoring case and surrounding spaces', () => {
    const divisions = [
      { id: 'deck', name: 'deck' },
      { id: 'engine', name: 'Engine' },
    ];
    expect(findByName(divisions, ' ENGINE ')).toBe(divisions[1]);
    expect(findByName(divisions, 'galley')).toBeUndefined();
  });
});

describe('accounts', () => {
  it("registration: 'Введите e‑mail и пароль' when either is empty, email trimmed", () => {
    const msg = 'Введите e\u2011mail и пароль';
    expect(validateRegistration({ email: ' ', password: 'x', repeatPassword: 'x' })).toMatchObject({
      message: msg,
    });
    expect(
      validateRegistration({ email: 'a@b.c', password: '', repeatPassword: '' }),
    ).toMatchObject({ message: msg });
    expect(
      validateRegistration({ email: ' a@b.c ', password: 'secret', repeatPassword: 'secret' }),
    ).toEqual({
      ok: true,
      value: { email: 'a@b.c', password: 'secret' },
    });
  });

  it("registration: 'Пароли не совпадают' when the repeat differs", () => {
    expect(
      validateRegistration({ email: 'a@b.c', password: 'secret', repeatPassword: 'secreT' }),
    ).toMatchObject({
      ok: false,
      code: 'passwords-differ',
      message: 'Пароли не совпадают',
    });
  });

  it('login requires both fields', () => {
    expect(validateLogin({ email: 'a@b.c', password: '' }).ok).toBe(false);
    expect(validateLogin({ email: ' a@b.c', password: 'p' })).toEqual({
      ok: true,
      value: { email: 'a@b.c', password: 'p' },
    });
  });
});

describe('words', () => {
  it('both sides are required and trimmed', () => {
    expect(validateWordPair({ langA: ' кнехт ', langB: ' bollard' })).toEqual({
      ok: true,
      value: { langA: 'кнехт', langB: 'bollard' },
    });
    expect(validateWordPair({ langA: 'кнехт', langB: '  ' }).ok).toBe(false);
  });

  it('a duplicate is the same topic and sides, ignoring case', () => {
    const a = { topic: 'Mooring', langA: 'Кнехт', langB: 'Bollard' };
    expect(isDuplicateWord(a, { topic: 'mooring', langA: 'кнехт ', langB: 'BOLLARD' })).toBe(true);
    expect(isDuplicateWord(a, { topic: 'Deck Work', langA: 'кнехт', langB: 'bollard' })).toBe(
      false,
    );
  });
});

describe('parseExportJson', () => {
  const word = {
    userId: 'u',
    vocabId: 'v',
    status: 'learning',
    attempts: 2,
    correct: 1,
    streak: 1,
    strength: 0.2,
    updatedAt: 5,
  };

  it('accepts {user, userWords}', () => {
    const text = JSON.stringify({ user: { id: 'u' }, userWords: [word] });
    expect(parseExportJson(text)).toEqual({
      ok: true,
      value: { user: { id: 'u' }, userWords: [word] },
    });
  });

  it.each([
    ['not json', '{oops'],
    ['an array', '[]'],
    ['no user', JSON.stringify({ userWords: [] })],
    ['no words list', JSON.stringify({ user: {} })],
    ['a history that is not a list', JSON.stringify({ user: {}, userWords: [], history: {} })],
  ])("rejects %s with 'Invalid JSON'", (_, text) => {
    expect(parseExportJson(text)).toMatchObject({ ok: false, message: 'Invalid JSON' });
  });

  it('leaves the check of each record to the merge (a broken one is set aside, the rest imports)', () => {
    const broken = { ...word, strength: 2 };
    const text = JSON.stringify({ user: {}, userWords: [word, broken], history: [{ id: 1 }] });
    expect(parseExportJson(text)).toEqual({
      ok: true,
      value: { user: {}, userWords: [word, broken], history: [{ id: 1 }] },
    });
  });
});

describe('importedUser', () => {
  it('takes the name and settings of an export, never the id, e-mail, password or admin flag', () => {
    expect(
      importedUser({
        id: 'someone-else',
        email: 'boss@ship.test',
        isAdmin: true,
        passwordHash: 'x',
        fullName: '  Пётр Иванов ',
        settings: {
          dailyGoal: 37,
          division: 'engine',
          role: 'motorman',
          uiLang: 'en',
          theme: 'dark',
        },
      }),
    ).toEqual({
      fullName: 'Пётр Иванов',
      settings: {
        dailyGoal: 37,
        division: 'engine',
        role: 'motorman',
        uiLang: 'en',
        theme: 'dark',
      },
    });
    expect(importedUser({})).toEqual({ settings: {} });
  });

  it('refuses the whole user part when a field is not valid', () => {
    for (const user of [
      { settings: { dailyGoal: 500 } },
      { settings: { dailyGoal: 7.5 } },
      { settings: { uiLang: 'qaa' } },
      { settings: { theme: 'pink' } },
      { settings: { division: '' } },
      { fullName: 'x'.repeat(201) },
      { fullName: 42 },
      { settings: { homeZone: 'Mars/Olympus_Mons' } },
      { settings: { homeZone: 'Europe/Riga; drop' } },
      { settings: { homeZone: 3 } },
      { settings: { schedule: 'sm2' } },
      { settings: { retention: 0.99 } },
      { settings: { retention: '0.9' } },
    ]) {
      expect(importedUser(user), JSON.stringify(user)).toBeNull();
    }
  });

  it('takes the schedule settings: a known time zone, the schedule and the retention', () => {
    expect(
      importedUser({
        settings: { homeZone: 'Asia/Vladivostok', schedule: 'fsrs', retention: 0.85 },
      }),
    ).toEqual({
      settings: { homeZone: 'Asia/Vladivostok', schedule: 'fsrs', retention: 0.85 },
    });
    expect(importedUser({ settings: { schedule: 'standard', retention: 0.8 } })).toEqual({
      settings: { schedule: 'standard', retention: 0.8 },
    });
  });
});
