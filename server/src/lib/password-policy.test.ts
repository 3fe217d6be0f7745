import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordProblems } from './password-policy';

describe('password policy', () => {
  it.each([
    ['Str0ng-Enough!', []],
    ['Pass word1!x', []],
    ['short1A!', ['The password must be at least 10 characters long.']],
    ['PASSWORD1!X', ['The password must contain at least one lowercase letter.']],
    ['password1!x', ['The password must contain at least one uppercase letter.']],
    ['Password!!x', ['The password must contain at least one number.']],
    ['Password11x', ['The password must contain at least one special character.']],
    ['Passsword1!', ['The password may not contain sequences of three or more repeated characters.']],
  ])('%s → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('lists every broken rule, length first, as Unleash orders them', () => {
    expect(passwordProblems('password')).toEqual([
      'The password must be at least 10 characters long.',
      'The password must contain at least one uppercase letter.',
      'The password must contain at least one number.',
      'The password must contain at least one special character.',
    ]);
  });

  it('accepts 128 characters and refuses 129', () => {
    const base = 'Ab1!'.repeat(32);
    expect(base).toHaveLength(128);
    expect(isStrongPassword(base)).toBe(true);
    expect(passwordProblems(`${base}x`)).toEqual(['The password must be fewer than 128 characters.']);
  });

  it('counts any non-alphanumeric character, including non-ASCII, as special', () => {
    expect(isStrongPassword('Passwort1ü')).toBe(true);
  });
});
