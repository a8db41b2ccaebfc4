/**
 * The curriculum step on its own: an admin's outbox goes first, then the pull applies everyone's
 * changes and returns them as catalogue changes, the records as stored; a push refused for want of
 * rights holds the outbox and the pull still runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countHeldOutbox, countOutbox, type Share } from '@/db/curriculum-repo';
import type { MarineDB } from '@/db/schema';
import { deleteVocab, getVocab, putVocab } from '@/db/vocab-repo';
import { catalogChanges } from '@/domain/catalog-edits';
import type { VocabItem } from '@/domain/types';
import { syncCurriculum } from '@/sync/steps/curriculum';
import { openDeviceOf } from '../../db/helpers';
import { MemoryRemote } from '../support/memory-remote';
import { contextOf } from './support';

const ADMIN = 'officer';
const CREW = 'deckhand';
const NOW = Date.UTC(2026, 10, 23, 8);
const share: Share = { by: ADMIN, now: NOW };

const open: MarineDB[] = [];
async function device(userId: string): Promise<MarineDB> {
  const db = await openDeviceOf(userId);
  open.push(db);
  return db;
}
afterEach(() => {
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

describe('the curriculum step', () => {
  it("returns another device's word edits and deletions as catalogue changes, as stored", async () => {
    const remote = new MemoryRemote();
    remote.setAdmin(ADMIN, true);
    const office = await device(ADMIN);
    await putVocab(office, word('k1', 'bowline'), share);
    await putVocab(office, word('k2', 'clove hitch'), share);
    const sent = await syncCurriculum(contextOf(office, remote, ADMIN, NOW));
    expect(sent.report).toMatchObject({ curriculumPushed: 2, rejected: 0 });
    expect(await countOutbox(office, ADMIN)).toBe(0);

    const ship = await device(CREW);
    const first = await syncCurriculum(contextOf(ship, remote, CREW, NOW));
    expect(first.report).toMatchObject({ curriculumApplied: 2, curriculumAdded: 2 });
    expect(first.changes).toEqual([
      {
        kind: 'catalogue',
        changes: catalogChanges({
          vocab: { put: [await getVocab(ship, 'k1'), await getVocab(ship, 'k2')] as VocabItem[] },
        }),
      },
    ]);

    await putVocab(office, word('k1', 'bowline knot'), share);
    await deleteVocab(office, 'k2', share);
    await syncCurriculum(contextOf(office, remote, ADMIN, NOW + 1000));
    const second = await syncCurriculum(contextOf(ship, remote, CREW, NOW + 2000));
    const edited = await getVocab(ship, 'k1');
    expect(edited?.langB).toBe('bowline knot');
    expect(await getVocab(ship, 'k2')).toBeUndefined();
    expect(second.changes).toEqual([
      {
        kind: 'catalogue',
        changes: catalogChanges({ vocab: { put: [edited as VocabItem], deleted: ['k2'] } }),
      },
    ]);
    // Nothing new: one read, no change.
    const idle = await syncCurriculum(contextOf(ship, remote, CREW, NOW + 3000));
    expect(idle.changes).toEqual([]);
    expect(idle.report).toMatchObject({ curriculumApplied: 0 });
  });

  it('holds the outbox when the cloud refuses the rights, and still pulls', async () => {
    const remote = new MemoryRemote();
    remote.setAdmin(ADMIN, true);
    const office = await device(ADMIN);
    await putVocab(office, word('k1', 'bowline'), share);
    await syncCurriculum(contextOf(office, remote, ADMIN, NOW));
    const revoked = await device('former-admin');
    await putVocab(revoked, word('k9', 'sheet bend'), { by: 'former-admin', now: NOW });
    const result = await syncCurriculum(contextOf(revoked, remote, 'former-admin', NOW));
    expect(result.failure).toBeUndefined();
    expect(result.report).toMatchObject({ curriculumHeld: 1, curriculumPushed: 0 });
    expect(await countHeldOutbox(revoked, 'former-admin')).toBe(1);
    expect(result.changes).toEqual([
      {
        kind: 'catalogue',
        changes: catalogChanges({ vocab: { put: [(await getVocab(revoked, 'k1')) as VocabItem] } }),
      },
    ]);
  });

  it('returns another failed push as its failure, after the pull', async () => {
    const remote = new MemoryRemote();
    remote.setAdmin(ADMIN, true);
    const office = await device(ADMIN);
    await putVocab(office, word('k1', 'bowline'), share);
    remote.failNext('error', { on: 'curriculum' });
    const result = await syncCurriculum(contextOf(office, remote, ADMIN, NOW));
    expect(result.failure).toBeInstanceOf(Error);
    expect(await countOutbox(office, ADMIN)).toBe(1);
    expect(remote.counters.reads).toBeGreaterThan(0);
  });
});
