import { describe, expect, it } from 'vitest';
import {
  buildGrants,
  type GrantRow,
  grantsAllow,
  listGrants,
  NO_GRANTS,
  permissionKind,
} from './permission-rules';

const root = (permission: string): GrantRow => ({ project: null, permission, environment: '' });
const inProject = (project: string, permission: string, environment = ''): GrantRow => ({
  project,
  permission,
  environment,
});

describe('permission resolution', () => {
  it('knows the kind of every permission name', () => {
    expect(permissionKind('ADMIN')).toBe('root');
    expect(permissionKind('CREATE_FEATURE')).toBe('project');
    expect(permissionKind('UPDATE_FEATURE_STRATEGY')).toBe('environment');
    expect(permissionKind('AUTHENTICATED')).toBe('pseudo');
    expect(permissionKind('NOT_A_PERMISSION')).toBeUndefined();
  });

  it('lets ADMIN pass every check', () => {
    const grants = buildGrants([root('ADMIN')]);
    expect(grants.admin).toBe(true);
    expect(grantsAllow(grants, 'CREATE_FEATURE', { project: 'anything' })).toBe(true);
    expect(grantsAllow(grants, 'APPLY_CHANGE_REQUEST', { project: 'x', environment: 'prod' })).toBe(true);
  });

  it('applies root permissions everywhere, but not to an empty grant set', () => {
    const grants = buildGrants([root('CREATE_SEGMENT')]);
    expect(grantsAllow(grants, 'CREATE_SEGMENT')).toBe(true);
    expect(grantsAllow(grants, 'DELETE_SEGMENT')).toBe(false);
    expect(grantsAllow(NO_GRANTS, 'CREATE_SEGMENT')).toBe(false);
  });

  it("applies a root role's project permissions to the default project only (Editor)", () => {
    const grants = buildGrants([root('CREATE_FEATURE'), root('UPDATE_FEATURE_STRATEGY')]);
    expect(grantsAllow(grants, 'CREATE_FEATURE', { project: 'default' })).toBe(true);
    expect(grantsAllow(grants, 'CREATE_FEATURE')).toBe(true);
    expect(grantsAllow(grants, 'CREATE_FEATURE', { project: 'other' })).toBe(false);
    expect(
      grantsAllow(grants, 'UPDATE_FEATURE_STRATEGY', { project: 'default', environment: 'production' }),
    ).toBe(true);
    expect(
      grantsAllow(grants, 'UPDATE_FEATURE_STRATEGY', { project: 'other', environment: 'production' }),
    ).toBe(false);
  });

  it('never lets a project role hold a root permission', () => {
    expect(grantsAllow(buildGrants([inProject('p1', 'ADMIN')]), 'ADMIN')).toBe(false);
    expect(grantsAllow(buildGrants([inProject('p1', 'CREATE_PROJECT')]), 'CREATE_PROJECT')).toBe(false);
  });

  it('scopes project roles to their project', () => {
    const grants = buildGrants([inProject('p1', 'UPDATE_FEATURE')]);
    expect(grantsAllow(grants, 'UPDATE_FEATURE', { project: 'p1' })).toBe(true);
    expect(grantsAllow(grants, 'UPDATE_FEATURE', { project: 'p2' })).toBe(false);
    expect(grantsAllow(grants, 'UPDATE_FEATURE')).toBe(false);
  });

  it('matches environment permissions per environment, * meaning all', () => {
    const grants = buildGrants([
      inProject('p1', 'UPDATE_FEATURE_ENVIRONMENT', 'development'),
      inProject('p2', 'UPDATE_FEATURE_ENVIRONMENT', '*'),
    ]);
    expect(
      grantsAllow(grants, 'UPDATE_FEATURE_ENVIRONMENT', { project: 'p1', environment: 'development' }),
    ).toBe(true);
    expect(
      grantsAllow(grants, 'UPDATE_FEATURE_ENVIRONMENT', { project: 'p1', environment: 'production' }),
    ).toBe(false);
    expect(
      grantsAllow(grants, 'UPDATE_FEATURE_ENVIRONMENT', { project: 'p2', environment: 'anything' }),
    ).toBe(true);
    // Without an environment, holding it in any environment of the project counts.
    expect(grantsAllow(grants, 'UPDATE_FEATURE_ENVIRONMENT', { project: 'p1' })).toBe(true);
  });

  it('lets UPDATE_PROJECT imply the project access, settings and default-strategy permissions', () => {
    const grants = buildGrants([inProject('p1', 'UPDATE_PROJECT')]);
    for (const permission of [
      'PROJECT_USER_ACCESS_READ',
      'PROJECT_USER_ACCESS_WRITE',
      'PROJECT_SETTINGS_WRITE',
    ] as const) {
      expect(grantsAllow(grants, permission, { project: 'p1' })).toBe(true);
      expect(grantsAllow(grants, permission, { project: 'p2' })).toBe(false);
    }
  });

  it('never grants pseudo permissions (the guard decides those)', () => {
    expect(grantsAllow(buildGrants([root('ADMIN')]), 'AUTHENTICATED')).toBe(true);
    expect(grantsAllow(buildGrants([root('CREATE_SEGMENT')]), 'AUTHENTICATED')).toBe(false);
  });

  it('flattens grants for the me endpoint', () => {
    const grants = buildGrants([
      root('READ_ROLE'),
      inProject('p1', 'CREATE_FEATURE'),
      inProject('p1', 'UPDATE_FEATURE_STRATEGY', 'dev'),
    ]);
    expect(listGrants(grants)).toEqual([
      { permission: 'READ_ROLE' },
      { permission: 'CREATE_FEATURE', project: 'p1' },
      { permission: 'UPDATE_FEATURE_STRATEGY', project: 'p1', environment: 'dev' },
    ]);
  });
});
