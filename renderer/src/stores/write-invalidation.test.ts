import { describe, expect, it } from 'vitest';
import { mayChange } from './write-invalidation';

const toggle = {
  kind: 'flag-environment',
  request: { path: '/api/admin/projects/default/features/checkout/environments/production/on' },
};

describe('which queries a write may change', () => {
  it('a flag write: that flag’s own reads and every list, not another flag’s reads', () => {
    expect(mayChange(toggle, 'flag:default/checkout')).toBe(true);
    expect(mayChange(toggle, 'flag-variants:default/checkout/production')).toBe(true);
    expect(mayChange(toggle, 'flag-events:checkout')).toBe(true);
    expect(
      mayChange(toggle, '/api/admin/projects/default/features/checkout/environments/development/strategies'),
    ).toBe(true);
    expect(mayChange(toggle, 'flag:default/checkout-v2')).toBe(false);
    expect(mayChange(toggle, 'flag-tags:payments')).toBe(false);
    expect(mayChange(toggle, 'project-flags:{"query":""}')).toBe(true);
    expect(mayChange(toggle, 'projects')).toBe(true);
  });

  it('an edit of one section of a flag page: that section, the flag and its history', () => {
    const stale = { kind: 'flag-stale', request: { path: '/api/admin/projects/default/features/checkout' } };
    expect(mayChange(stale, 'flag:default/checkout')).toBe(true);
    expect(mayChange(stale, 'flag-events:checkout')).toBe(true);
    expect(mayChange(stale, 'flag-variants:default/checkout/production')).toBe(false);
    expect(mayChange(stale, 'flag-tags:checkout')).toBe(false);
    const tag = { kind: 'flag-tag', request: { path: '/api/admin/features/checkout/tags' } };
    expect(mayChange(tag, 'flag-tags:checkout')).toBe(true);
    expect(mayChange(tag, 'flag:default/checkout')).toBe(false);
    expect(
      mayChange(tag, '/api/admin/projects/default/features/checkout/environments/development/strategies'),
    ).toBe(false);
  });

  it('catalogues only change with writes of their own kind; metrics never', () => {
    expect(mayChange(toggle, 'context-fields')).toBe(false);
    expect(mayChange(toggle, 'strategy-definitions')).toBe(false);
    expect(mayChange(toggle, 'flag-metrics:checkout:48')).toBe(false);
    const field = { kind: 'context-field', request: { path: '/api/admin/context/region' } };
    expect(mayChange(field, 'context-fields')).toBe(true);
    expect(mayChange(field, 'segments')).toBe(false);
  });

  it('a write naming no flag (creating one, a project) may change any flag’s reads', () => {
    const create = { kind: 'flag', request: { path: '/api/admin/projects/default/features' } };
    expect(mayChange(create, 'flag:default/checkout')).toBe(true);
    const validate = { kind: 'check', request: { path: '/api/admin/features/validate' } };
    expect(mayChange(validate, 'flag:default/checkout')).toBe(true);
  });
});
