import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('POST /api/admin/constraints/validate', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await call(
      test,
      'POST',
      '/api/admin/context',
      { name: 'country', legalValues: [{ value: 'SE' }, { value: 'NO' }] },
      201,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  const validate = (constraint: object, status: number) =>
    call<{ name: string; details: Array<{ message: string }> }>(
      test,
      'POST',
      '/api/admin/constraints/validate',
      constraint,
      status,
    );

  it('answers 204 for a valid constraint', async () => {
    expect(await validate({ contextName: 'userId', operator: 'IN', values: ['a'] }, 204)).toBeUndefined();
    await validate({ contextName: 'country', operator: 'IN', values: ['SE'], inverted: true }, 204);
    await validate(
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2024-01-01T00:00:00.000Z' },
      204,
    );
  });

  it("answers 400 with Unleash's messages for each rule", async () => {
    const cases: Array<[object, string]> = [
      [
        { contextName: 'userId', operator: 'NUM_EQ', value: 'abc' },
        '"value" must be a number. You provided "abc".',
      ],
      [
        { contextName: 'userId', operator: 'SEMVER_EQ', value: 'v1.0.0' },
        'the provided value is not a valid semver format. The value provided was: v1.0.0',
      ],
      [
        { contextName: 'userId', operator: 'DATE_AFTER', value: 'not-a-date' },
        '"value" must be a valid date. You provided "not-a-date".',
      ],
      [
        { contextName: 'userId', operator: 'REGEX', value: 'a', inverted: true },
        'REGEX operator cannot be inverted.',
      ],
      [
        { contextName: 'userId', operator: 'IN', values: [] },
        '"value" must contain at least 1 items. You provided [].',
      ],
      [
        { contextName: 'country', operator: 'IN', values: ['XX'] },
        'input values are not specified as a legal value on this context field',
      ],
    ];
    for (const [constraint, message] of cases) {
      const body = await validate(constraint, 400);
      expect(body.name).toBe('BadDataError');
      expect(body.details[0]!.message).toBe(message);
    }
    await validate({ contextName: 'userId', operator: 'REGEX', value: '(' }, 400);
    await validate({ contextName: 'userId', operator: 'NOPE', values: ['a'] }, 400);
    await validate({ contextName: 'userId', operator: 'IN', values: ['a'], extra: true }, 400);
    await validate({ contextName: 'undeclared', operator: 'IN', values: ['a'] }, 400);
  });
});
