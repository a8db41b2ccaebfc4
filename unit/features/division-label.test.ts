/** One rule for naming divisions and ordering divisions and roles, shared by every screen. */
import { describe, expect, it } from 'vitest';
import { divisionRoleCodes } from '@/domain/roles';
import { orderedDivisions } from '@/domain/topics';
import { translate } from '@/i18n';
import { divisionLabel } from '@/ui/division-label';

const t = (key: Parameters<typeof translate>[1]) => translate('ru', key);

describe('divisionLabel', () => {
  const divisions = [
    { id: 'deck', name: 'deck' },
    { id: 'engine', name: 'Машинное отделение' },
    { id: 'catering', name: 'Кейтеринг' },
  ];

  it('translates a built-in division still named by its id, and shows a renamed one as named', () => {
    expect(divisionLabel(t, 'deck', divisions)).toBe('Палуба');
    expect(divisionLabel(t, 'engine', divisions)).toBe('Машинное отделение');
    expect(divisionLabel(t, 'catering', divisions)).toBe('Кейтеринг');
  });

  it('names an id the catalogue lacks by its built-in label, or else by the id', () => {
    expect(divisionLabel(t, 'galley', divisions)).toBe('Камбуз');
    expect(divisionLabel(t, 'common', [])).toBe('Общий курс');
    expect(divisionLabel(t, 'gone', divisions)).toBe('gone');
  });
});

describe('orderedDivisions', () => {
  it('lists the built-in divisions in the specification’s order, the common core, then by name', () => {
    const ordered = orderedDivisions([
      { id: 'zeta', name: 'Zeta' },
      { id: 'common', name: 'common' },
      { id: 'galley', name: 'galley' },
      { id: 'alpha', name: 'Alpha' },
      { id: 'deck', name: 'deck' },
    ]);
    expect(ordered.map((d) => d.id)).toEqual(['deck', 'galley', 'common', 'alpha', 'zeta']);
  });
});

describe('divisionRoleCodes', () => {
  it('gives the division’s codes, defaults in their order first, then the rest alphabetically', () => {
    const roles = [
      { name: 'OS', division: 'deck' },
      { name: 'cadet', division: 'deck' },
      { name: 'bosun', division: 'deck' },
      { name: 'all', division: 'deck' },
      { name: 'bosun', division: 'deck' },
      { name: 'cook', division: 'galley' },
      { name: 'AB', division: 'deck' },
    ];
    expect(divisionRoleCodes(roles, 'deck')).toEqual(['bosun', 'ab', 'os', 'cadet']);
    expect(divisionRoleCodes(roles, 'bridge')).toEqual([]);
  });
});
