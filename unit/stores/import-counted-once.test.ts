/**
 * Importing the app's own export counts every answer once: again on the same device, on another
 * device before or after a sync, whole or in part. Receive times in a file are dropped, dates
 * past the clock bound refused, and what arrived by import is marked so on this device only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordChange } from '@/db/history-append';
import { importBaselines, isImportedEntry } from '@/db/history-import';
import { maintainHistory } from '@/db/history-maintenance';
import { IMPORT_FUTURE_REASON } from '@/db/history-merge';
import { takePushBatches } from '@/db/history-push';
import { countUnsent, listDeadLetters, listHistory } from '@/db/history-queries';
import { rulesOf } from '@/db/history-refold';
import { getDB } from '@/db/instance';
import { toStoredUserWord } from '@/db/records';
import type { MarineDB } from '@/db/schema';
import { getUserWord, listUserWords } from '@/db/user-words-repo';
import { getUser } from '@/db/users-repo';
import { DAY_MS } from '@/domain/constants';
import { FOLD_VERSION, type HistoryEntry } from '@/domain/history';
import { foldWord } from '@/domain/history-fold';
import type { User, UserWord } from '@/domain/types';
import { type ExportData, parseExportJson } from '@/domain/validation';
import { buildExport, exportJson } from '@/features/settings/export';
import { useAuthStore } from '@/stores/auth-store';
import { useWordsStore } from '@/stores/words-store';
import { syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from '../sync/support/memory-remote';

// The auth store (imported by the words store) builds its provider over localStorage.
vi.hoisted(() => {
  const data = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, String(value)),
      removeItem: (key: string) => void data.delete(key),
    },
  });
});

const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);
let counter = 0;
const uniqueUser = () => `crew-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const open: MarineDB[] = [];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useAuthStore.setState({ user: null, status: 'ready' });
  await useWordsStore.getState().load(null);
});

afterEach(() => {
  vi.useRealTimers();
  for (const db of open.splice(0)) db.close();
});

function userOf(id: string): User {
  return {
    id,
    email: `${id}@ship.test`,
    fullName: 'Crew',
    isAdmin: false,
    createdAt: 1,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  };
}

/** The file the settings screen downloads from `db`, read back as its import reads it. */
async function exportOf(db: MarineDB, userId: string): Promise<ExportData> {
  const words = await listUserWords(db, userId, { includeDeleted: true });
  const text = exportJson(buildExport(userOf(userId), words, await listHistory(db, userId)));
  const parsed = parseExportJson(text);
  if (!parsed.ok) throw new Error('the export does not parse');
  return parsed.value;
}

/** Another device of the same learner (a database of its own). */
async function otherDevice(userId: string): Promise<MarineDB> {
  const db = await openDeviceOf(userId);
  open.push(db);
  return db;
}

const attempts = async (db: MarineDB, userId: string, vocabId: string) =>
  (await getUserWord(db, userId, vocabId))?.attempts;

