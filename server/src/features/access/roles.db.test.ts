import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

describe('roles and permissions', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());

  it('lists the built-in roles with Unleash ids', async () => {
    const response = await t.request('GET', '/api/admin/roles');
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(1);
    expect(
      response.json().roles.map((r: { id: number; name: string; type: string }) => [r.id, r.name, r.type]),
    ).toEqual([
      [1, 'Admin', 'root'],
      [2, 'Editor', 'root'],
      [3, 'Viewer', 'root'],
      [4, 'Owner', 'project'],
      [5, 'Member', 'project'],
      [6, 'Reader', 'project'],
    ]);
  });

  it('shows a role with its permissions: Member has the flag work, per environment', async () => {
    const member = (await t.request('GET', '/api/admin/roles/5')).json();
    const names = member.permissions.map((p: { name: string; environment?: string }) =>
      p.environment ? `${p.name}@${p.environment}` : p.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['CREATE_FEATURE', 'UPDATE_FEATURE_VARIANTS', 'UPDATE_FEATURE_STRATEGY@*']),
    );
    expect(names).not.toContain('UPDATE_PROJECT');
    expect((await t.request('GET', '/api/admin/roles/3')).json().permissions).toEqual([]);
    expect((await t.request('GET', '/api/admin/roles/999')).statusCode).toBe(404);
  });

  it('gives no built-in role a change-request permission: only admins and custom roles approve', async () => {
    // Unleash's docs: none of the predefined roles has a change-request permission (issue 31 §2).
    const changeRequestPermissions = [
      'APPROVE_CHANGE_REQUEST',
      'APPLY_CHANGE_REQUEST',
      'SKIP_CHANGE_REQUEST',
    ];
    for (const id of [2, 3, 4, 5, 6]) {
      const role = (await t.request('GET', `/api/admin/roles/${id}`)).json();
      const names = role.permissions.map((p: { name: string }) => p.name);
      expect({ id, held: names.filter((name: string) => changeRequestPermissions.includes(name)) }).toEqual({
        id,
        held: [],
      });
    }
    expect(
      (await t.request('GET', '/api/admin/roles/1')).json().permissions.map((p: { name: string }) => p.name),
    ).toEqual(['ADMIN']);
  });

  it('lists the permission catalogue with one entry per environment', async () => {
    const body = (await t.request('GET', '/api/admin/permissions')).json();
    expect(body.version).toBe(1);
    expect(body.permissions.root.map((p: { name: string }) => p.name)).toContain('CREATE_SEGMENT');
    expect(body.permissions.project.map((p: { name: string }) => p.name)).toContain('CREATE_FEATURE');
    expect(body.permissions.environments.map((e: { name: string }) => e.name)).toEqual([
      'development',
      'production',
    ]);
    expect(body.permissions.environments[0].permissions[0]).toMatchObject({
      environment: 'development',
      type: 'environment',
    });
  });

  it('creates a custom root role that grants its permissions, with a role-created event', async () => {
    const created = await t.request('POST', '/api/admin/roles', {
      name: 'Segment manager',
      description: 'Manages segments',
      type: 'root-custom',
      permissions: [{ name: 'CREATE_SEGMENT' }, { name: 'UPDATE_SEGMENT' }],
    });
    expect(created.statusCode).toBe(200);
    const role = created.json().roles;
    expect(role).toMatchObject({
      name: 'Segment manager',
      type: 'root-custom',
      description: 'Manages segments',
    });
    expect(role.id).toBeGreaterThan(6);
    const [event] = await eventsOfType(t, 'role-created');
    expect(event?.data).toMatchObject({
      id: role.id,
      permissions: [{ name: 'CREATE_SEGMENT' }, { name: 'UPDATE_SEGMENT' }],
    });

    await createUser(t, { username: 'segmenter', rootRole: role.id });
    const me = (await as(t, { cookie: await login(t, 'segmenter') })('GET', '/api/admin/user')).json();
    expect(me.permissions).toEqual([{ permission: 'CREATE_SEGMENT' }, { permission: 'UPDATE_SEGMENT' }]);
  });

  it('creates a custom project role with environment permissions', async () => {
    const created = await t.request('POST', '/api/admin/roles', {
      name: 'Releaser',
      type: 'custom',
      permissions: [
        { name: 'UPDATE_FEATURE' },
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' },
      ],
    });
    expect(created.statusCode).toBe(200);
    const detail = (await t.request('GET', `/api/admin/roles/${created.json().roles.id}`)).json();
    expect(
      detail.permissions.map((p: { name: string; environment?: string }) => [p.name, p.environment]),
    ).toEqual([
      ['UPDATE_FEATURE', undefined],
      ['UPDATE_FEATURE_ENVIRONMENT', 'production'],
    ]);
  });

  it.each([
    [{ name: 'Bad root', type: 'root-custom', permissions: [{ name: 'CREATE_FEATURE' }] }, 400],
    [{ name: 'Bad project', type: 'custom', permissions: [{ name: 'CREATE_SEGMENT' }] }, 400],
    [{ name: 'No env', type: 'custom', permissions: [{ name: 'UPDATE_FEATURE_STRATEGY' }] }, 400],
    [
      {
        name: 'Bad env',
        type: 'custom',
        permissions: [{ name: 'UPDATE_FEATURE_STRATEGY', environment: 'nope' }],
      },
      400,
    ],
    [{ name: 'Unknown', permissions: [{ name: 'FLY' }] }, 400],
    [{ name: 'editor' }, 409],
    [{ name: 'Bad type', type: 'root' }, 400],
  ])('refuses %j with %i', async (body, status) => {
    expect((await t.request('POST', '/api/admin/roles', body)).statusCode).toBe(status);
    expect((await t.request('POST', '/api/admin/roles/validate', body)).statusCode).toBe(status);
  });

  it('validates a free name with 200', async () => {
    expect((await t.request('POST', '/api/admin/roles/validate', { name: 'Totally new' })).statusCode).toBe(
      200,
    );
  });

  it('updates a custom role; built-in roles cannot be renamed or deleted', async () => {
    const id = (await t.request('POST', '/api/admin/roles', { name: 'Temp', type: 'custom' })).json().roles
      .id;
    const updated = await t.request('PUT', `/api/admin/roles/${id}`, {
      name: 'Temp renamed',
      permissions: [{ name: 'CREATE_FEATURE' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().roles).toMatchObject({ id, name: 'Temp renamed', type: 'custom' });
    const [event] = await eventsOfType(t, 'role-updated');
    expect(event?.pre_data).toMatchObject({ name: 'Temp', permissions: [] });
    expect(event?.data).toMatchObject({ name: 'Temp renamed', permissions: [{ name: 'CREATE_FEATURE' }] });
    expect((await t.request('PUT', `/api/admin/roles/${id}`, { name: 'Owner' })).statusCode).toBe(409);
    expect((await t.request('PUT', '/api/admin/roles/2', { name: 'Chief' })).statusCode).toBe(400);
    expect((await t.request('DELETE', '/api/admin/roles/4')).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/admin/roles/999', { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses to delete a role in use (RoleInUseError) and deletes a free one', async () => {
    const id = (
      await t.request('POST', '/api/admin/roles', { name: 'Used root', type: 'root-custom' })
    ).json().roles.id;
    const userId = await createUser(t, { username: 'holder', rootRole: id });
    const inUse = await t.request('DELETE', `/api/admin/roles/${id}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().name).toBe('RoleInUseError');
    await t.request('PUT', `/api/admin/user-admin/${userId}`, { rootRole: 3 });
    expect((await t.request('DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(200);
    const [event] = await eventsOfType(t, 'role-deleted');
    expect(event?.pre_data).toMatchObject({ id, name: 'Used root' });
    expect((await t.request('DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(404);
  });

  it('lets only admins write roles', async () => {
    await createUser(t, { username: 'editor', rootRole: 'Editor' });
    const editor = as(t, { cookie: await login(t, 'editor') });
    expect((await editor('GET', '/api/admin/roles')).statusCode).toBe(200);
    const denied = await editor('POST', '/api/admin/roles', { name: 'Sneaky' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().permissions).toEqual(['ADMIN']);
  });
});
