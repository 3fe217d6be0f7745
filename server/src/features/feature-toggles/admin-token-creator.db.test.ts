import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { avatarUrl } from '../events';

// Issue 31 §4: Unleash 8.2 shows a flag created with an admin API token as created by its pseudo
// user (id -42, "Unleash Admin Token User", observed on the reference), while the event log keeps
// the token's name as `createdBy`.
const PSEUDO_USER = {
  id: -42,
  name: 'Unleash Admin Token User',
  imageUrl: avatarUrl('Unleash Admin Token User'),
};

describe('a flag created with an admin API token', () => {
  let test: TestApp;
  let before: number;
  beforeAll(async () => {
    test = await createTestApp();
    before = await latestEventId(test.db);
    await createFlag(test, 'by-token');
  });
  afterAll(() => test.close());

  it('is created by the admin-token pseudo user in the flag view and its collaborators', async () => {
    const flag = await call<{ createdBy: unknown; collaborators: { users: unknown[] } }>(
      test,
      'GET',
      '/api/admin/projects/default/features/by-token',
      undefined,
      200,
    );
    expect(flag.createdBy).toEqual(PSEUDO_USER);
    expect(flag.collaborators.users).toEqual([PSEUDO_USER]);
  });

  it('is created by the pseudo user in the flag search and the project flag creators', async () => {
    const search = await call<{ features: Array<{ createdBy: unknown }> }>(
      test,
      'GET',
      '/api/admin/search/features?query=by-token',
      undefined,
      200,
    );
    expect(search.features.map((feature) => feature.createdBy)).toEqual([PSEUDO_USER]);
    const creators = await call(test, 'GET', '/api/admin/projects/default/flag-creators', undefined, 200);
    expect(creators).toEqual([{ id: -42, name: 'Unleash Admin Token User' }]);
  });

  it("keeps the token's name as the event's createdBy", async () => {
    const [created] = await eventsAfter(test.db, before);
    expect(created).toMatchObject({ type: 'feature-created', createdBy: 'admin' });
  });
});