describe('importing what the history already holds', () => {
  it('the same device re-imports its own export: 3 answers stay 3', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    for (const correct of [true, false, true]) {
      await useWordsStore.getState().recordAnswer('deck-1', correct);
    }
    const db = await getDB();
    const before = await getUserWord(db, userId, 'deck-1');
    const file = await exportOf(db, userId);

    const unsent = await countUnsent(db, userId);

    const report = await useWordsStore.getState().importProgress(file);
    expect(await getUserWord(db, userId, 'deck-1')).toEqual(before);
    expect(useWordsStore.getState().words.get('deck-1')).toMatchObject({ attempts: 3, correct: 2 });
    expect(report).toEqual({ added: 0, rejected: 0, future: 0 });
    // Nothing new to send either.
    expect(await countUnsent(db, userId)).toBe(unsent);
  });

  it('another device imports the export, answers once more and syncs: 4 answers are 4 everywhere', async () => {
    const userId = uniqueUser();
    const cloud = new MemoryRemote({ clock: () => Date.now() * 1000 });
    const phone = await otherDevice(userId);
    for (let i = 0; i < 3; i++) {
      await recordChange(
        phone,
        userId,
        'deck-1',
        { kind: 'answer', correct: true },
        NOW - 3000 + i,
      );
    }
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW });
    const file = await exportOf(phone, userId);

    // The new tablet takes the file first and syncs after.
    await useWordsStore.getState().load(userId);
    await useWordsStore.getState().importProgress(file);
    await useWordsStore.getState().recordAnswer('deck-1', false);
    const tablet = await getDB();
    expect(await attempts(tablet, userId, 'deck-1')).toBe(4);
    await syncOnce({ db: tablet, remote: cloud, userId, now: NOW + 1000 });
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW + 2000 });

    for (const db of [tablet, phone]) {
      expect(await getUserWord(db, userId, 'deck-1')).toMatchObject({ attempts: 4, correct: 3 });
      // No baseline was made of the file's word records: the history is the answers alone.
      expect((await listHistory(db, userId)).map((entry) => entry.kind)).toEqual([
        'answer',
        'answer',
        'answer',
        'answer',
      ]);
    }
    // A third device that only syncs folds as the phone does (the same rules).
    const office = await otherDevice(userId);
    await syncOnce({ db: office, remote: cloud, userId, now: NOW + 3000 });
    expect(await getUserWord(office, userId, 'deck-1')).toEqual(
      await getUserWord(phone, userId, 'deck-1'),
    );
  });

  it('a partial file (an older export, part of its history) changes no count', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const store = useWordsStore.getState();
    await store.recordAnswer('deck-1', true);
    await store.recordAnswer('deck-1', true);
    await store.recordAnswer('deck-2', false);
    const db = await getDB();
    const older = await exportOf(db, userId);
    await store.recordAnswer('deck-1', false);
    const before = await listUserWords(db, userId);

    const deck1Only = (older.history ?? []).filter(
      (entry) => (entry as HistoryEntry).vocabId === 'deck-1',
    );
    expect(deck1Only).toHaveLength(2);
    await store.importProgress({ ...older, history: deck1Only });
    await store.importProgress(older);
    expect(await listUserWords(db, userId)).toEqual(before);
    expect(await attempts(db, userId, 'deck-1')).toBe(3);
    expect(await attempts(db, userId, 'deck-2')).toBe(1);
  });

  it('an export imported before the sync brings the same answers counts them once', async () => {
    const userId = uniqueUser();
    const cloud = new MemoryRemote({ clock: () => Date.now() * 1000 });
    const phone = await otherDevice(userId);
    await recordChange(phone, userId, 'deck-1', { kind: 'answer', correct: true }, NOW - 10);
    await recordChange(phone, userId, 'deck-1', { kind: 'learn' }, NOW - 5);
    const file = await exportOf(phone, userId);
    const before = await getUserWord(phone, userId, 'deck-1');
    await useWordsStore.getState().load(userId);
    await useWordsStore.getState().importProgress(file);
    // The phone syncs only now; the tablet then pulls what it already imported.
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW });
    const tablet = await getDB();
    await syncOnce({ db: tablet, remote: cloud, userId, now: NOW + 1000 });
    for (const db of [phone, tablet]) {
      expect(await getUserWord(db, userId, 'deck-1')).toMatchObject({
        attempts: before?.attempts,
        correct: before?.correct,
        status: 'learned',
      });
    }
  });

  it('a file of a version before the history still brings its word states, once', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const file = {
      user: {},
      userWords: [
        {
          userId: 'old-account',
          vocabId: 'deck-5',
          status: 'learning',
          attempts: 4,
          correct: 3,
          streak: 2,
          strength: 0.4,
          updatedAt: NOW - DAY_MS,
          deleted: false,
        },
      ],
    };
    expect(await useWordsStore.getState().importProgress(file)).toMatchObject({ added: 1 });
    expect(await useWordsStore.getState().importProgress(file)).toMatchObject({ added: 0 });
    expect(await getUserWord(await getDB(), userId, 'deck-5')).toMatchObject({
      attempts: 4,
      correct: 3,
    });
  });
});

