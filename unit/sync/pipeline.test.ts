/**
 * The sync as a pipeline: its named steps in order, each step's changes handed out as it ends
 * (and kept when a later step fails), and a receiving device's stores patched, not reloaded, with
 * them: an admin's word edit on one device reaches the other's vocabulary list as that one record,
 * every other record staying the same object, and pulled answers reach its words list alike.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The local auth provider reads localStorage when the auth store is created; node has none.
vi.hoisted(() => {
  const data = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    value: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, String(value)),
      removeItem: (key: string) => void data.delete(key),
    },
    configurable: true,
  });
});

/** The receiving device's database: the one the stores read. */
const shown = vi.hoisted(() => ({ db: null as MarineDB | null }));
vi.mock('@/db/instance', () => ({
  getDB: async () => shown.db,
  openDB: async () => shown.db,
}));

import { applyChange } from '@/app/cloud';
import type { Share } from '@/db/curriculum-repo';
import { recordChange } from '@/db/history-append';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import * as vocabRepo from '@/db/vocab-repo';
import type { VocabItem } from '@/domain/types';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import type { SyncChange } from '@/sync/changes';
import { SYNC_STEPS, syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const ADMIN = 'officer';
const NOW = Date.UTC(2026, 10, 23, 8);
const share: Share = { by: ADMIN, now: NOW };

const open: MarineDB[] = [];
async function device(userId = ADMIN): Promise<MarineDB> {
  const db = await openDeviceOf(userId);
  open.push(db);
  return db;
}
beforeEach(() => {
  useVocabStore.setState({ loaded: false, vocab: [], topics: [], roles: [], divisions: [] });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of open.splice(0)) db.close();
});

const word = (id: string, langB: string): VocabItem => ({
  id,
  langA: 'узел',
  langB,
  topic: 'Knots',
  division: 'deck',
  source: 'user',
  createdBy: ADMIN,
  ref: 'industry usage',
});

/** A sync of `db` whose changes go, as in the app, to the stores. */
function syncShowing(db: MarineDB, remote: MemoryRemote, userId: string, now: number) {
  return syncOnce({
    db,
    remote,
    userId,
    now,
    onChanges: (changes) => {
      for (const change of changes) applyChange(change);
    },
  });
}

describe('the sync pipeline', () => {
  it('runs its named steps in order', () => {
    expect(SYNC_STEPS.map((step) => step.name)).toEqual([
      'legacy-read',
      'history-pull',
      'history-push',
      'history-compact',
      'profile-push',
      'profile-read',
      'curriculum',
      'exam-proofs',
      'fleet',
    ]);
  });

  it('hands out each step’s changes as it ends, and keeps them when a later step fails', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    await recordChange(phone, ADMIN, 'w1', { kind: 'answer', correct: true }, NOW);
    await syncOnce({ db: phone, remote, userId: ADMIN, now: NOW });
    const tablet = await device();
    await recordChange(tablet, ADMIN, 'w2', { kind: 'answer', correct: true }, NOW + 1);
    remote.failNext('error', { on: 'commit' });
    const seen: SyncChange[][] = [];
    await expect(
      syncOnce({
        db: tablet,
        remote,
        userId: ADMIN,
        now: NOW + 10,
        onChanges: (changes) => seen.push([...changes]),
      }),
    ).rejects.toThrow('commit failed');
    // The pull stored the phone's answer before the push failed: the screens learned of it.
    expect(seen).toEqual([
      [
        {
          kind: 'words',
          userId: ADMIN,
          words: [await getUserWord(tablet, ADMIN, 'w1')],
          removed: [],
        },
      ],
    ]);
  });

  it('logs a failed exam or fleet step and resolves with the rest', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = async () => {
      throw new Error('no fleet today');
    };
    const fleet = { readMembership: failing, readOfficer: failing } as never;
    const report = await syncOnce({
      db,
      remote,
      userId: ADMIN,
      now: NOW,
      fleet,
      fleetRecheck: true,
    });
    expect(report.fleet).toBeUndefined();
    expect(report.changes).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'The fleet step of the sync failed; the next sync tries again',
      expect.any(Error),
    );
  });

  it("patches a receiving device's vocabulary with an admin's word edit, not reloading it", async () => {
    const remote = new MemoryRemote();
    remote.setAdmin(ADMIN, true);
    const office = await device();
    await vocabRepo.putVocab(office, word('k1', 'bowline'), share);
    await vocabRepo.putVocab(office, word('k2', 'clove hitch'), share);
    await syncOnce({ db: office, remote, userId: ADMIN, now: NOW });

    const ship = await device('deckhand');
    shown.db = ship;
    await syncShowing(ship, remote, 'deckhand', NOW + 1000);
    await useVocabStore.getState().load();
    const before = useVocabStore.getState();
    expect(before.vocab.find((item) => item.id === 'k1')?.langB).toBe('bowline');

    await vocabRepo.putVocab(office, word('k1', 'bowline knot'), share);
    await syncOnce({ db: office, remote, userId: ADMIN, now: NOW + 2000 });
    const listed = vi.spyOn(vocabRepo, 'listVocab');
    const report = await syncShowing(ship, remote, 'deckhand', NOW + 3000);
    expect(report.curriculumApplied).toBe(1);
    expect(listed).not.toHaveBeenCalled();

    const after = useVocabStore.getState();
    expect(after.vocab.find((item) => item.id === 'k1')).toEqual(
      await vocabRepo.getVocab(ship, 'k1'),
    );
    expect(after.vocab.map((item) => item.id)).toEqual(before.vocab.map((item) => item.id));
    // Every other record is the very object shown before; so are the untouched tables.
    for (const [index, item] of after.vocab.entries()) {
      if (item.id !== 'k1') expect(item).toBe(before.vocab[index]);
    }
    expect(after.topics).toBe(before.topics);
    expect(after.roles).toBe(before.roles);
    expect(after.divisions).toBe(before.divisions);
  });

  it("patches a receiving device's words list with the pulled answers", async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    const tablet = await device();
    shown.db = tablet;
    await recordChange(tablet, ADMIN, 'w1', { kind: 'answer', correct: true }, NOW);
    // The list as a load shows it (set directly: a load's upkeep in the background could read
    // the list again meanwhile, which would hide whether the sync patched or reloaded).
    const kept = await getUserWord(tablet, ADMIN, 'w1');
    expect(kept).toBeDefined();
    useWordsStore.setState({
      ownerId: ADMIN,
      loaded: true,
      words: new Map(kept ? [['w1', kept]] : []),
    });

    await recordChange(phone, ADMIN, 'w2', { kind: 'answer', correct: false }, NOW + 1);
    await syncOnce({ db: phone, remote, userId: ADMIN, now: NOW + 10 });
    await syncShowing(tablet, remote, ADMIN, NOW + 20);

    const { words } = useWordsStore.getState();
    expect(words.get('w2')).toEqual(await getUserWord(tablet, ADMIN, 'w2'));
    expect(words.get('w1')).toBe(kept);
  });
});
