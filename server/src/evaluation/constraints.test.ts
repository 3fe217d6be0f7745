import { describe, expect, it } from 'vitest';
import type { Constraint, Context } from '../../contract';
import { checkConstraint, checkConstraints } from './constraints';

const env = { now: () => new Date('2024-06-01T12:00:00Z') };
const check = (constraint: Constraint, context: Context) => checkConstraint(constraint, context, env);
const op = (operator: string) => operator as Constraint['operator'];

describe('checkConstraint', () => {
  it('IN and NOT_IN compare exactly, trimming constraint values and ignoring empty ones', () => {
    const constraint: Constraint = { contextName: 'userId', operator: 'IN', values: [' a ', '', 'b'] };
    expect(check(constraint, { userId: 'a' })).toBe(true);
    expect(check(constraint, { userId: 'A' })).toBe(false);
    expect(check({ ...constraint, caseInsensitive: true }, { userId: 'A' })).toBe(false);
    expect(check(constraint, {})).toBe(false);
    expect(check({ ...constraint, operator: 'NOT_IN' }, {})).toBe(true);
    expect(check({ ...constraint, operator: 'NOT_IN' }, { userId: 'b' })).toBe(false);
  });

  it('STR_* honour caseInsensitive and are false without a value', () => {
    const constraint: Constraint = {
      contextName: 'email',
      operator: 'STR_ENDS_WITH',
      values: ['@Example.com'],
    };
    expect(check(constraint, { properties: { email: 'a@example.com' } })).toBe(false);
    expect(check({ ...constraint, caseInsensitive: true }, { properties: { email: 'a@EXAMPLE.com' } })).toBe(
      true,
    );
    expect(
      check({ ...constraint, operator: 'STR_CONTAINS', values: ['@'] }, { properties: { email: 'x@y' } }),
    ).toBe(true);
    expect(check({ ...constraint, inverted: true }, {})).toBe(true);
  });

  it('NUM_* parse both sides as numbers', () => {
    const constraint: Constraint = { contextName: 'n', operator: 'NUM_GTE', value: '12' };
    expect(check(constraint, { properties: { n: '12.0' } })).toBe(true);
    expect(check(constraint, { properties: { n: '11.99' } })).toBe(false);
    expect(check(constraint, { properties: { n: 'abc' } })).toBe(false);
    expect(check({ ...constraint, value: 'abc' }, { properties: { n: '12' } })).toBe(false);
  });

  it('DATE_* are strict and use the clock without currentTime', () => {
    const after: Constraint = {
      contextName: 'currentTime',
      operator: 'DATE_AFTER',
      value: '2024-06-01T12:00:00Z',
    };
    expect(check(after, { currentTime: '2024-06-01T12:00:00.000Z' })).toBe(false);
    expect(check(after, { currentTime: '2024-06-01T14:00:01+02:00' })).toBe(true);
    expect(check(after, {})).toBe(false);
    expect(check({ ...after, value: '2024-06-01T11:59:59Z' }, {})).toBe(true);
    expect(check({ ...after, operator: 'DATE_BEFORE', value: 'not-a-date' }, {})).toBe(false);
  });

  it('SEMVER_* need valid semver without a leading v; an invalid constraint value is false', () => {
    const constraint: Constraint = { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3-beta.1' };
    expect(check(constraint, { properties: { version: '1.2.3' } })).toBe(true);
    expect(check(constraint, { properties: { version: '1.2.3-alpha' } })).toBe(false);
    expect(check(constraint, { properties: { version: 'v2.0.0' } })).toBe(false);
    expect(check({ ...constraint, value: 'nope' }, { properties: { version: '2.0.0' } })).toBe(false);
    expect(
      check({ ...constraint, operator: 'SEMVER_EQ', value: '1.0.0' }, { properties: { version: '1.0.0' } }),
    ).toBe(true);
  });

  it('REGEX finds RE2 patterns in the value', () => {
    const constraint: Constraint = { contextName: 'userId', operator: 'REGEX', value: '^user\\d{3}$' };
    expect(check(constraint, { userId: 'user123' })).toBe(true);
    expect(check(constraint, { userId: 'user12' })).toBe(false);
    expect(check({ ...constraint, value: '(' }, { userId: 'user123' })).toBe(false);
  });

  it('IN_CIDR matches addresses and ranges, skipping invalid entries', () => {
    const constraint: Constraint = {
      contextName: 'remoteAddress',
      operator: op('IN_CIDR'),
      values: ['bad', '10.0.0.0/8'],
    };
    expect(check(constraint, { remoteAddress: '10.2.3.4' })).toBe(true);
    expect(check(constraint, { remoteAddress: '11.2.3.4' })).toBe(false);
    expect(check(constraint, {})).toBe(false);
  });

  it('an unknown operator is false, even inverted', () => {
    expect(check({ contextName: 'x', operator: op('NOPE'), values: [] }, {})).toBe(false);
    expect(check({ contextName: 'x', operator: op('NOPE'), values: [], inverted: true }, {})).toBe(false);
  });
});

describe('checkConstraints', () => {
  it('ANDs the constraints and fails on a missing segment placeholder', () => {
    const inDev: Constraint = { contextName: 'environment', operator: 'IN', values: ['dev'] };
    expect(checkConstraints([], {}, env)).toBe(true);
    expect(checkConstraints([inDev], { environment: 'dev' }, env)).toBe(true);
    expect(checkConstraints([inDev, undefined], { environment: 'dev' }, env)).toBe(false);
  });
});

describe('bounded work on long context values (issue 12)', () => {
  // The frontend API lets a public token choose every context value, up to 10,000 characters each.
  const longValues = [
    '1'.repeat(10_000),
    '1.'.repeat(5_000),
    '1:'.repeat(5_000),
    `::ffff:${'1'.repeat(9_990)}`,
    `1.2.3-${'a.'.repeat(4_997)}`,
    `${' '.repeat(9_999)}1`,
    `${'a'.repeat(9_999)}!`,
  ];
  const constraints: Constraint[] = [
    { contextName: 'userId', operator: 'IN', values: ['a', 'b'] },
    { contextName: 'userId', operator: 'STR_CONTAINS', values: ['aab', '1.1:'], caseInsensitive: true },
    { contextName: 'userId', operator: 'STR_ENDS_WITH', values: ['a!!'] },
    { contextName: 'userId', operator: 'NUM_GT', value: '1' },
    { contextName: 'userId', operator: 'DATE_AFTER', value: '2024-01-01T00:00:00Z' },
    { contextName: 'userId', operator: 'SEMVER_GT', value: '1.0.0' },
    { contextName: 'userId', operator: 'REGEX', value: '^(a+)+$' },
    { contextName: 'userId', operator: 'REGEX', value: '^(1|11)+$', caseInsensitive: true },
    { contextName: 'userId', operator: op('IN_CIDR'), values: ['10.0.0.0/8', '::1/128'] },
  ];

  it.each(constraints.map((constraint) => [constraint.operator, constraint.value ?? '', constraint]))(
    '%s %s answers in under 10 ms for each 10,000-character value',
    (_operator, _value, constraint) => {
      for (const value of longValues) {
        for (const context of [{ userId: value }, { currentTime: value }]) {
          let best = Number.POSITIVE_INFINITY;
          for (let attempt = 0; attempt < 3; attempt += 1) {
            const started = performance.now();
            check(constraint as Constraint, context);
            best = Math.min(best, performance.now() - started);
          }
          expect(best, `${value.slice(0, 12)}…`).toBeLessThan(10);
        }
      }
    },
  );

  it('answers what the operators mean on those values', () => {
    const [digits, dotted, , , prerelease] = longValues as [string, string, string, string, string];
    expect(check({ contextName: 'userId', operator: 'NUM_GT', value: '1' }, { userId: digits })).toBe(true);
    expect(
      check({ contextName: 'userId', operator: 'SEMVER_GT', value: '1.0.0' }, { userId: prerelease }),
    ).toBe(false);
    expect(check({ contextName: 'userId', operator: 'REGEX', value: '^(1|11)+$' }, { userId: digits })).toBe(
      true,
    );
    expect(check({ contextName: 'userId', operator: 'REGEX', value: '^(1\\.)+$' }, { userId: dotted })).toBe(
      true,
    );
    expect(
      check({ contextName: 'userId', operator: op('IN_CIDR'), values: ['0.0.0.0/0'] }, { userId: dotted }),
    ).toBe(false);
  });
});

describe('REGEX constraints', () => {
  it('stay correct across more distinct patterns than the compiled-pattern cache holds', () => {
    const constraints: Constraint[] = Array.from({ length: 300 }, (_, index) => ({
      contextName: 'userId',
      operator: 'REGEX',
      value: `^user-${index}$`,
    }));
    for (let pass = 0; pass < 2; pass += 1) {
      constraints.forEach((constraint, index) => {
        expect(check(constraint, { userId: `user-${index}` })).toBe(true);
        expect(check(constraint, { userId: `user-${index + 1}` })).toBe(false);
      });
    }
  });

  it('are false when the pattern does not compile, and honour caseInsensitive', () => {
    expect(check({ contextName: 'userId', operator: 'REGEX', value: '(' }, { userId: '(' })).toBe(false);
    expect(check({ contextName: 'userId', operator: 'REGEX', value: '^A' }, { userId: 'abc' })).toBe(false);
    expect(
      check(
        { contextName: 'userId', operator: 'REGEX', value: '^A', caseInsensitive: true },
        { userId: 'abc' },
      ),
    ).toBe(true);
  });
});
