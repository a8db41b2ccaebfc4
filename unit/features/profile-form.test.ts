import { describe, expect, it } from 'vitest';
import { profileGoalFrom, profileRoleFrom } from '@/features/profile/profile-form';

describe('profileGoalFrom', () => {
  it('clamps to 5..200 and rounds', () => {
    expect(profileGoalFrom('500')).toBe(200);
    expect(profileGoalFrom('200')).toBe(200);
    expect(profileGoalFrom('1')).toBe(5);
    expect(profileGoalFrom(' 37 ')).toBe(37);
    expect(profileGoalFrom('12.6')).toBe(13);
  });

  it('falls back to the default 10 for blank or non-numeric text', () => {
    expect(profileGoalFrom('')).toBe(10);
    expect(profileGoalFrom('   ')).toBe(10);
    expect(profileGoalFrom('ten')).toBe(10);
  });
});

describe('profileRoleFrom', () => {
  it('normalises the role code and treats blank as none', () => {
    expect(profileRoleFrom('  Chief   Officer ')).toBe('chief officer');
    expect(profileRoleFrom('Bosun')).toBe('bosun');
    expect(profileRoleFrom('   ')).toBeUndefined();
  });
});
