import { describe, expect, it } from 'vitest';
import { ScimProblem } from './scim-error';
import { assertFilterable, parseScimFilter } from './scim-filter';

const scimTypeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ScimProblem ? `${error.status} ${error.scimType}` : String(error);
  }
  return 'no error';
};

describe('parseScimFilter', () => {
  it('reads eq clauses joined by and, ignoring the case of names and operators', () => {
    expect(parseScimFilter('userName eq "alice@example.com"')).toEqual([
      { attribute: 'username', value: 'alice@example.com' },
    ]);
    expect(parseScimFilter('externalId EQ "a\\"b" AND emails.value eq "x@y.z"')).toEqual([
      { attribute: 'externalid', value: 'a"b' },
      { attribute: 'emails.value', value: 'x@y.z' },
    ]);
    expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "bob"')).toEqual([
      { attribute: 'username', value: 'bob' },
    ]);
  });

  it('answers 400 invalidFilter for anything else', () => {
    for (const filter of [
      'userName co "a"',
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'emails[type eq "work"].value eq "a"',
      'userName eq "unterminated',
      'userName eq 1',
      'userName eq "a" and',
      'userName pr',
      '',
    ]) {
      expect(
        scimTypeOf(() => parseScimFilter(filter)),
        filter,
      ).toBe('400 invalidFilter');
    }
  });

  it('refuses attributes a resource cannot be filtered on', () => {
    const clauses = parseScimFilter('title eq "CTO"');
    expect(scimTypeOf(() => assertFilterable(clauses, ['username']))).toBe('400 invalidFilter');
    expect(scimTypeOf(() => assertFilterable(parseScimFilter('userName eq "a"'), ['username']))).toBe(
      'no error',
    );
  });
});
