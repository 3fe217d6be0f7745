import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 31 §4: Unleash 8.2 gives every project of the list an `onboardingStatus`, worked out as the
// overview's: the oldest active flag once one exists, `onboarded` once an SDK saw a flag.
describe('project onboarding status', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    for (const id of ['empty', 'flagged', 'seen']) {
      await call(test, 'POST', '/api/admin/projects', { id, name: id }, 201);
    }
    await createFlag(test, 'flagged-first', 'flagged');
    await createFlag(test, 'flagged-second', 'flagged');
    await createFlag(test, 'seen-flag', 'seen');
    await sql`insert into feature_last_seen (feature_name, environment, last_seen_at)
              values ('seen-flag', 'development', now())`.execute(test.db);
  });
  afterAll(() => test.close());

  const statusOf = async (id: string) => {
    const list = await call<{ projects: Array<{ id: string; onboardingStatus: unknown }> }>(
      test,
      'GET',
      '/api/admin/projects',
      undefined,
      200,
    );
    const overview = await call<{ onboardingStatus: unknown }>(
      test,
      'GET',
      `/api/admin/projects/${id}/overview`,
      undefined,
      200,
    );
    return { list: list.projects.find((project) => project.id === id)?.onboardingStatus, overview };
  };

  it('answers the same status on the project list and the overview', async () => {
    expect(await statusOf('empty')).toEqual({
      list: { status: 'onboarding-started' },
      overview: expect.objectContaining({ onboardingStatus: { status: 'onboarding-started' } }),
    });
    expect(await statusOf('flagged')).toEqual({
      list: { status: 'first-flag-created', feature: 'flagged-first' },
      overview: expect.objectContaining({
        onboardingStatus: { status: 'first-flag-created', feature: 'flagged-first' },
      }),
    });
    expect(await statusOf('seen')).toEqual({
      list: { status: 'onboarded' },
      overview: expect.objectContaining({ onboardingStatus: { status: 'onboarded' } }),
    });
  });
});
