import { describe, expect, it } from 'vitest';
import type { Constraint } from '../../../contract';
import type { ApiError } from '../../lib/errors';
import { isStrictSemver, validateConstraint } from './constraint-rules';

const field = { legalValues: [] };

function failure(constraint: Constraint, definition: { legalValues: { value: string }[] } | null = field) {
  try {
    validateConstraint(constraint, definition);
  } catch (error) {
    const apiError = error as ApiError;
    return { name: apiError.errorName, status: apiError.statusCode, detail: apiError.details[0]!.message };
  }
  return undefined;
}

describe('validateConstraint (Unleash 8.2 messages, shared/unleash/OBSERVED.md)', () => {
  it('checks single-value operators by type', () => {
    expect(failure({ contextName: 'userId', operator: 'NUM_EQ', value: 'abc' })).toEqual({
      name: 'BadDataError',
      status: 400,
      detail: '"value" must be a number. You provided "abc".',
    });
    expect(failure({ contextName: 'userId', operator: 'DATE_AFTER', value: 'not-a-date' })?.detail).toBe(
      '"value" must be a valid date. You provided "not-a-date".',
    );
    expect(failure({ contextName: 'userId', operator: 'SEMVER_EQ', value: 'v1.0.0' })?.detail).toBe(
      'the provided value is not a valid semver format. The value provided was: v1.0.0',
    );
    expect(failure({ contextName: 'userId', operator: 'REGEX', value: '(' })?.detail).toBe(
      'the provided value is not a valid regex string. Error: error parsing regexp: missing closing ): `(`',
    );
    expect(failure({ contextName: 'userId', operator: 'REGEX', value: 'a', inverted: true })?.detail).toBe(
      'REGEX operator cannot be inverted.',
    );
    expect(failure({ contextName: 'userId', operator: 'NUM_EQ' })?.detail).toBe(
      'Single-value constraint operators require a non-empty value.',
    );
  });

  it('refuses REGEX patterns RE2 refuses or that are too long or too large to evaluate cheaply (issue 12)', () => {
    const regexFailure = (value: string) => failure({ contextName: 'userId', operator: 'REGEX', value });
    for (const value of ['^(?=a)', '(a)\\1', 'a{1001}', '((a{100}){100}){100}']) {
      expect(regexFailure(value), value).toMatchObject({ name: 'BadDataError', status: 400 });
      expect(regexFailure(value)?.detail, value).toMatch(
        /^the provided value is not a valid regex string\. Error: error parsing regexp: /,
      );
    }
    expect(regexFailure('a'.repeat(1001))?.detail).toBe(
      'the provided value is not a valid regex string. Error: the pattern is 1001 characters long, over the limit of 1000',
    );
    expect(regexFailure('[a-z]{1000}[0-9]{1000}')?.detail).toMatch(
      /Error: the pattern compiles to \d+ instructions, over the limit of 1000$/,
    );
    expect(regexFailure('(a+)+$')).toBeUndefined();
    expect(regexFailure('(?i)^[[:alpha:]]{1,20}@\\w+\\.com$')).toBeUndefined();
  });

  it('accepts what Unleash accepts', () => {
    const accepted: Constraint[] = [
      { contextName: 'userId', operator: 'NUM_EQ', value: '1e3' },
      { contextName: 'userId', operator: 'NUM_GT', value: ' 12 ' },
      { contextName: 'userId', operator: 'DATE_AFTER', value: '2024-01-01' },
      { contextName: 'userId', operator: 'DATE_BEFORE', value: '2024-01-01T10:00:00.000Z' },
      { contextName: 'userId', operator: 'SEMVER_EQ', value: '1.0.0-beta.1' },
      { contextName: 'userId', operator: 'REGEX', value: '^a.*$', caseInsensitive: true },
      { contextName: 'userId', operator: 'IN', values: ['a'] },
      {
        contextName: 'userId',
        operator: 'STR_CONTAINS',
        values: ['a', 'b'],
        caseInsensitive: true,
        inverted: true,
      },
    ];
    for (const constraint of accepted)
      expect(failure(constraint), JSON.stringify(constraint)).toBeUndefined();
  });

  it('needs at least one value for list operators', () => {
    expect(failure({ contextName: 'userId', operator: 'IN', values: [] })?.detail).toBe(
      '"value" must contain at least 1 items. You provided [].',
    );
    expect(failure({ contextName: 'userId', operator: 'NOT_IN' })?.detail).toBe(
      '"value" must contain at least 1 items. You provided [].',
    );
  });

  it('caps values per constraint at 250', () => {
    const values = Array.from({ length: 251 }, (_, i) => `v${i}`);
    expect(failure({ contextName: 'userId', operator: 'IN', values })).toMatchObject({
      name: 'ExceedsLimitError',
      status: 400,
    });
  });

  it('checks legal values of the context field', () => {
    const country = { legalValues: [{ value: 'SE' }, { value: 'NO' }] };
    expect(failure({ contextName: 'country', operator: 'IN', values: ['SE', 'XX'] }, country)?.detail).toBe(
      'input values are not specified as a legal value on this context field',
    );
    expect(failure({ contextName: 'country', operator: 'NUM_EQ', value: '5' }, country)?.detail).toBe(
      '5 is not specified as a legal value on this context field',
    );
    expect(
      failure({ contextName: 'country', operator: 'IN', values: ['SE', 'NO'] }, country),
    ).toBeUndefined();
  });

  it('refuses a context field that does not exist (issue 4)', () => {
    expect(failure({ contextName: 'nosuch', operator: 'IN', values: ['a'] }, null)).toMatchObject({
      name: 'BadDataError',
      status: 400,
    });
  });

  it('refuses an empty value string as the schema does', () => {
    expect(
      failure({ contextName: 'userId', operator: 'STR_CONTAINS', values: ['a'], value: '' })?.detail,
    ).toMatch(/must NOT have fewer than 1 characters/);
  });
});

describe('isStrictSemver', () => {
  it('refuses the prefixes the semver package tolerates', () => {
    expect(isStrictSemver('1.2.3')).toBe(true);
    expect(isStrictSemver('1.2.3-rc.1+build')).toBe(true);
    expect(isStrictSemver('v1.2.3')).toBe(false);
    expect(isStrictSemver('=1.2.3')).toBe(false);
    expect(isStrictSemver('1.2')).toBe(false);
  });
});

describe('IN_CIDR (accepted beyond Unleash 8.2, as the client specification defines it)', () => {
  const field = { legalValues: [] };

  it('accepts IPv4 and IPv6 addresses and ranges', () => {
    expect(() =>
      validateConstraint(
        {
          contextName: 'remoteAddress',
          operator: 'IN_CIDR',
          values: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32'],
        },
        field,
      ),
    ).not.toThrow();
  });

  it('refuses a value that is neither an address nor a range, naming it', () => {
    expect(() =>
      validateConstraint(
        { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', 'not-an-ip'] },
        field,
      ),
    ).toThrowError('"not-an-ip" is not an IP address or a CIDR range (IN_CIDR).');
    expect(() =>
      validateConstraint(
        { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/33'] },
        field,
      ),
    ).toThrowError('is not an IP address or a CIDR range');
  });
});
