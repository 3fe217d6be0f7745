import { describe, expect, it } from 'vitest';
import { compileRe2, re2Find } from './regex';

describe('re2Find', () => {
  it('finds unanchored matches, case-sensitively unless asked', () => {
    expect(re2Find('cat', 'concatenate', false)).toBe(true);
    expect(re2Find('^cat$', 'Cat', false)).toBe(false);
    expect(re2Find('^cat$', 'Cat', true)).toBe(true);
  });

  it('supports RE2 inline flags', () => {
    expect(re2Find('^(?i)abc$', 'AbC', false)).toBe(true);
    expect(re2Find('(?m)^foo$', 'x\nfoo\ny', false)).toBe(true);
    expect(re2Find('^(?s)a.b$', 'a\nb', false)).toBe(true);
    expect(re2Find('^a.b$', 'a\nb', false)).toBe(false);
    expect(re2Find('(?i)a(?-i)b', 'Ab', false)).toBe(true);
    expect(re2Find('(?i)a(?-i)b', 'AB', false)).toBe(false);
  });

  it('keeps case-insensitive scopes local when the rest is case-sensitive', () => {
    expect(re2Find('^x(?i)[a-c]$', 'xB', false)).toBe(true);
    expect(re2Find('^x(?i)[a-c]$', 'XB', false)).toBe(false);
    expect(re2Find('^x(?i)k$', 'x\u212a', false)).toBe(true);
  });

  it('uses ASCII Perl and POSIX classes', () => {
    expect(re2Find('^[[:alpha:]]+$', 'AlphaBeta', false)).toBe(true);
    expect(re2Find('^[[:alpha:]]+$', 'Alpha1', false)).toBe(false);
    expect(re2Find('\\s', '\u00a0', false)).toBe(false);
    expect(re2Find('\\s', '\t', false)).toBe(true);
    expect(re2Find('^\\d+$', '\u0663', false)).toBe(false);
  });

  it('treats what RE2 treats as literals as literals', () => {
    expect(re2Find('a{', 'a{', false)).toBe(true);
    expect(re2Find('[]a]', ']', false)).toBe(true);
    expect(re2Find('\\Qa.b\\E', 'a.b', false)).toBe(true);
    expect(re2Find('\\Qa.b\\E', 'axb', false)).toBe(false);
  });

  it('rejects what RE2 rejects', () => {
    for (const pattern of [
      '(regex',
      '^(?=a)b$',
      '^(a)\\1$',
      '(?<=a)b',
      'a**',
      '*a',
      'a{1001}',
      '[z-a]',
      '\\Z',
    ]) {
      expect(compileRe2(pattern, false), pattern).toBeUndefined();
    }
  });
});