/** An answer as a file from elsewhere holds it. */
const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'file-1',
  userId: 'someone',
  vocabId: 'deck-7',
  kind: 'answer',
  correct: true,
  hlc: NOW * 1000,
  wall: NOW,
  device: 'elsewhere',
  ...overrides,
});

describe('what an import may not bring', () => {
  it('drops the receive time a file carries: only this device’s own pull dates a receipt', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const wall = NOW - 1000;
    const file = {
      user: {},
      userWords: [],
      history: [entry({ wall, hlc: wall * 1000, receivedAt: NOW - 300 * DAY_MS })],
    };
    await useWordsStore.getState().importProgress(file);
    const [stored] = await listHistory(await getDB(), userId);
    expect(stored).not.toHaveProperty('receivedAt');
    // The answer is dated when it was given, not 300 days back.
    expect(await getUserWord(await getDB(), userId, 'deck-7')).toMatchObject({ lastSeenAt: wall });
  });

  it('refuses an entry dated past the clock bound (a wall in 2199) and says why', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const wall = Date.UTC(2199, 0, 1);
    const file = {
      user: {},
      userWords: [],
      history: [entry({ id: 'from-2199', wall, hlc: wall * 1000 }), entry({ id: 'today' })],
    };
    const report = await useWordsStore.getState().importProgress(file);
    const db = await getDB();
    expect((await listHistory(db, userId)).map((e) => e.id)).toEqual(['today']);
    expect(report).toEqual({ added: 1, rejected: 1, future: 1 });
    expect((await listDeadLetters(db, userId)).map((letter) => letter.reason)).toEqual([
      IMPORT_FUTURE_REASON,
    ]);
    expect(IMPORT_FUTURE_REASON).toBe('dated more than 400 days ahead of this device');
  });
});

describe('what an earlier version’s import left', () => {
  it('its baselines of a file’s records, synced, are not counted again by this version', async () => {
    const userId = uniqueUser();
    const cloud = new MemoryRemote({ clock: () => Date.now() * 1000 });
    const phone = await otherDevice(userId);
    for (let i = 0; i < 3; i++) {
      await recordChange(phone, userId, 'deck-1', { kind: 'answer', correct: i > 0 }, NOW - 90 + i);
    }
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW - 50 });
    const file = await exportOf(phone, userId);
    // The earlier import: every record a baseline, and the history merged as well.
    const tablet = await otherDevice(userId);
    await importBaselines(tablet, userId, file.userWords as UserWord[], {
      prefix: 'import',
      sent: false,
      source: 'import',
      now: NOW,
      history: file.history,
    });
    await syncOnce({ db: tablet, remote: cloud, userId, now: NOW });
    expect(cloud.entries(userId).map((entry) => entry.kind)).toContain('baseline');
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW + 10 });
    const office = await otherDevice(userId);
    await syncOnce({ db: office, remote: cloud, userId, now: NOW + 20 });
    for (const db of [phone, tablet, office]) {
      expect(await getUserWord(db, userId, 'deck-1')).toMatchObject({ attempts: 3, correct: 2 });
    }
  });

  it('a device that stored the doubled fold refolds it once at its next start', async () => {
    const userId = uniqueUser();
    const tablet = await otherDevice(userId);
    for (let i = 0; i < 3; i++) {
      await recordChange(tablet, userId, 'deck-1', { kind: 'answer', correct: true }, NOW - 90 + i);
    }
    const file = await exportOf(tablet, userId);
    const words = file.userWords as UserWord[];
    await importBaselines(tablet, userId, words, {
      prefix: 'import',
      sent: false,
      source: 'import',
      now: NOW,
      history: file.history,
    });
    // What the earlier version stored: the baseline's state with the 3 answers applied again.
    const doubled = { ...words[0]!, attempts: 6, correct: 6 };
    await tablet.put('userWords', toStoredUserWord(doubled));
    await tablet.put('device', {
      ...(await tablet.get('device', 'device'))!,
      fold: FOLD_VERSION - 1,
    });
    const report = await maintainHistory(tablet, NOW + 1000);
    expect(report.refolded).toBe(1);
    expect(await getUserWord(tablet, userId, 'deck-1')).toMatchObject({ attempts: 3, correct: 3 });
  });
});

