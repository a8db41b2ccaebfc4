import { describe, expect, it } from 'vitest';
import {
  checkCurriculumDoc,
  curriculumDocId,
  pendingChangeOf,
  toCurriculumDoc,
} from '@/domain/curriculum';
import type { VocabItem } from '@/domain/types';

const WORD: VocabItem = {
  id: 'w1',
  langA: 'Отдать якорь!',
  langB: 'Let go the anchor!',
  topic: 'Anchoring',
  division: 'deck',
  roles: ['bosun'],
  source: 'user',
  createdBy: 'admin1',
  spell: false,
  ref: 'IMO SMCP B3/1.2',
};

describe('curriculum documents', () => {
  it('carry a word through the wire and back (spell: false as noSpell)', () => {
    const doc = toCurriculumDoc({ kind: 'word', value: WORD, deleted: false }, 'admin1');
    expect(doc).toEqual({
      kind: 'word',
      id: 'w1',
      deleted: false,
      by: 'admin1',
      record: {
        langA: 'Отдать якорь!',
        langB: 'Let go the anchor!',
        topic: 'Anchoring',
        division: 'deck',
        roles: ['bosun'],
        noSpell: true,
        ref: 'IMO SMCP B3/1.2',
      },
    });
    const { createdBy: _, ...withoutCreator } = WORD;
    expect(checkCurriculumDoc({ ...doc })).toEqual({
      ok: true,
      by: 'admin1',
      change: { kind: 'word', deleted: false, value: withoutCreator },
    });
  });

  it('carry a deletion as a tombstone with the record id', () => {
    const doc = toCurriculumDoc({ kind: 'topic', id: 'deck::Knots', deleted: true }, 'admin1');
    expect(doc).toEqual({ kind: 'topic', id: 'deck::Knots', deleted: true, by: 'admin1' });
    expect(checkCurriculumDoc({ ...doc })).toEqual({
      ok: true,
      by: 'admin1',
      change: { kind: 'topic', id: 'deck::Knots', deleted: true },
    });
  });

  it('set aside documents that break the tables: unknown kind or field, wrong type, too long, missing', () => {
    const base = {
      kind: 'division',
      id: 'd1',
      deleted: false,
      by: 'a',
      record: { name: 'Reefer' },
    };
    expect(checkCurriculumDoc(base)).toMatchObject({ ok: true });
    expect(checkCurriculumDoc({ ...base, kind: 'ship' })).toEqual({ ok: false, problem: 'kind' });
    expect(checkCurriculumDoc({ ...base, record: { name: 'x', isAdmin: true } })).toEqual({
      ok: false,
      problem: 'field-unknown',
      field: 'isAdmin',
    });
    expect(checkCurriculumDoc({ ...base, record: { name: 7 } })).toEqual({
      ok: false,
      problem: 'field-type',
      field: 'name',
    });
    expect(checkCurriculumDoc({ ...base, record: { name: 'x'.repeat(101) } })).toEqual({
      ok: false,
      problem: 'field-size',
      field: 'name',
    });
    expect(checkCurriculumDoc({ ...base, record: {} })).toEqual({
      ok: false,
      problem: 'field-required',
      field: 'name',
    });
    expect(checkCurriculumDoc({ ...base, record: undefined })).toEqual({
      ok: false,
      problem: 'record-missing',
    });
    expect(checkCurriculumDoc({ ...base, id: '' })).toEqual({ ok: false, problem: 'id' });
  });

  it('name documents by kind and a digest of the id, the same on every device', () => {
    expect(curriculumDocId('topic', 'deck::Mooring')).toBe(
      curriculumDocId('topic', 'deck::Mooring'),
    );
    expect(curriculumDocId('topic', 'deck::Mooring')).not.toBe(
      curriculumDocId('word', 'deck::Mooring'),
    );
    expect(curriculumDocId('word', 'dk002')).toMatch(/^w-[0-9a-z]{1,40}$/);
  });
});

describe('pendingChangeOf: a queued change as an admin reads it', () => {
  it('names a word by both sides, other records by name, a deletion by the name in its id', () => {
    expect(
      pendingChangeOf({
        kind: 'word',
        id: 'w1',
        deleted: false,
        record: { langA: 'кранец', langB: 'fender' },
        by: 'a',
      }),
    ).toEqual({ kind: 'word', id: 'w1', deleted: false, name: 'кранец — fender' });
    expect(
      pendingChangeOf({
        kind: 'topic',
        id: 'deck::Knots',
        deleted: false,
        record: { name: 'Knots' },
        by: 'a',
      }),
    ).toMatchObject({ name: 'Knots', deleted: false });
    expect(pendingChangeOf({ kind: 'topic', id: 'deck::Knots', deleted: true, by: 'a' })).toEqual({
      kind: 'topic',
      id: 'deck::Knots',
      deleted: true,
      name: 'Knots',
    });
  });
});
