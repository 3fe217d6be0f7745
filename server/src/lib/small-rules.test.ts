import { describe, expect, it } from 'vitest';
import { ulid } from './ulid';
import { isUrlFriendly } from './url-friendly';

describe('isUrlFriendly', () => {
  it('accepts names that survive URL encoding', () => {
    for (const name of ['f1', 'my-flag', 'a_b.c~d', 'UPPER']) expect(isUrlFriendly(name), name).toBe(true);
  });
  it('refuses spaces, slashes, reserved characters and dot segments', () => {
    for (const name of ['bad name', 'a/b', 'a?b', 'æ', '.', '..', ''])
      expect(isUrlFriendly(name), name).toBe(false);
  });
  it('refuses NUL and unpaired surrogates without throwing (issue 12: a URIError was a 500)', () => {
    for (const name of ['a\ud800', '\udc00', 'x\u0000', '😀']) expect(isUrlFriendly(name), name).toBe(false);
  });
});

describe('ulid', () => {
  it('makes 26-character Crockford ids that sort by creation, also within one millisecond', () => {
    const ids = Array.from({ length: 50 }, () => ulid(1_700_000_000_000));
    expect(ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ulid(1_700_000_000_001) > ids[ids.length - 1]!).toBe(true);
  });
});
