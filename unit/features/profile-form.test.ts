import { describe, expect, it } from 'vitest';
import { profileGoalFrom, profileRoleFrom } from '@/features/profile/profile-form';

describe('profileGoalFrom', () => {
  it('takes a whole number from 5 to 200 as typed', () => {
    expect(profileGoalFrom('5')).toBe(5);
    expect(profileGoalFrom(' 37 ')).toBe(37);
    expect(profileGoalFrom('200')).toBe(200);
  });

  it('refuses anything else instead of changing it silently (3 is not saved as 5)', () => {
    for (const text of ['3', '250', '12.6', '', '   ', 'ten', '-7']) {
      expect(profileGoalFrom(text), text).toBeNull();
    }
  });
});

describe('profileRoleFrom', () => {
  it('normalises the role code and treats blank as none', () => {
    expect(profileRoleFrom('  Chief   Officer ')).toBe('chief officer');
    expect(profileRoleFrom('Bosun')).toBe('bosun');
    expect(profileRoleFrom('   ')).toBeUndefined();
  });
});
