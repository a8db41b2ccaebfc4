import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES,
  defaultRolesFor,
  matchesRole,
  normalizeRole,
  normalizeRoles,
  roleLabel,
} from '@/domain/roles';

describe('normalizeRole', () => {
  it('trims, lower-cases and collapses spaces', () => {
    expect(normalizeRole('  Chief   Officer ')).toBe('chief officer');
    expect(normalizeRole('OS')).toBe('os');
  });
});

describe('normalizeRoles', () => {
  it("de-duplicates and drops empty and 'all'", () => {
    expect(normalizeRoles([' Bosun', 'bosun ', 'ALL', '', '  ', 'OS', 'os'])).toEqual([
      'bosun',
      'os',
    ]);
    expect(normalizeRoles(undefined)).toEqual([]);
  });
});

describe('matchesRole', () => {
  it("matches an item with no roles, with 'all', or with the role", () => {
    expect(matchesRole({}, 'os')).toBe(true);
    expect(matchesRole({ roles: [] }, 'os')).toBe(true);
    expect(matchesRole({ roles: ['all'] }, 'os')).toBe(true);
    expect(matchesRole({ roles: ['bosun', 'os'] }, 'OS')).toBe(true);
    expect(matchesRole({ roles: ['bosun'] }, 'os')).toBe(false);
  });

  it("no role or 'all' selected matches everything", () => {
    expect(matchesRole({ roles: ['bosun'] }, undefined)).toBe(true);
    expect(matchesRole({ roles: ['bosun'] }, 'all')).toBe(true);
  });
});

describe('DEFAULT_ROLES', () => {
  it('lists the default roles per division of SPEC §6', () => {
    expect(DEFAULT_ROLES).toEqual({
      // The able seaman (AB) is added to the specification's deck list.
      deck: ['bosun', 'ab', 'os'],
      engine: ['watch_eng', '2e', '3e', 'ce', 'motorman', 'oiler', 'fitter'],
      bridge: ['master', 'chief_officer', '2o', '3o'],
      galley: ['cook', 'steward'],
    });
    expect(defaultRolesFor('engine')).toBe(DEFAULT_ROLES.engine);
    expect(defaultRolesFor('custom-division')).toEqual([]);
  });

  it('has bilingual labels for every default role, and shows unknown codes as they are', () => {
    for (const role of Object.values(DEFAULT_ROLES).flat()) {
      expect(roleLabel(role, 'ru')).not.toBe(role);
      expect(roleLabel(role, 'en')).not.toBe(role);
    }
    expect(roleLabel('3O', 'en')).toBe('Third Officer (3O)');
    expect(roleLabel('deck cadet', 'ru')).toBe('deck cadet');
  });
});
