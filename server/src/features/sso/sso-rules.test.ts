import { describe, expect, it } from 'vitest';
import {
  emailDomainAllowed,
  groupsFromClaim,
  isLoopbackRedirect,
  planGroupSync,
  safeRedirectPath,
  valueAtPath,
} from './sso-rules';

describe('single sign-on rules', () => {
  it('allows any domain without a list, else only listed ones (case and @ ignored)', () => {
    expect(emailDomainAllowed('a@x.org', undefined)).toBe(true);
    expect(emailDomainAllowed('a@x.org', ' ')).toBe(true);
    expect(emailDomainAllowed('a@Example.com', 'example.com, @corp.io')).toBe(true);
    expect(emailDomainAllowed('a@corp.io', 'example.com, @corp.io')).toBe(true);
    expect(emailDomainAllowed('a@sub.example.com', 'example.com')).toBe(false);
    expect(emailDomainAllowed('no-at-sign', 'example.com')).toBe(false);
  });

  it('adds mapped groups the identity names and removes mapped ones it no longer names', () => {
    const groups = [
      { id: 1, mappingsSSO: ['dev'] },
      { id: 2, mappingsSSO: ['ops', 'sre'] },
      { id: 3, mappingsSSO: [] },
    ];
    expect(planGroupSync(groups, new Set([2, 3]), ['dev'])).toEqual({ add: [1], remove: [2] });
    expect(planGroupSync(groups, new Set([1]), ['dev', 'sre'])).toEqual({ add: [2], remove: [] });
    expect(planGroupSync(groups, new Set([3]), [])).toEqual({ add: [], remove: [] });
  });

  it('reads groups from lists, comma-separated strings and dotted paths', () => {
    expect(groupsFromClaim(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(groupsFromClaim('a, b')).toEqual(['a', 'b']);
    expect(groupsFromClaim(undefined)).toBeUndefined();
    expect(valueAtPath({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x']);
    expect(valueAtPath({ a: 'x' }, 'a.b')).toBeUndefined();
  });

  it('follows same-origin paths only, and desktop redirects to loopback IP literals only', () => {
    expect(safeRedirectPath('/projects', '')).toBe('/projects');
    expect(safeRedirectPath('//evil.example', '')).toBe('/');
    expect(safeRedirectPath('https://evil.example', '/base')).toBe('/base/');
    expect(safeRedirectPath('/\\evil.example', '')).toBe('/');
    expect(isLoopbackRedirect('http://127.0.0.1:5000/cb')).toBe(true);
    expect(isLoopbackRedirect('http://[::1]:5000/cb')).toBe(true);
    expect(isLoopbackRedirect('http://localhost:5000/cb')).toBe(false);
    expect(isLoopbackRedirect('https://127.0.0.1:5000/cb')).toBe(false);
    expect(isLoopbackRedirect('http://127.0.0.1/cb')).toBe(false);
  });
});