describe('the stored state is the fold', () => {
  it('when an answer is dated the very millisecond of a baseline that its history may reproduce', async () => {
    const userId = uniqueUser();
    const tablet = await otherDevice(userId);
    const record: UserWord = {
      userId,
      vocabId: 'deck-1',
      status: 'learning',
      attempts: 1,
      correct: 1,
      streak: 1,
      strength: 0.2,
      updatedAt: NOW,
      lastSeenAt: NOW,
      deleted: false,
    };
    await importBaselines(tablet, userId, [record], {
      prefix: 'import',
      sent: false,
      source: 'import',
      now: NOW,
    });
    const state = await recordChange(
      tablet,
      userId,
      'deck-1',
      { kind: 'answer', correct: true },
      NOW,
    );
    const history = await listHistory(tablet, userId);
    const rules = rulesOf(await getUser(tablet, userId));
    expect(state).toEqual(foldWord(userId, 'deck-1', history, rules));
    expect(await getUserWord(tablet, userId, 'deck-1')).toEqual(state);
  });
});

describe('isImportedEntry', () => {
  it('marks what first arrived by import, on this device only: never sent nor exported', async () => {
    const userId = uniqueUser();
    const cloud = new MemoryRemote({ clock: () => Date.now() * 1000 });
    const phone = await otherDevice(userId);
    await recordChange(phone, userId, 'deck-1', { kind: 'answer', correct: true }, NOW - 10);
    await syncOnce({ db: phone, remote: cloud, userId, now: NOW - 5 });
    const synced = (await listHistory(phone, userId))[0]?.id ?? '';

    await useWordsStore.getState().load(userId);
    const tablet = await getDB();
    await syncOnce({ db: tablet, remote: cloud, userId, now: NOW });
    await useWordsStore.getState().recordAnswer('deck-2', true);
    const own = (await listHistory(tablet, userId)).find((e) => e.vocabId === 'deck-2')?.id ?? '';
    const file = {
      user: {},
      userWords: [],
      history: [...(await exportOf(phone, userId)).history!, entry({ id: 'from-file' })],
    };
    await useWordsStore.getState().importProgress({ ...file, history: [...file.history] });

    expect(await isImportedEntry(tablet, 'from-file')).toBe(true);
    expect(await isImportedEntry(tablet, synced)).toBe(false);
    expect(await isImportedEntry(tablet, own)).toBe(false);
    expect(await isImportedEntry(tablet, 'nowhere')).toBe(false);
    // The mark stays on this device: neither the push nor the export carries it.
    const pushed = (await takePushBatches(tablet, userId, 500, NOW)).flatMap((b) => b.entries);
    expect(pushed.map((e) => e.id).sort()).toEqual(['from-file', own].sort());
    for (const sent of pushed) expect(sent).not.toHaveProperty('origin');
    const again = await exportOf(tablet, userId);
    for (const kept of again.history ?? []) expect(kept).not.toHaveProperty('origin');
    // A later pull of the same entry keeps the mark.
    await syncOnce({ db: tablet, remote: cloud, userId, now: NOW + 1000 });
    expect(await isImportedEntry(tablet, 'from-file')).toBe(true);
  });
});
