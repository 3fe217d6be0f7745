import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { createUser } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

type Overview = {
  overview: Array<{
    userId: number;
    rootRole: string;
    groups: string[];
    accessibleProjects: string[];
    userEmail: string;
  }>;
};

describe('access overview (issue 31 §5)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists each user with root role, groups and the projects reached directly or through a group', async () => {
    await test.db
      .insertInto('projects')
      .values([
        { id: 'alpha', name: 'Alpha' },
        { id: 'beta', name: 'Beta' },
      ])
      .execute();
    const ann = await createUser(test, { username: 'ann', email: 'ann@example.com', rootRole: 'Viewer' });
    const bob = await createUser(test, { username: 'bob', rootRole: 'Editor' });
    const group = await test.db
      .insertInto('groups')
      .values({ name: 'platform' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.db.insertInto('group_user').values({ group_id: group.id, user_id: ann }).execute();
    const owner = await test.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Owner')
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto('group_role')
      .values({ group_id: group.id, role_id: owner.id, project: 'beta' })
      .execute();
    await test.db
      .insertInto('role_user')
      .values({ user_id: ann, role_id: owner.id, project: 'alpha' })
      .execute();
    await call(
      test,
      'POST',
      '/api/admin/service-account',
      { username: 'robot', name: 'Robot', rootRole: 1 },
      201,
    );

    const { overview } = await call<Overview>(test, 'GET', '/api/admin/access/overview', undefined, 200);
    expect(overview.find((entry) => entry.userId === ann)).toMatchObject({
      rootRole: 'Viewer',
      groups: ['platform'],
      accessibleProjects: ['alpha', 'beta'],
      userEmail: 'ann@example.com',
      userName: 'ann',
    });
    expect(overview.find((entry) => entry.userId === bob)).toMatchObject({
      rootRole: 'Editor',
      groups: [],
      accessibleProjects: [],
      userEmail: '',
    });
    // Service accounts are not users here.
    const all = await test.db.selectFrom('users').select(['id', 'is_service']).execute();
    expect(overview.map((entry) => entry.userId).sort()).toEqual(
      all
        .filter((user) => !user.is_service)
        .map((user) => user.id)
        .sort(),
    );
  });
});
