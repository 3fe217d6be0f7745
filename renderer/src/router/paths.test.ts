import { describe, expect, it } from 'vitest';
import { flagOfPath, LEGACY_ROOTS, pathOfLegacyHash, safeRedirect, withQuery } from './paths';

/** Every path the hash router knew before issue 24, and where it leads now. */
const OLD_TO_NEW: [string, string][] = [
  ['#/', '/features'],
  ['#/projects', '/projects'],
  ['#/projects/default', '/projects/default'],
  ['#/flags', '/features'],
  ['#/flags?project=web&page=2', '/features?project=web&page=2'],
  ['#/flags/default/checkout', '/projects/default/features/checkout'],
  ['#/flags/my%20project/a.b', '/projects/my%20project/features/a.b'],
  ['#/segments', '/segments'],
  ['#/context-fields', '/context'],
  ['#/environments', '/environments'],
  ['#/tag-types', '/tag-types'],
  ['#/feature-types', '/feature-toggle-type'],
  ['#/api-tokens', '/admin/api'],
  ['#/personal-access-tokens', '/profile/personal-api-tokens'],
  ['#/users', '/admin/users'],
  ['#/roles', '/admin/roles'],
  ['#/groups', '/admin/groups'],
  ['#/service-accounts', '/admin/service-accounts'],
  ['#/invite-links', '/admin/invite-links'],
  ['#/events', '/history'],
  ['#/events?type=feature-created&createdBy=ops', '/history?type=feature-created&createdBy=ops'],
  ['#/applications', '/applications'],
  ['#/applications/checkout%20web', '/applications/checkout%20web'],
  ['#/outbox', '/console/pending-edits'],
  ['#/connections', '/console/connections'],
  ['#/server', '/console/server'],
  ['#/server-logs', '/console/server-logs'],
  ['#/updates', '/console/updates'],
];

describe('console paths', () => {
  it.each(OLD_TO_NEW)('redirects the old link %s to %s', (hash, path) => {
    expect(pathOfLegacyHash(hash)).toBe(path);
  });

  it('leaves hashes that were never routes alone', () => {
    expect(pathOfLegacyHash('')).toBeNull();
    expect(pathOfLegacyHash('#section')).toBeNull();
    expect(pathOfLegacyHash('#/nowhere')).toBeNull();
    expect(pathOfLegacyHash('#/flags/%E0%A4%A/x')).toBeNull();
  });

  it('redirects old server paths only where the screen moved', () => {
    expect(LEGACY_ROOTS).toContain('flags');
    expect(LEGACY_ROOTS).toContain('events');
    expect(LEGACY_ROOTS).not.toContain('projects');
    expect(LEGACY_ROOTS).not.toContain('applications');
  });

  it("reads a flag from Unleash's path, tabs included", () => {
    expect(flagOfPath('/projects/default/features/my-flag')).toEqual({ project: 'default', name: 'my-flag' });
    expect(flagOfPath('/projects/default/features/my-flag/metrics')).toEqual({
      project: 'default',
      name: 'my-flag',
    });
    expect(flagOfPath('/projects/my%20project/features/a.b')).toEqual({ project: 'my project', name: 'a.b' });
    expect(flagOfPath('/projects/default')).toBeNull();
    expect(flagOfPath('/projects/default/settings')).toBeNull();
    expect(flagOfPath('/projects/default/features')).toBeNull();
    expect(flagOfPath('/features/x')).toBeNull();
  });

  it('accepts only same-origin relative paths as the sign-in redirect', () => {
    expect(safeRedirect('/history?type=feature-created')).toBe('/history?type=feature-created');
    expect(safeRedirect('/projects/default/features/x')).toBe('/projects/default/features/x');
    for (const unsafe of [
      null,
      '',
      'history',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
      '/new-user?invite=x',
      '/x\ny',
    ]) {
      expect(safeRedirect(unsafe), String(unsafe)).toBeNull();
    }
  });

  it('drops empty query values', () => {
    expect(withQuery('/features', { query: 'a b&c', project: null, page: 2, type: '' })).toBe(
      '/features?query=a+b%26c&page=2',
    );
    expect(withQuery('history')).toBe('/history');
  });
});
