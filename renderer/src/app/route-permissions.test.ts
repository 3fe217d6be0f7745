import { describe, expect, it } from 'vitest';
import { routeAllowed } from './route-permissions';

const users = { path: '/admin/users' };
const flags = { path: '/features' };

describe('routeAllowed', () => {
  it('offers screens that need no permission whatever is known', () => {
    expect(routeAllowed(undefined, flags)).toBe(true);
    expect(routeAllowed([], flags)).toBe(true);
  });

  it('holds back a guarded screen until the grants are known, then follows them', () => {
    expect(routeAllowed(undefined, users)).toBe(false);
    expect(routeAllowed([{ permission: 'CREATE_FEATURE', project: 'default' }], users)).toBe(false);
    expect(routeAllowed([{ permission: 'ADMIN' }], users)).toBe(true);
  });

  it('lets the server decide when it has no identity API', () => {
    expect(routeAllowed(null, users)).toBe(true);
  });
});
