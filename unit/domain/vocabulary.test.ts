import { describe, expect, it } from 'vitest';
import { KNOWN_ROLES } from '@/domain/roles';
import type { VocabItem } from '@/domain/types';
import {
  checkVocabRow,
  isSpellableText,
  rowToVocabItem,
  tileText,
  vocabFingerprint,
} from '@/domain/vocabulary';

const strict = { knownRoles: KNOWN_ROLES, strict: true };
const row = {
  id: 'br005',
  division: 'bridge',
  topic: 'Bridge-commands',
  roles: [],
  ru: 'Лево на борт!',
  en: 'Hard-a-port!',
  kind: 'order' as const,
  spell: 'hard a port',
  ref: 'SMCP B2/1.1',
};

describe('isSpellableText', () => {
  it.each([
    ['Stand by for mooring!', true],
    ['lifejacket', true],
    ['Hard-a-port!', false],
    ['VHF channel 16', false],
    ["tug's line", false],
    ['lockout/tagout', false],
    ['abcdefghijklmnopqrstuvwx', true],
    ['abcdefghijklmnopqrstuvwxy', false],
    ['Single up to one head line and one spring!', false],
  ])('%s -> %s', (text, spellable) => {
    expect(isSpellableText(text)).toBe(spellable);
  });
});

describe('tileText', () => {
  it('is the spell text, the English, or nothing when spelling is off', () => {
    expect(tileText({ langB: 'Hard-a-port!', spell: 'hard a port' })).toBe('hard a port');
    expect(tileText({ langB: 'bitts' })).toBe('bitts');
    expect(tileText({ langB: 'Single up to one head line!', spell: false })).toBeNull();
  });
});

describe('checkVocabRow', () => {
  it('accepts a complete row of the data files', () => {
    expect(checkVocabRow(row, strict)).toEqual([]);
  });

  it('names every problem of a strict row', () => {
    expect(
      checkVocabRow(
        {
          ...row,
          id: '',
          ref: undefined,
          kind: 'noun',
          roles: ['os', 'pilot'],
          spell: 'hard-a-port',
        },
        strict,
      ),
    ).toEqual([
      { problem: 'missing-field', field: 'id' },
      { problem: 'missing-field', field: 'ref' },
      { problem: 'bad-kind', field: 'kind' },
      { problem: 'unknown-role', field: 'pilot' },
      { problem: 'bad-spell', field: 'spell' },
    ]);
    const { spell: _spell, ...withoutSpell } = row;
    expect(checkVocabRow(withoutSpell, strict)).toEqual([{ problem: 'bad-spell', field: 'en' }]);
    expect(checkVocabRow({ ...row, ru: ' Лево на борт! ' }, strict)).toEqual([
      { problem: 'bad-text', field: 'ru' },
    ]);
  });

  it('asks an imported row only for both sides', () => {
    const loose = { knownRoles: KNOWN_ROLES, strict: false };
    expect(checkVocabRow({ ru: 'кнехт', en: 'bitts' }, loose)).toEqual([]);
    expect(checkVocabRow({ ru: 'кнехт' }, loose)).toEqual([{ problem: 'missing-en', field: 'en' }]);
    expect(checkVocabRow('кнехт=bitts', loose)).toEqual([{ problem: 'not-an-object' }]);
  });
});

describe('rowToVocabItem', () => {
  it('turns a data row into a vocabulary item with its source data', () => {
    expect(
      rowToVocabItem(
        { ...row, roles: ['OS'], alt: ['hard a-port'], note: 'SMCP wheel order' },
        'builtin',
      ),
    ).toEqual({
      id: 'br005',
      langA: 'Лево на борт!',
      langB: 'Hard-a-port!',
      topic: 'Bridge-commands',
      division: 'bridge',
      roles: ['os'],
      alt: ['hard a-port'],
      kind: 'order',
      spell: 'hard a port',
      ref: 'SMCP B2/1.1',
      note: 'SMCP wheel order',
      source: 'builtin',
    });
  });
});

describe('vocabFingerprint', () => {
  const item: VocabItem = {
    id: 'a',
    langA: 'кнехт',
    langB: 'bitts',
    topic: 'Mooring',
    division: 'deck',
    roles: ['os', 'bosun'],
    source: 'builtin',
  };

  it('changes with what an admin can edit and ignores role order and the rest', () => {
    const same = vocabFingerprint(item);
    expect(vocabFingerprint({ ...item, roles: ['bosun', 'OS'] })).toBe(same);
    expect(vocabFingerprint({ ...item, note: 'a note', ref: 'industry' })).toBe(same);
    for (const patch of [
      { langA: 'кнехты' },
      { langB: 'bollard' },
      { topic: 'Deck Work' },
      { division: 'bridge' },
      { roles: ['os'] },
      { spell: false as const },
    ]) {
      expect(vocabFingerprint({ ...item, ...patch }), JSON.stringify(patch)).not.toBe(same);
    }
  });
});
