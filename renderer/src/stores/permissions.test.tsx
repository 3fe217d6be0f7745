import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../test-utils/fake-server';
import { renderWithConsole } from '../test-utils/render';
import { holdsPermission, permissionReason, usePermission } from './permissions';

// Grants as GET /api/admin/user lists them: an Editor-like root role (its project and
// environment permissions land on `default`), an Owner of `shop`, and approval in `shop`'s production.
const editor = [
  { permission: 'CREATE_PROJECT' },
  { permission: 'CREATE_FEATURE', project: 'default' },
  { permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: '*' },
  { permission: 'UPDATE_PROJECT', project: 'shop' },
  { permission: 'APPROVE_CHANGE_REQUEST', project: 'shop', environment: 'production' },
];

describe('holdsPermission', () => {
  it('is unknown without grants, so the server decides', () => {
    expect(holdsPermission(undefined, 'ADMIN')).toBeNull();
  });

  it('gives an admin everything, anywhere', () => {
    const admin = [{ permission: 'ADMIN' }];
    expect(holdsPermission(admin, 'UPDATE_CORS')).toBe(true);
    expect(holdsPermission(admin, 'DELETE_FEATURE', { project: 'shop' })).toBe(true);
    expect(holdsPermission(admin, 'APPLY_CHANGE_REQUEST', { project: 'x', environment: 'production' })).toBe(
      true,
    );
  });

  it('reads root permissions from grants without a project only', () => {
    expect(holdsPermission(editor, 'CREATE_PROJECT')).toBe(true);
    expect(holdsPermission(editor, 'CREATE_SEGMENT')).toBe(false);
    expect(holdsPermission([{ permission: 'CREATE_SEGMENT', project: 'shop' }], 'CREATE_SEGMENT')).toBe(
      false,
    );
    // A project ADMIN is no such thing: only the root grant makes an admin.
    expect(holdsPermission([{ permission: 'ADMIN', project: 'shop' }], 'CREATE_PROJECT')).toBe(false);
  });

  it('scopes project permissions to their project, `default` when none is named', () => {
    expect(holdsPermission(editor, 'CREATE_FEATURE')).toBe(true);
    expect(holdsPermission(editor, 'CREATE_FEATURE', { project: 'default' })).toBe(true);
    expect(holdsPermission(editor, 'CREATE_FEATURE', { project: 'shop' })).toBe(false);
    expect(holdsPermission(editor, 'UPDATE_PROJECT', { project: 'shop' })).toBe(true);
    expect(holdsPermission(editor, 'UPDATE_PROJECT', { anyProject: true })).toBe(true);
    expect(holdsPermission(editor, 'DELETE_PROJECT', { anyProject: true })).toBe(false);
  });

  it('scopes environment permissions to an environment or `*`, and to any when none is named', () => {
    const toggle = 'UPDATE_FEATURE_ENVIRONMENT';
    expect(holdsPermission(editor, toggle, { project: 'default', environment: 'production' })).toBe(true);
    expect(holdsPermission(editor, toggle, { project: 'shop', environment: 'production' })).toBe(false);
    const approve = 'APPROVE_CHANGE_REQUEST';
    expect(holdsPermission(editor, approve, { project: 'shop', environment: 'production' })).toBe(true);
    expect(holdsPermission(editor, approve, { project: 'shop', environment: 'development' })).toBe(false);
    expect(holdsPermission(editor, approve, { project: 'shop' })).toBe(true);
  });

  it('accepts any of several permissions', () => {
    expect(holdsPermission(editor, ['CREATE_SEGMENT', 'CREATE_PROJECT'])).toBe(true);
    expect(holdsPermission(editor, ['CREATE_SEGMENT', 'UPDATE_CORS'])).toBe(false);
  });
});

describe('permissionReason', () => {
  it('names the permission and where it is missing, and nothing when allowed or unknown', () => {
    expect(permissionReason(true, 'ADMIN')).toBeNull();
    expect(permissionReason(null, 'ADMIN')).toBeNull();
    expect(
      permissionReason(false, 'UPDATE_FEATURE_ENVIRONMENT', { project: 'shop', environment: 'production' }),
    ).toBe(
      'You need the UPDATE_FEATURE_ENVIRONMENT permission in production of project shop. Ask an admin for a role that grants it.',
    );
  });
});

function Probe() {
  const create = usePermission('CREATE_FEATURE', { project: 'shop' });
  const toggle = usePermission('UPDATE_FEATURE_ENVIRONMENT', {
    project: 'default',
    environment: 'production',
  });
  return <p>{`create:${String(create)} toggle:${String(toggle)}`}</p>;
}

describe('usePermission', () => {
  it('answers from the signed-in user’s grants, asked for once', async () => {
    const server = createFakeServer().on('GET', '/api/admin/user', {
      user: { id: 7, name: 'Eddie', username: 'eddie' },
      permissions: editor,
    });
    await renderWithConsole(<Probe />, { server });
    await waitFor(() => expect(screen.getByText('create:false toggle:true')).toBeTruthy());
  });
});
